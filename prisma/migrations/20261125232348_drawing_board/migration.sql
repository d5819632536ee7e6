-- CreateTable
CREATE TABLE "drawing_board_updates" (
    "id" SERIAL NOT NULL,
    "room_id" INTEGER NOT NULL,
    "update" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "drawing_board_updates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "drawing_board_updates_room_id_id_idx" ON "drawing_board_updates"("room_id", "id");

-- AddForeignKey
ALTER TABLE "drawing_board_updates" ADD CONSTRAINT "drawing_board_updates_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;
