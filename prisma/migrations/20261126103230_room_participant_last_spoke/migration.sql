-- AlterTable
ALTER TABLE "room_participants" ADD COLUMN     "last_spoke_at" TIMESTAMP(3);
