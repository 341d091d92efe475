-- AlterTable
ALTER TABLE "Prompt" ADD COLUMN     "conversation" TEXT;

