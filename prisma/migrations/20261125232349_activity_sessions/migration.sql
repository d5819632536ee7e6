-- CreateEnum
CREATE TYPE "activity_session_status" AS ENUM ('active', 'ended');

-- CreateTable
CREATE TABLE "activity_sessions" (
    "id" SERIAL NOT NULL,
    "room_id" INTEGER NOT NULL,
    "kind" "activity_type" NOT NULL,
    "host_id" INTEGER,
    "status" "activity_session_status" NOT NULL DEFAULT 'active',
    "setup" JSONB NOT NULL DEFAULT '{}',
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ends_at" TIMESTAMP(3),
    "ended_at" TIMESTAMP(3),

    CONSTRAINT "activity_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activity_session_players" (
    "id" SERIAL NOT NULL,
    "session_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "joined_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "left_at" TIMESTAMP(3),

    CONSTRAINT "activity_session_players_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activity_moves" (
    "id" SERIAL NOT NULL,
    "session_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "key" VARCHAR(64) NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "activity_moves_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "activity_sessions_room_id_status_idx" ON "activity_sessions"("room_id", "status");

-- CreateIndex
CREATE INDEX "activity_sessions_host_id_idx" ON "activity_sessions"("host_id");

-- CreateIndex
CREATE INDEX "activity_session_players_user_id_idx" ON "activity_session_players"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "activity_session_players_session_id_user_id_key" ON "activity_session_players"("session_id", "user_id");

-- CreateIndex
CREATE INDEX "activity_moves_user_id_idx" ON "activity_moves"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "activity_moves_session_id_user_id_key_key" ON "activity_moves"("session_id", "user_id", "key");

-- AddForeignKey
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_host_id_fkey" FOREIGN KEY ("host_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_session_players" ADD CONSTRAINT "activity_session_players_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "activity_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_session_players" ADD CONSTRAINT "activity_session_players_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_moves" ADD CONSTRAINT "activity_moves_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "activity_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_moves" ADD CONSTRAINT "activity_moves_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
