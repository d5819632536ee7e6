-- CreateEnum
CREATE TYPE "call_mode" AS ENUM ('mesh', 'sfu');

-- AlterTable
ALTER TABLE "rooms" ADD COLUMN     "call_epoch" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "call_mode" "call_mode" NOT NULL DEFAULT 'mesh';
