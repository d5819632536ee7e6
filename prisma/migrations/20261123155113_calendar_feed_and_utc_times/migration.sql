-- CreateEnum
CREATE TYPE "calendar_invitation_status" AS ENUM ('pending', 'accepted', 'declined');

-- DropIndex
DROP INDEX "calendar_events_owner_id_date_idx";

-- AlterTable
ALTER TABLE "calendar_event_participants" ADD COLUMN     "responded_at" TIMESTAMP(3),
ADD COLUMN     "status" "calendar_invitation_status" NOT NULL DEFAULT 'pending';

-- AlterTable: the start becomes one UTC instant (existing rows: their date and time, read as UTC)
ALTER TABLE "calendar_events" ADD COLUMN     "starts_at" TIMESTAMP(3);
UPDATE "calendar_events" SET "starts_at" = "date" + CAST("time" AS TIME);
ALTER TABLE "calendar_events" ALTER COLUMN "starts_at" SET NOT NULL,
DROP COLUMN "date",
DROP COLUMN "time";

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "calendar_feed_enabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "calendar_feed_token" VARCHAR(64);

-- CreateIndex
CREATE INDEX "calendar_events_owner_id_starts_at_idx" ON "calendar_events"("owner_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "users_calendar_feed_token_key" ON "users"("calendar_feed_token");
