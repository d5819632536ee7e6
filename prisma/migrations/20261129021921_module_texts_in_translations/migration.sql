-- AlterTable
ALTER TABLE "modules" ADD COLUMN IF NOT EXISTS "texts_in_translations" BOOLEAN NOT NULL DEFAULT false;

-- Packages installed before module_texts (20261129001357) left their texts as rows of "translations".
-- Which rows are whose only the stored zip says, so the server moves them at start
-- (server/src/services/legacyModuleTexts.ts); here it only learns which modules to read. A package
-- installed since then with texts has them in module_texts; one without texts is read once for nothing.
UPDATE "modules" SET "texts_in_translations" = true
WHERE "package_file" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "module_texts" WHERE "module_texts"."module_id" = "modules"."id");
