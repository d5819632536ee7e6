-- CreateTable
CREATE TABLE "module_texts" (
    "id" SERIAL NOT NULL,
    "module_id" INTEGER NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "value_ru" TEXT NOT NULL,
    "value_en" TEXT,
    "value_fr" TEXT,

    CONSTRAINT "module_texts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "module_texts_key_key" ON "module_texts"("key");

-- CreateIndex
CREATE INDEX "module_texts_module_id_idx" ON "module_texts"("module_id");

-- AddForeignKey
ALTER TABLE "module_texts" ADD CONSTRAINT "module_texts_module_id_fkey" FOREIGN KEY ("module_id") REFERENCES "modules"("id") ON DELETE CASCADE ON UPDATE CASCADE;
