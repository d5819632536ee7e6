-- AlterTable
ALTER TABLE "users" ADD COLUMN     "tour_completed_at" TIMESTAMP(3);
