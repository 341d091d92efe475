-- DropIndex
DROP INDEX "Judgment_studyId_dimensionId_superseded_idx";

-- CreateIndex
CREATE INDEX "Judgment_report_idx" ON "Judgment"("studyId", "itemId", "dimensionId", "superseded", "surplus", "preference", "score", "candidateSide");

