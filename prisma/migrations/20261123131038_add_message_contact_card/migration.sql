-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "contact_card_user_id" INTEGER;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_card_user_id_fkey" FOREIGN KEY ("contact_card_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
