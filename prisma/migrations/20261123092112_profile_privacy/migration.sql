-- CreateEnum
CREATE TYPE "visibility" AS ENUM ('nobody', 'contacts', 'everyone');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "birth_date_visibility" "visibility" NOT NULL DEFAULT 'contacts',
ADD COLUMN     "email_visibility" "visibility" NOT NULL DEFAULT 'contacts',
ADD COLUMN     "phone_visibility" "visibility" NOT NULL DEFAULT 'nobody';
