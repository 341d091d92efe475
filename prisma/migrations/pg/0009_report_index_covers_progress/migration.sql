-- DropIndex
DROP INDEX "Judgment_report_idx";

-- CreateIndex
CREATE INDEX "Judgment_report_idx" ON "Judgment"("studyId", "itemId", "dimensionId", "superseded", "surplus", "control", "excludedById", "preference", "score", "candidateSide", "cannotAssess");

