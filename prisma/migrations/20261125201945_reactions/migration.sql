-- CreateEnum
CREATE TYPE "ReactionKind" AS ENUM ('THUMBS_UP', 'HEART', 'LAUGH', 'WOW', 'SAD', 'PARTY');

-- CreateTable
CREATE TABLE "publication_reactions" (
    "id" SERIAL NOT NULL,
    "publication_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "reaction" "ReactionKind" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "publication_reactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_reactions" (
    "id" SERIAL NOT NULL,
    "message_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "reaction" "ReactionKind" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_reactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "publication_reactions_publication_id_reaction_id_idx" ON "publication_reactions"("publication_id", "reaction", "id");

-- CreateIndex
CREATE INDEX "publication_reactions_user_id_idx" ON "publication_reactions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "publication_reactions_publication_id_user_id_reaction_key" ON "publication_reactions"("publication_id", "user_id", "reaction");

-- CreateIndex
CREATE INDEX "message_reactions_message_id_reaction_id_idx" ON "message_reactions"("message_id", "reaction", "id");

-- CreateIndex
CREATE INDEX "message_reactions_user_id_idx" ON "message_reactions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "message_reactions_message_id_user_id_reaction_key" ON "message_reactions"("message_id", "user_id", "reaction");

-- AddForeignKey
ALTER TABLE "publication_reactions" ADD CONSTRAINT "publication_reactions_publication_id_fkey" FOREIGN KEY ("publication_id") REFERENCES "publications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "publication_reactions" ADD CONSTRAINT "publication_reactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_reactions" ADD CONSTRAINT "message_reactions_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_reactions" ADD CONSTRAINT "message_reactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
