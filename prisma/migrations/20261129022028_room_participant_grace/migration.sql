-- AlterTable
ALTER TABLE "room_participants" ADD COLUMN IF NOT EXISTS "grace_ends_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX IF NOT EXISTS "room_participants_left_at_grace_ends_at_idx" ON "room_participants"("left_at", "grace_ends_at");

-- Stays marked away before the grace was kept here had it only in the memory of a process: one that
-- restarted since left them open for ever (a dimmed tile). Their grace is taken to have ended when they
-- went away, so the first sweep after this (services/callPresence.ts) ends them as their timer would have.
UPDATE "room_participants" SET "grace_ends_at" = "away_at"
WHERE "left_at" IS NULL AND "away_at" IS NOT NULL AND "grace_ends_at" IS NULL;
