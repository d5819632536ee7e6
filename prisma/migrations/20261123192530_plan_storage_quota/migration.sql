-- AlterTable
ALTER TABLE "subscription_plans" ADD COLUMN     "storage_quota_mb" INTEGER NOT NULL DEFAULT 0;

-- Plans seeded before the quota existed get the defaults of services/subscriptions.ts (DEFAULT_PLANS).
UPDATE "subscription_plans" SET "storage_quota_mb" = 10240 WHERE "key" = 'professional';
UPDATE "subscription_plans" SET "storage_quota_mb" = 102400 WHERE "key" = 'enterprise';
