-- CreateEnum
CREATE TYPE "StoredFileKind" AS ENUM ('avatar', 'cover', 'publication', 'gallery', 'attachment', 'voice', 'room_file', 'branding', 'landing');

-- AlterTable
ALTER TABLE "media_files" ADD COLUMN     "display_name" VARCHAR(255),
ADD COLUMN     "kind" "StoredFileKind" NOT NULL;

-- CreateIndex
CREATE INDEX "media_files_kind_idx" ON "media_files"("kind");

-- Backfill: every file stored before the register existed gets its row (uploader, kind, size, type).
INSERT INTO "media_files" ("kind", "filename", "original_name", "mime_type", "size", "uploader_id", "created_at", "updated_at")
SELECT 'publication', "filename", COALESCE("original_name", "filename"), "mime_type", "size", "uploader_id", "created_at", CURRENT_TIMESTAMP
FROM "publication_media"
ON CONFLICT ("filename") DO NOTHING;

INSERT INTO "media_files" ("kind", "filename", "original_name", "mime_type", "size", "uploader_id", "created_at", "updated_at")
SELECT 'gallery', "filename", "filename", COALESCE("mime_type", 'application/octet-stream'), COALESCE("size", 0), "owner_id", "upload_date", CURRENT_TIMESTAMP
FROM "gallery_items"
ON CONFLICT ("filename") DO NOTHING;

INSERT INTO "media_files" ("kind", "filename", "original_name", "mime_type", "size", "uploader_id", "created_at", "updated_at")
SELECT 'attachment', a."filename", a."original_name", a."mime_type", a."size", m."sender_id", a."created_at", CURRENT_TIMESTAMP
FROM "message_attachments" a JOIN "messages" m ON m."id" = a."message_id"
ON CONFLICT ("filename") DO NOTHING;

INSERT INTO "media_files" ("kind", "filename", "original_name", "mime_type", "size", "uploader_id", "created_at", "updated_at")
SELECT 'voice', "voice_url", "voice_url",
  CASE WHEN "voice_url" LIKE '%.ogg' THEN 'audio/ogg' WHEN "voice_url" LIKE '%.mp4' THEN 'audio/mp4' ELSE 'audio/webm' END,
  COALESCE("voice_size", 0), "sender_id", "created_at", CURRENT_TIMESTAMP
FROM "room_chat_messages" WHERE "voice_url" IS NOT NULL
ON CONFLICT ("filename") DO NOTHING;

INSERT INTO "media_files" ("kind", "filename", "original_name", "mime_type", "size", "uploader_id", "created_at", "updated_at")
SELECT 'room_file', "filename", "original_name", "mime_type", "size", "uploader_id", "created_at", CURRENT_TIMESTAMP
FROM "room_files"
ON CONFLICT ("filename") DO NOTHING;

INSERT INTO "media_files" ("kind", "filename", "original_name", "mime_type", "size", "uploader_id", "created_at", "updated_at")
SELECT 'branding', "filename", "filename", "mime_type", "size", "uploaded_by_id", "created_at", CURRENT_TIMESTAMP
FROM "branding_assets"
ON CONFLICT ("filename") DO NOTHING;

-- Avatars and covers are kept as URLs (/uploads/<folder>/<name>); their sizes were not recorded (0).
INSERT INTO "media_files" ("kind", "filename", "original_name", "mime_type", "size", "uploader_id", "created_at", "updated_at")
SELECT image."kind"::"StoredFileKind", image."name", image."name",
  CASE WHEN image."name" LIKE '%.png' THEN 'image/png' WHEN image."name" LIKE '%.webp' THEN 'image/webp' ELSE 'image/jpeg' END,
  0, image."user_id", CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM (
  SELECT 'avatar' AS "kind", regexp_replace("avatar_image", '^.*/', '') AS "name", "id" AS "user_id" FROM "users" WHERE "avatar_image" LIKE '/uploads/avatars/%'
  UNION ALL
  SELECT 'cover', regexp_replace("cover_image", '^.*/', ''), "id" FROM "users" WHERE "cover_image" LIKE '/uploads/covers/%'
) image
ON CONFLICT ("filename") DO NOTHING;
