-- DropIndex
DROP INDEX "Item_studyId_promptId_responseId_key";

-- AlterTable
ALTER TABLE "Response" ADD COLUMN     "styleBold" INTEGER,
ADD COLUMN     "styleHeaders" INTEGER,
ADD COLUMN     "styleLength" INTEGER,
ADD COLUMN     "styleListItems" INTEGER;

-- AlterTable
ALTER TABLE "Study" ADD COLUMN     "pairing" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "pairingSeed" INTEGER;

-- AlterTable
ALTER TABLE "StudyModel" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Item_studyId_promptId_responseId_baselineResponseId_key" ON "Item"("studyId", "promptId", "responseId", "baselineResponseId");


-- Two-model studies named the candidate first.
UPDATE "StudyModel" SET "position" = 1 WHERE "role" = 'BASELINE';
