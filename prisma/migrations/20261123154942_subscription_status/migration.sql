-- CreateEnum
CREATE TYPE "subscription_status" AS ENUM ('pending', 'active', 'inactive', 'expired');

-- DropIndex
DROP INDEX "user_subscriptions_user_id_active_created_at_idx";

-- AlterTable (existing requests keep their state: active stays active, the rest is pending)
ALTER TABLE "user_subscriptions" ADD COLUMN     "reminded_at" TIMESTAMP(3),
ADD COLUMN     "status" "subscription_status" NOT NULL DEFAULT 'pending';
UPDATE "user_subscriptions" SET "status" = 'active',
  "expires_at" = COALESCE("expires_at", COALESCE("activated_at", "created_at") + INTERVAL '1 month')
  WHERE "active";
ALTER TABLE "user_subscriptions" DROP COLUMN "active";

-- CreateIndex
CREATE INDEX "user_subscriptions_user_id_status_created_at_idx" ON "user_subscriptions"("user_id", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "user_subscriptions_status_expires_at_idx" ON "user_subscriptions"("status", "expires_at");
