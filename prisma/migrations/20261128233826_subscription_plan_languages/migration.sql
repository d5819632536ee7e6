-- AlterTable
ALTER TABLE "subscription_plans" ADD COLUMN     "description_en" TEXT,
ADD COLUMN     "description_fr" TEXT,
ADD COLUMN     "name_en" VARCHAR(100),
ADD COLUMN     "name_fr" VARCHAR(100);

-- The demo plans get their English and French texts where an admin has not renamed them.
UPDATE "subscription_plans" SET "name_en" = 'Free', "name_fr" = 'Gratuit' WHERE "key" = 'free' AND "name" = 'Бесплатный';
UPDATE "subscription_plans" SET "name_en" = 'Basic', "name_fr" = 'Basique' WHERE "key" = 'basic' AND "name" = 'Базовый';
UPDATE "subscription_plans" SET "name_en" = 'Professional', "name_fr" = 'Professionnel' WHERE "key" = 'professional' AND "name" = 'Профессиональный';
UPDATE "subscription_plans" SET "name_en" = 'Enterprise', "name_fr" = 'Entreprise' WHERE "key" = 'enterprise' AND "name" = 'Корпоративный';
UPDATE "subscription_plans" SET "description_en" = 'For small meetings', "description_fr" = 'Pour les petites réunions' WHERE "key" = 'free' AND "description" = 'Для небольших встреч';
UPDATE "subscription_plans" SET "description_en" = 'For small teams', "description_fr" = 'Pour les petites équipes' WHERE "key" = 'basic' AND "description" = 'Для небольших команд';
UPDATE "subscription_plans" SET "description_en" = 'For companies and schools', "description_fr" = 'Pour les entreprises et les écoles' WHERE "key" = 'professional' AND "description" = 'Для компаний и школ';
UPDATE "subscription_plans" SET "description_en" = 'For large organisations, more than 500 participants', "description_fr" = 'Pour les grandes organisations, plus de 500 participants' WHERE "key" = 'enterprise' AND "description" = 'Для крупных организаций, более 500 участников';
