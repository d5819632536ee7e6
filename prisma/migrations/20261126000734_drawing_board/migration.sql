-- CreateTable
CREATE TABLE "drawing_board_updates" (
    "id" SERIAL NOT NULL,
    "session_id" INTEGER NOT NULL,
    "update" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "drawing_board_updates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "drawing_board_updates_session_id_id_idx" ON "drawing_board_updates"("session_id", "id");

-- AddForeignKey
ALTER TABLE "drawing_board_updates" ADD CONSTRAINT "drawing_board_updates_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "activity_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
