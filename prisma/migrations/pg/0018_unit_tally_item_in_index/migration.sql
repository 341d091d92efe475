-- DropIndex
DROP INDEX "UnitTally_group_idx";

-- CreateIndex
CREATE INDEX "UnitTally_group_idx" ON "UnitTally"("studyId", "dimensionId", "modelId", "baselineModelId", "localeCode", "category", "modality", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies", "itemId");

