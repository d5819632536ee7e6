-- AlterTable
ALTER TABLE "translations" ALTER COLUMN "value_ru" DROP NOT NULL;
