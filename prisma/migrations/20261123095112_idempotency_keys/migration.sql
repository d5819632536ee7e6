-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "idempotency_key" VARCHAR(100);

-- AlterTable
ALTER TABLE "publication_comments" ADD COLUMN     "idempotency_key" VARCHAR(100);

-- AlterTable
ALTER TABLE "publications" ADD COLUMN     "idempotency_key" VARCHAR(100);

-- AlterTable
ALTER TABLE "room_chat_messages" ADD COLUMN     "idempotency_key" VARCHAR(100);

-- CreateIndex
CREATE UNIQUE INDEX "messages_sender_id_idempotency_key_key" ON "messages"("sender_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "publication_comments_author_id_idempotency_key_key" ON "publication_comments"("author_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "publications_author_id_idempotency_key_key" ON "publications"("author_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "room_chat_messages_sender_id_idempotency_key_key" ON "room_chat_messages"("sender_id", "idempotency_key");
