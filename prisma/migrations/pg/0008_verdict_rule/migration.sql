-- AlterTable
ALTER TABLE "Study" ADD COLUMN     "verdictRule" TEXT NOT NULL DEFAULT 'mean';

