-- The report index also holds each judgment's grader, last: the reliability-weighted verdicts read
-- every counted label with its grader, and found it in the index alone instead of looking up the
-- table row per judgment (40% of that read at a million judgments on SQLite; docs/performance.md).
-- Rebuilding the index took about 2 s per million judgments on SQLite.

-- DropIndex
DROP INDEX "Judgment_report_idx";

-- CreateIndex
CREATE INDEX "Judgment_report_idx" ON "Judgment"("studyId", "itemId", "dimensionId", "superseded", "surplus", "control", "excludedById", "preference", "score", "candidateSide", "cannotAssess", "graderId");

