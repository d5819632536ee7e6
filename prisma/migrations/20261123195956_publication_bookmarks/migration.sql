-- CreateTable
CREATE TABLE "publication_bookmarks" (
    "id" SERIAL NOT NULL,
    "publication_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "publication_bookmarks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "publication_bookmarks_user_id_id_idx" ON "publication_bookmarks"("user_id", "id" DESC);

-- CreateIndex
CREATE INDEX "publication_bookmarks_publication_id_idx" ON "publication_bookmarks"("publication_id");

-- CreateIndex
CREATE UNIQUE INDEX "publication_bookmarks_user_id_publication_id_key" ON "publication_bookmarks"("user_id", "publication_id");

-- AddForeignKey
ALTER TABLE "publication_bookmarks" ADD CONSTRAINT "publication_bookmarks_publication_id_fkey" FOREIGN KEY ("publication_id") REFERENCES "publications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "publication_bookmarks" ADD CONSTRAINT "publication_bookmarks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
