-- AlterTable
ALTER TABLE "Study" ADD COLUMN     "graderTitle" TEXT NOT NULL DEFAULT '';

