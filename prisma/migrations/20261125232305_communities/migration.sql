-- CreateEnum
CREATE TYPE "community_join_policy" AS ENUM ('open', 'by_request');

-- CreateEnum
CREATE TYPE "community_role" AS ENUM ('owner', 'moderator', 'member');

-- AlterTable
ALTER TABLE "publications" ADD COLUMN     "community_id" INTEGER;

-- CreateTable
CREATE TABLE "communities" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "description" VARCHAR(2000) NOT NULL DEFAULT '',
    "avatar_image" TEXT,
    "join_policy" "community_join_policy" NOT NULL DEFAULT 'open',
    "members_count" INTEGER NOT NULL DEFAULT 0,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "communities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "community_members" (
    "id" SERIAL NOT NULL,
    "community_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "role" "community_role" NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "community_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "community_join_requests" (
    "id" SERIAL NOT NULL,
    "community_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "community_join_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "communities_members_count_id_idx" ON "communities"("members_count" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "community_members_community_id_id_idx" ON "community_members"("community_id", "id");

-- CreateIndex
CREATE INDEX "community_members_user_id_id_idx" ON "community_members"("user_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "community_members_community_id_user_id_key" ON "community_members"("community_id", "user_id");

-- CreateIndex
CREATE INDEX "community_join_requests_community_id_id_idx" ON "community_join_requests"("community_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "community_join_requests_community_id_user_id_key" ON "community_join_requests"("community_id", "user_id");

-- CreateIndex
CREATE INDEX "publications_community_id_created_at_idx" ON "publications"("community_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "publications" ADD CONSTRAINT "publications_community_id_fkey" FOREIGN KEY ("community_id") REFERENCES "communities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "communities" ADD CONSTRAINT "communities_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_community_id_fkey" FOREIGN KEY ("community_id") REFERENCES "communities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "community_join_requests" ADD CONSTRAINT "community_join_requests_community_id_fkey" FOREIGN KEY ("community_id") REFERENCES "communities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "community_join_requests" ADD CONSTRAINT "community_join_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (see migration *_search): community names and descriptions, 'simple' like member
-- and tag names, matched by word prefix in the search box.
ALTER TABLE "communities" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('pg_catalog.simple'::regconfig, "name" || ' ' || "description")
) STORED;

-- CreateIndex
CREATE INDEX "communities_search_vector_idx" ON "communities" USING GIN ("search_vector");
