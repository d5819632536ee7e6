-- AlterTable
-- IF NOT EXISTS: written at the same second as 20261128233826_subscription_plan_languages, whose diff
-- picked this column up from the shared working tree too.
ALTER TABLE "room_participants" ADD COLUMN IF NOT EXISTS "away_at" TIMESTAMP(3);
