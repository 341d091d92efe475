-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN     "turn" INTEGER;

