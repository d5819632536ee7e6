-- AlterTable
ALTER TABLE "support_messages" ADD COLUMN     "priority" BOOLEAN NOT NULL DEFAULT false;
