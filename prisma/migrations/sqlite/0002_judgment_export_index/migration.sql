-- CreateIndex
CREATE INDEX "Judgment_studyId_id_idx" ON "Judgment"("studyId", "id");

