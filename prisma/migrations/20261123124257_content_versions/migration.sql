-- CreateTable
CREATE TABLE "content_versions" (
    "id" SERIAL NOT NULL,
    "content_id" INTEGER NOT NULL,
    "editor_id" INTEGER,
    "title" VARCHAR(255) NOT NULL,
    "slug" VARCHAR(255) NOT NULL,
    "content" TEXT NOT NULL,
    "excerpt" TEXT,
    "content_type" "content_type" NOT NULL,
    "status" "content_status" NOT NULL,
    "category_id" INTEGER,
    "tag_ids" INTEGER[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "content_versions_content_id_created_at_idx" ON "content_versions"("content_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "content_versions_editor_id_idx" ON "content_versions"("editor_id");

-- AddForeignKey
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "content_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_editor_id_fkey" FOREIGN KEY ("editor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
