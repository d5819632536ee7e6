-- CreateEnum
CREATE TYPE "RecordingStatus" AS ENUM ('recording', 'ready');

-- AlterEnum
ALTER TYPE "StoredFileKind" ADD VALUE 'recording';

-- AlterTable
ALTER TABLE "recordings" ADD COLUMN     "ended_at" TIMESTAMP(3),
ADD COLUMN     "mime_type" VARCHAR(64) NOT NULL DEFAULT 'video/webm',
ADD COLUMN     "next_sequence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "status" "RecordingStatus" NOT NULL DEFAULT 'recording',
ADD COLUMN     "title" VARCHAR(200) NOT NULL DEFAULT '',
ALTER COLUMN "size" SET DEFAULT 0,
ALTER COLUMN "duration_seconds" SET DEFAULT 0;

-- Rows from before: finished recordings.
UPDATE "recordings" SET "status" = 'ready';
