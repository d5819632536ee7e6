-- Which server processes are alive (their heartbeat) and which members' presence connections each holds
-- (services/callPresence.ts): the stays of members held by a process that died get the presence grace.

-- CreateTable
CREATE TABLE IF NOT EXISTS "app_processes" (
    "id" UUID NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeat_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "app_processes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE IF NOT EXISTS "call_presences" (
    "user_id" INTEGER NOT NULL,
    "process_id" UUID NOT NULL,

    CONSTRAINT "call_presences_pkey" PRIMARY KEY ("user_id","process_id"),
    CONSTRAINT "call_presences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "call_presences_process_id_fkey" FOREIGN KEY ("process_id") REFERENCES "app_processes"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX IF NOT EXISTS "call_presences_process_id_idx" ON "call_presences"("process_id");
