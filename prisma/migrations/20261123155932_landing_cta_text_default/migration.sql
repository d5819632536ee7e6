-- AlterTable
ALTER TABLE "landing_pages" ALTER COLUMN "cta_text" DROP NOT NULL,
ALTER COLUMN "cta_text" DROP DEFAULT;
