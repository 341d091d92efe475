-- A judgment's id becomes an integer, its rowid (see Judgment in prisma/models.prisma).
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Judgment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "dimensionId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "superseded" BOOLEAN NOT NULL DEFAULT false,
    "preference" INTEGER,
    "score" INTEGER,
    "candidateSide" TEXT,
    "timeSpentMs" INTEGER,
    "comment" TEXT,
    "cannotAssess" BOOLEAN NOT NULL DEFAULT false,
    "harmful" BOOLEAN NOT NULL DEFAULT false,
    "surplus" BOOLEAN NOT NULL DEFAULT false,
    "control" BOOLEAN NOT NULL DEFAULT false,
    "excludedById" TEXT,
    "source" TEXT NOT NULL DEFAULT 'APP',
    "submittedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Judgment_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgment_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgment_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgment_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Judgment_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Judgment_excludedById_fkey" FOREIGN KEY ("excludedById") REFERENCES "Exclusion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
-- Numbered in the order the judgments arrived (their text ids were ULIDs or cuids, which sort
-- by time only among their own kind).
INSERT INTO "new_Judgment" ("studyId", "itemId", "assignmentId", "graderId", "dimensionId", "revision", "superseded", "preference", "score", "candidateSide", "timeSpentMs", "comment", "cannotAssess", "harmful", "surplus", "control", "excludedById", "source", "submittedAt")
SELECT "studyId", "itemId", "assignmentId", "graderId", "dimensionId", "revision", "superseded", "preference", "score", "candidateSide", "timeSpentMs", "comment", "cannotAssess", "harmful", "surplus", "control", "excludedById", "source", "submittedAt" FROM "Judgment" ORDER BY "submittedAt", "id";
DROP TABLE "Judgment";
ALTER TABLE "new_Judgment" RENAME TO "Judgment";
CREATE INDEX "Judgment_report_idx" ON "Judgment"("studyId", "itemId", "dimensionId", "superseded", "surplus", "control", "excludedById", "preference", "score", "candidateSide", "cannotAssess", "graderId");
CREATE INDEX "Judgment_studyId_id_idx" ON "Judgment"("studyId", "id");
CREATE INDEX "Judgment_itemId_idx" ON "Judgment"("itemId");
CREATE INDEX "Judgment_graderId_idx" ON "Judgment"("graderId");
CREATE UNIQUE INDEX "Judgment_assignmentId_dimensionId_revision_key" ON "Judgment"("assignmentId", "dimensionId", "revision");
-- DROP TABLE took the triggers with it: the tallies' and hourly shifts' triggers as migrations 0016 to
-- 0020 left them, in the order they were created.
CREATE TRIGGER "Judgment_unit_tally_insert" AFTER INSERT ON "Judgment"
WHEN NEW."superseded" = false AND NEW."surplus" = false AND NEW."control" = false AND NEW."excludedById" IS NULL AND COALESCE(NEW."preference", NEW."score") IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = NEW."studyId")
BEGIN
    INSERT INTO "UnitTally" ("itemId", "dimensionId", "studyId", "modelId", "baselineModelId", "localeCode", "category", "modality", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies")
    SELECT NEW."itemId", NEW."dimensionId", NEW."studyId", ra."modelId", COALESCE(rb."modelId", ''), p."localeCode", p."category", p."modality",
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 0 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 1 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 2 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 3 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 4 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 5 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 6 THEN 1 ELSE 0 END,
      CASE WHEN (NEW."preference" > 0 AND NEW."candidateSide" = 'LEFT') OR (NEW."preference" < 0 AND NEW."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END, CASE WHEN NEW."preference" <> 0 AND NEW."candidateSide" IS NOT NULL THEN 1 ELSE 0 END
    FROM "Item" i
    JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    JOIN "Prompt" p ON p."id" = i."promptId"
    WHERE i."id" = NEW."itemId"
    ON CONFLICT ("itemId", "dimensionId") DO UPDATE SET
      "h0" = "UnitTally"."h0" + excluded."h0", "h1" = "UnitTally"."h1" + excluded."h1", "h2" = "UnitTally"."h2" + excluded."h2", "h3" = "UnitTally"."h3" + excluded."h3", "h4" = "UnitTally"."h4" + excluded."h4", "h5" = "UnitTally"."h5" + excluded."h5", "h6" = "UnitTally"."h6" + excluded."h6", "leftWins" = "UnitTally"."leftWins" + excluded."leftWins", "sidedNonTies" = "UnitTally"."sidedNonTies" + excluded."sidedNonTies";
END;

CREATE TRIGGER "Judgment_unit_tally_update" AFTER UPDATE ON "Judgment"
WHEN (OLD."superseded" = false AND OLD."surplus" = false AND OLD."control" = false AND OLD."excludedById" IS NULL AND COALESCE(OLD."preference", OLD."score") IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = OLD."studyId")) OR (NEW."superseded" = false AND NEW."surplus" = false AND NEW."control" = false AND NEW."excludedById" IS NULL AND COALESCE(NEW."preference", NEW."score") IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = NEW."studyId"))
BEGIN
    UPDATE "UnitTally" SET
      "h0" = "h0" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 0 THEN 1 ELSE 0 END,
      "h1" = "h1" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 1 THEN 1 ELSE 0 END,
      "h2" = "h2" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 2 THEN 1 ELSE 0 END,
      "h3" = "h3" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 3 THEN 1 ELSE 0 END,
      "h4" = "h4" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 4 THEN 1 ELSE 0 END,
      "h5" = "h5" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 5 THEN 1 ELSE 0 END,
      "h6" = "h6" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 6 THEN 1 ELSE 0 END,
      "leftWins" = "leftWins" - CASE WHEN (OLD."preference" > 0 AND OLD."candidateSide" = 'LEFT') OR (OLD."preference" < 0 AND OLD."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END, "sidedNonTies" = "sidedNonTies" - CASE WHEN OLD."preference" <> 0 AND OLD."candidateSide" IS NOT NULL THEN 1 ELSE 0 END
    WHERE "itemId" = OLD."itemId" AND "dimensionId" = OLD."dimensionId" AND OLD."superseded" = false AND OLD."surplus" = false AND OLD."control" = false AND OLD."excludedById" IS NULL AND COALESCE(OLD."preference", OLD."score") IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = OLD."studyId");
    DELETE FROM "UnitTally" WHERE "itemId" = OLD."itemId" AND "dimensionId" = OLD."dimensionId"
      AND "h0" = 0 AND "h1" = 0 AND "h2" = 0 AND "h3" = 0 AND "h4" = 0 AND "h5" = 0 AND "h6" = 0;
    INSERT INTO "UnitTally" ("itemId", "dimensionId", "studyId", "modelId", "baselineModelId", "localeCode", "category", "modality", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies")
    SELECT NEW."itemId", NEW."dimensionId", NEW."studyId", ra."modelId", COALESCE(rb."modelId", ''), p."localeCode", p."category", p."modality",
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 0 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 1 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 2 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 3 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 4 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 5 THEN 1 ELSE 0 END,
      CASE WHEN COALESCE(NEW."preference" + 3, NEW."score" - 1) = 6 THEN 1 ELSE 0 END,
      CASE WHEN (NEW."preference" > 0 AND NEW."candidateSide" = 'LEFT') OR (NEW."preference" < 0 AND NEW."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END, CASE WHEN NEW."preference" <> 0 AND NEW."candidateSide" IS NOT NULL THEN 1 ELSE 0 END
    FROM "Item" i
    JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    JOIN "Prompt" p ON p."id" = i."promptId"
    WHERE i."id" = NEW."itemId" AND NEW."superseded" = false AND NEW."surplus" = false AND NEW."control" = false AND NEW."excludedById" IS NULL AND COALESCE(NEW."preference", NEW."score") IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = NEW."studyId")
    ON CONFLICT ("itemId", "dimensionId") DO UPDATE SET
      "h0" = "UnitTally"."h0" + excluded."h0", "h1" = "UnitTally"."h1" + excluded."h1", "h2" = "UnitTally"."h2" + excluded."h2", "h3" = "UnitTally"."h3" + excluded."h3", "h4" = "UnitTally"."h4" + excluded."h4", "h5" = "UnitTally"."h5" + excluded."h5", "h6" = "UnitTally"."h6" + excluded."h6", "leftWins" = "UnitTally"."leftWins" + excluded."leftWins", "sidedNonTies" = "UnitTally"."sidedNonTies" + excluded."sidedNonTies";
END;

CREATE TRIGGER "Judgment_unit_tally_delete" AFTER DELETE ON "Judgment"
WHEN OLD."superseded" = false AND OLD."surplus" = false AND OLD."control" = false AND OLD."excludedById" IS NULL AND COALESCE(OLD."preference", OLD."score") IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = OLD."studyId")
BEGIN
    UPDATE "UnitTally" SET
      "h0" = "h0" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 0 THEN 1 ELSE 0 END,
      "h1" = "h1" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 1 THEN 1 ELSE 0 END,
      "h2" = "h2" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 2 THEN 1 ELSE 0 END,
      "h3" = "h3" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 3 THEN 1 ELSE 0 END,
      "h4" = "h4" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 4 THEN 1 ELSE 0 END,
      "h5" = "h5" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 5 THEN 1 ELSE 0 END,
      "h6" = "h6" - CASE WHEN COALESCE(OLD."preference" + 3, OLD."score" - 1) = 6 THEN 1 ELSE 0 END,
      "leftWins" = "leftWins" - CASE WHEN (OLD."preference" > 0 AND OLD."candidateSide" = 'LEFT') OR (OLD."preference" < 0 AND OLD."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END, "sidedNonTies" = "sidedNonTies" - CASE WHEN OLD."preference" <> 0 AND OLD."candidateSide" IS NOT NULL THEN 1 ELSE 0 END
    WHERE "itemId" = OLD."itemId" AND "dimensionId" = OLD."dimensionId";
    DELETE FROM "UnitTally" WHERE "itemId" = OLD."itemId" AND "dimensionId" = OLD."dimensionId"
      AND "h0" = 0 AND "h1" = 0 AND "h2" = 0 AND "h3" = 0 AND "h4" = 0 AND "h5" = 0 AND "h6" = 0;
END;

CREATE TRIGGER "Judgment_task_tally_insert" AFTER INSERT ON "Judgment"
WHEN NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = NEW."studyId")
BEGIN
    INSERT INTO "TaskTally" ("assignmentId", "studyId", "itemId", "graderId", "judgments", "withPreference", "ties", "leftWins", "sidedNonTies", "flagged", "flaggedAt", "lastSubmittedAt", "timeSpentMs", "answered", "minValue", "maxValue", "agreePairs", "agreeing")
    SELECT j."assignmentId", j."studyId", j."itemId", j."graderId", COUNT(*),
          SUM(CASE WHEN j."preference" IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END),
          SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END), MAX(CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END), MAX(CASE WHEN CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END = 1 THEN j."submittedAt" END),
          MAX(j."submittedAt"), MAX(j."timeSpentMs"), COUNT(COALESCE(j."preference", j."score")), MIN(COALESCE(j."preference", j."score")), MAX(COALESCE(j."preference", j."score")),
          SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL) ELSE 0 END), SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL AND CASE WHEN j."preference" IS NOT NULL THEN SIGN(o."preference") = SIGN(j."preference") ELSE ABS(o."score" - j."score") <= 1 END) ELSE 0 END)
        FROM "Judgment" j
        WHERE j."assignmentId" IN (SELECT NEW."assignmentId" UNION SELECT o."assignmentId" FROM "Judgment" o WHERE o."studyId" = NEW."studyId" AND o."itemId" = NEW."itemId" AND o."dimensionId" = NEW."dimensionId" AND o."control" = false) AND j."superseded" = false
        GROUP BY j."assignmentId", j."studyId", j."itemId", j."graderId"
    ON CONFLICT ("assignmentId") DO UPDATE SET "studyId" = excluded."studyId", "itemId" = excluded."itemId", "graderId" = excluded."graderId", "judgments" = excluded."judgments", "withPreference" = excluded."withPreference", "ties" = excluded."ties", "leftWins" = excluded."leftWins", "sidedNonTies" = excluded."sidedNonTies", "flagged" = excluded."flagged", "flaggedAt" = excluded."flaggedAt", "lastSubmittedAt" = excluded."lastSubmittedAt", "timeSpentMs" = excluded."timeSpentMs", "answered" = excluded."answered", "minValue" = excluded."minValue", "maxValue" = excluded."maxValue", "agreePairs" = excluded."agreePairs", "agreeing" = excluded."agreeing";
    DELETE FROM "TaskTally" WHERE "assignmentId" IN (SELECT NEW."assignmentId" UNION SELECT o."assignmentId" FROM "Judgment" o WHERE o."studyId" = NEW."studyId" AND o."itemId" = NEW."itemId" AND o."dimensionId" = NEW."dimensionId" AND o."control" = false)
      AND NOT EXISTS (SELECT 1 FROM "Judgment" j WHERE j."assignmentId" = "TaskTally"."assignmentId" AND j."superseded" = false);
END;

CREATE TRIGGER "Judgment_task_tally_update" AFTER UPDATE OF "superseded", "preference", "score", "candidateSide", "control", "cannotAssess", "harmful", "timeSpentMs", "submittedAt" ON "Judgment"
WHEN (OLD."superseded" IS NOT NEW."superseded" OR OLD."preference" IS NOT NEW."preference" OR OLD."score" IS NOT NEW."score" OR OLD."candidateSide" IS NOT NEW."candidateSide" OR OLD."control" IS NOT NEW."control" OR OLD."cannotAssess" IS NOT NEW."cannotAssess" OR OLD."harmful" IS NOT NEW."harmful" OR OLD."timeSpentMs" IS NOT NEW."timeSpentMs" OR OLD."submittedAt" IS NOT NEW."submittedAt") AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = NEW."studyId")
BEGIN
    INSERT INTO "TaskTally" ("assignmentId", "studyId", "itemId", "graderId", "judgments", "withPreference", "ties", "leftWins", "sidedNonTies", "flagged", "flaggedAt", "lastSubmittedAt", "timeSpentMs", "answered", "minValue", "maxValue", "agreePairs", "agreeing")
    SELECT j."assignmentId", j."studyId", j."itemId", j."graderId", COUNT(*),
          SUM(CASE WHEN j."preference" IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END),
          SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END), MAX(CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END), MAX(CASE WHEN CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END = 1 THEN j."submittedAt" END),
          MAX(j."submittedAt"), MAX(j."timeSpentMs"), COUNT(COALESCE(j."preference", j."score")), MIN(COALESCE(j."preference", j."score")), MAX(COALESCE(j."preference", j."score")),
          SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL) ELSE 0 END), SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL AND CASE WHEN j."preference" IS NOT NULL THEN SIGN(o."preference") = SIGN(j."preference") ELSE ABS(o."score" - j."score") <= 1 END) ELSE 0 END)
        FROM "Judgment" j
        WHERE j."assignmentId" IN (SELECT NEW."assignmentId" UNION SELECT o."assignmentId" FROM "Judgment" o WHERE o."studyId" = NEW."studyId" AND o."itemId" = NEW."itemId" AND o."dimensionId" = NEW."dimensionId" AND o."control" = false) AND j."superseded" = false
        GROUP BY j."assignmentId", j."studyId", j."itemId", j."graderId"
    ON CONFLICT ("assignmentId") DO UPDATE SET "studyId" = excluded."studyId", "itemId" = excluded."itemId", "graderId" = excluded."graderId", "judgments" = excluded."judgments", "withPreference" = excluded."withPreference", "ties" = excluded."ties", "leftWins" = excluded."leftWins", "sidedNonTies" = excluded."sidedNonTies", "flagged" = excluded."flagged", "flaggedAt" = excluded."flaggedAt", "lastSubmittedAt" = excluded."lastSubmittedAt", "timeSpentMs" = excluded."timeSpentMs", "answered" = excluded."answered", "minValue" = excluded."minValue", "maxValue" = excluded."maxValue", "agreePairs" = excluded."agreePairs", "agreeing" = excluded."agreeing";
    DELETE FROM "TaskTally" WHERE "assignmentId" IN (SELECT NEW."assignmentId" UNION SELECT o."assignmentId" FROM "Judgment" o WHERE o."studyId" = NEW."studyId" AND o."itemId" = NEW."itemId" AND o."dimensionId" = NEW."dimensionId" AND o."control" = false)
      AND NOT EXISTS (SELECT 1 FROM "Judgment" j WHERE j."assignmentId" = "TaskTally"."assignmentId" AND j."superseded" = false);
END;

CREATE TRIGGER "Judgment_task_tally_delete" AFTER DELETE ON "Judgment"
WHEN NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = OLD."studyId")
BEGIN
    INSERT INTO "TaskTally" ("assignmentId", "studyId", "itemId", "graderId", "judgments", "withPreference", "ties", "leftWins", "sidedNonTies", "flagged", "flaggedAt", "lastSubmittedAt", "timeSpentMs", "answered", "minValue", "maxValue", "agreePairs", "agreeing")
    SELECT j."assignmentId", j."studyId", j."itemId", j."graderId", COUNT(*),
          SUM(CASE WHEN j."preference" IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END),
          SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END), MAX(CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END), MAX(CASE WHEN CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END = 1 THEN j."submittedAt" END),
          MAX(j."submittedAt"), MAX(j."timeSpentMs"), COUNT(COALESCE(j."preference", j."score")), MIN(COALESCE(j."preference", j."score")), MAX(COALESCE(j."preference", j."score")),
          SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL) ELSE 0 END), SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL AND CASE WHEN j."preference" IS NOT NULL THEN SIGN(o."preference") = SIGN(j."preference") ELSE ABS(o."score" - j."score") <= 1 END) ELSE 0 END)
        FROM "Judgment" j
        WHERE j."assignmentId" IN (SELECT OLD."assignmentId" UNION SELECT o."assignmentId" FROM "Judgment" o WHERE o."studyId" = OLD."studyId" AND o."itemId" = OLD."itemId" AND o."dimensionId" = OLD."dimensionId" AND o."control" = false) AND j."superseded" = false
        GROUP BY j."assignmentId", j."studyId", j."itemId", j."graderId"
    ON CONFLICT ("assignmentId") DO UPDATE SET "studyId" = excluded."studyId", "itemId" = excluded."itemId", "graderId" = excluded."graderId", "judgments" = excluded."judgments", "withPreference" = excluded."withPreference", "ties" = excluded."ties", "leftWins" = excluded."leftWins", "sidedNonTies" = excluded."sidedNonTies", "flagged" = excluded."flagged", "flaggedAt" = excluded."flaggedAt", "lastSubmittedAt" = excluded."lastSubmittedAt", "timeSpentMs" = excluded."timeSpentMs", "answered" = excluded."answered", "minValue" = excluded."minValue", "maxValue" = excluded."maxValue", "agreePairs" = excluded."agreePairs", "agreeing" = excluded."agreeing";
    DELETE FROM "TaskTally" WHERE "assignmentId" IN (SELECT OLD."assignmentId" UNION SELECT o."assignmentId" FROM "Judgment" o WHERE o."studyId" = OLD."studyId" AND o."itemId" = OLD."itemId" AND o."dimensionId" = OLD."dimensionId" AND o."control" = false)
      AND NOT EXISTS (SELECT 1 FROM "Judgment" j WHERE j."assignmentId" = "TaskTally"."assignmentId" AND j."superseded" = false);
END;

CREATE TRIGGER "Judgment_hourly_shift_insert" AFTER INSERT ON "Judgment"
WHEN NEW."superseded" = false AND NEW."surplus" = false AND NEW."control" = false AND NEW."excludedById" IS NULL AND COALESCE(NEW."preference", NEW."score") IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = NEW."studyId")
BEGIN
    INSERT INTO "HourlyHistogramShift" ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments")
    SELECT * FROM (SELECT i."studyId", e."dimensionId", ra."modelId", COALESCE(rb."modelId", ''), e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6", SUM(e."units"), SUM(e."judgments")
    FROM (
      SELECT c."itemId", c."dimensionId", c."hour", c."c0" - CASE WHEN s."entry" = -1 THEN c."n0" ELSE 0 END AS "h0", c."c1" - CASE WHEN s."entry" = -1 THEN c."n1" ELSE 0 END AS "h1", c."c2" - CASE WHEN s."entry" = -1 THEN c."n2" ELSE 0 END AS "h2", c."c3" - CASE WHEN s."entry" = -1 THEN c."n3" ELSE 0 END AS "h3", c."c4" - CASE WHEN s."entry" = -1 THEN c."n4" ELSE 0 END AS "h4", c."c5" - CASE WHEN s."entry" = -1 THEN c."n5" ELSE 0 END AS "h5", c."c6" - CASE WHEN s."entry" = -1 THEN c."n6" ELSE 0 END AS "h6",
        c."side" * s."entry" AS "units", CASE WHEN s."entry" = 1 THEN c."side" * c."n" ELSE 0 END AS "judgments"
      FROM (
        SELECT g."side", g."itemId", g."dimensionId", g."hour", g."n0", g."n1", g."n2", g."n3", g."n4", g."n5", g."n6", g."n", SUM(g."n0") OVER w AS "c0", SUM(g."n1") OVER w AS "c1", SUM(g."n2") OVER w AS "c2", SUM(g."n3") OVER w AS "c3", SUM(g."n4") OVER w AS "c4", SUM(g."n5") OVER w AS "c5", SUM(g."n6") OVER w AS "c6", SUM(g."n") OVER w AS "total"
        FROM (
          SELECT j."side", j."itemId", j."dimensionId", (CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN CAST(j."submittedAt" / 3600000 AS INTEGER) ELSE CAST(strftime('%s', j."submittedAt") AS INTEGER) / 3600 END) AS "hour", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END) AS "n0", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END) AS "n1", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END) AS "n2", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END) AS "n3", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END) AS "n4", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END) AS "n5", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END) AS "n6", COUNT(*) AS "n"
          FROM (SELECT 1 AS "side", j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId" = NEW."studyId" AND j."itemId" = NEW."itemId" AND j."dimensionId" = NEW."dimensionId")
        UNION ALL SELECT -1, j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId" = NEW."studyId" AND j."itemId" = NEW."itemId" AND j."dimensionId" = NEW."dimensionId") AND NOT (j."id" = NEW."id")
        UNION ALL SELECT -1, j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE false) j
          WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference" + 3, j."score" - 1) IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", (CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN CAST(j."submittedAt" / 3600000 AS INTEGER) ELSE CAST(strftime('%s', j."submittedAt") AS INTEGER) / 3600 END)
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6"
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0) x WHERE true
    ON CONFLICT ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6") DO UPDATE SET
      "units" = "HourlyHistogramShift"."units" + excluded."units", "judgments" = "HourlyHistogramShift"."judgments" + excluded."judgments";
END;

CREATE TRIGGER "Judgment_hourly_shift_update" AFTER UPDATE ON "Judgment"
WHEN (OLD."itemId" IS NOT NEW."itemId" OR OLD."dimensionId" IS NOT NEW."dimensionId" OR OLD."preference" IS NOT NEW."preference" OR OLD."score" IS NOT NEW."score" OR OLD."submittedAt" IS NOT NEW."submittedAt" OR OLD."superseded" IS NOT NEW."superseded" OR OLD."surplus" IS NOT NEW."surplus" OR OLD."control" IS NOT NEW."control" OR OLD."excludedById" IS NOT NEW."excludedById") AND (OLD."superseded" = false AND OLD."surplus" = false AND OLD."control" = false AND OLD."excludedById" IS NULL AND COALESCE(OLD."preference", OLD."score") IS NOT NULL OR NEW."superseded" = false AND NEW."surplus" = false AND NEW."control" = false AND NEW."excludedById" IS NULL AND COALESCE(NEW."preference", NEW."score") IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = NEW."studyId")
BEGIN
    INSERT INTO "HourlyHistogramShift" ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments")
    SELECT * FROM (SELECT i."studyId", e."dimensionId", ra."modelId", COALESCE(rb."modelId", ''), e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6", SUM(e."units"), SUM(e."judgments")
    FROM (
      SELECT c."itemId", c."dimensionId", c."hour", c."c0" - CASE WHEN s."entry" = -1 THEN c."n0" ELSE 0 END AS "h0", c."c1" - CASE WHEN s."entry" = -1 THEN c."n1" ELSE 0 END AS "h1", c."c2" - CASE WHEN s."entry" = -1 THEN c."n2" ELSE 0 END AS "h2", c."c3" - CASE WHEN s."entry" = -1 THEN c."n3" ELSE 0 END AS "h3", c."c4" - CASE WHEN s."entry" = -1 THEN c."n4" ELSE 0 END AS "h4", c."c5" - CASE WHEN s."entry" = -1 THEN c."n5" ELSE 0 END AS "h5", c."c6" - CASE WHEN s."entry" = -1 THEN c."n6" ELSE 0 END AS "h6",
        c."side" * s."entry" AS "units", CASE WHEN s."entry" = 1 THEN c."side" * c."n" ELSE 0 END AS "judgments"
      FROM (
        SELECT g."side", g."itemId", g."dimensionId", g."hour", g."n0", g."n1", g."n2", g."n3", g."n4", g."n5", g."n6", g."n", SUM(g."n0") OVER w AS "c0", SUM(g."n1") OVER w AS "c1", SUM(g."n2") OVER w AS "c2", SUM(g."n3") OVER w AS "c3", SUM(g."n4") OVER w AS "c4", SUM(g."n5") OVER w AS "c5", SUM(g."n6") OVER w AS "c6", SUM(g."n") OVER w AS "total"
        FROM (
          SELECT j."side", j."itemId", j."dimensionId", (CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN CAST(j."submittedAt" / 3600000 AS INTEGER) ELSE CAST(strftime('%s', j."submittedAt") AS INTEGER) / 3600 END) AS "hour", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END) AS "n0", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END) AS "n1", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END) AS "n2", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END) AS "n3", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END) AS "n4", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END) AS "n5", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END) AS "n6", COUNT(*) AS "n"
          FROM (SELECT 1 AS "side", j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE ((j."studyId" = OLD."studyId" AND j."itemId" = OLD."itemId" AND j."dimensionId" = OLD."dimensionId") OR (j."studyId" = NEW."studyId" AND j."itemId" = NEW."itemId" AND j."dimensionId" = NEW."dimensionId"))
        UNION ALL SELECT -1, j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE ((j."studyId" = OLD."studyId" AND j."itemId" = OLD."itemId" AND j."dimensionId" = OLD."dimensionId") OR (j."studyId" = NEW."studyId" AND j."itemId" = NEW."itemId" AND j."dimensionId" = NEW."dimensionId")) AND NOT (j."id" = NEW."id")
        UNION ALL SELECT -1, OLD."id" AS "id", OLD."studyId" AS "studyId", OLD."itemId" AS "itemId", OLD."dimensionId" AS "dimensionId", OLD."preference" AS "preference", OLD."score" AS "score", OLD."submittedAt" AS "submittedAt", OLD."superseded" AS "superseded", OLD."surplus" AS "surplus", OLD."control" AS "control", OLD."excludedById" AS "excludedById") j
          WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference" + 3, j."score" - 1) IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", (CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN CAST(j."submittedAt" / 3600000 AS INTEGER) ELSE CAST(strftime('%s', j."submittedAt") AS INTEGER) / 3600 END)
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6"
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0) x WHERE true
    ON CONFLICT ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6") DO UPDATE SET
      "units" = "HourlyHistogramShift"."units" + excluded."units", "judgments" = "HourlyHistogramShift"."judgments" + excluded."judgments";
END;

CREATE TRIGGER "Judgment_hourly_shift_delete" AFTER DELETE ON "Judgment"
WHEN OLD."superseded" = false AND OLD."surplus" = false AND OLD."control" = false AND OLD."excludedById" IS NULL AND COALESCE(OLD."preference", OLD."score") IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = OLD."studyId")
BEGIN
    INSERT INTO "HourlyHistogramShift" ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments")
    SELECT * FROM (SELECT i."studyId", e."dimensionId", ra."modelId", COALESCE(rb."modelId", ''), e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6", SUM(e."units"), SUM(e."judgments")
    FROM (
      SELECT c."itemId", c."dimensionId", c."hour", c."c0" - CASE WHEN s."entry" = -1 THEN c."n0" ELSE 0 END AS "h0", c."c1" - CASE WHEN s."entry" = -1 THEN c."n1" ELSE 0 END AS "h1", c."c2" - CASE WHEN s."entry" = -1 THEN c."n2" ELSE 0 END AS "h2", c."c3" - CASE WHEN s."entry" = -1 THEN c."n3" ELSE 0 END AS "h3", c."c4" - CASE WHEN s."entry" = -1 THEN c."n4" ELSE 0 END AS "h4", c."c5" - CASE WHEN s."entry" = -1 THEN c."n5" ELSE 0 END AS "h5", c."c6" - CASE WHEN s."entry" = -1 THEN c."n6" ELSE 0 END AS "h6",
        c."side" * s."entry" AS "units", CASE WHEN s."entry" = 1 THEN c."side" * c."n" ELSE 0 END AS "judgments"
      FROM (
        SELECT g."side", g."itemId", g."dimensionId", g."hour", g."n0", g."n1", g."n2", g."n3", g."n4", g."n5", g."n6", g."n", SUM(g."n0") OVER w AS "c0", SUM(g."n1") OVER w AS "c1", SUM(g."n2") OVER w AS "c2", SUM(g."n3") OVER w AS "c3", SUM(g."n4") OVER w AS "c4", SUM(g."n5") OVER w AS "c5", SUM(g."n6") OVER w AS "c6", SUM(g."n") OVER w AS "total"
        FROM (
          SELECT j."side", j."itemId", j."dimensionId", (CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN CAST(j."submittedAt" / 3600000 AS INTEGER) ELSE CAST(strftime('%s', j."submittedAt") AS INTEGER) / 3600 END) AS "hour", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END) AS "n0", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END) AS "n1", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END) AS "n2", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END) AS "n3", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END) AS "n4", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END) AS "n5", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END) AS "n6", COUNT(*) AS "n"
          FROM (SELECT 1 AS "side", j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId" = OLD."studyId" AND j."itemId" = OLD."itemId" AND j."dimensionId" = OLD."dimensionId")
        UNION ALL SELECT -1, j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId" = OLD."studyId" AND j."itemId" = OLD."itemId" AND j."dimensionId" = OLD."dimensionId") AND NOT (false)
        UNION ALL SELECT -1, OLD."id" AS "id", OLD."studyId" AS "studyId", OLD."itemId" AS "itemId", OLD."dimensionId" AS "dimensionId", OLD."preference" AS "preference", OLD."score" AS "score", OLD."submittedAt" AS "submittedAt", OLD."superseded" AS "superseded", OLD."surplus" AS "surplus", OLD."control" AS "control", OLD."excludedById" AS "excludedById") j
          WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference" + 3, j."score" - 1) IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", (CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN CAST(j."submittedAt" / 3600000 AS INTEGER) ELSE CAST(strftime('%s', j."submittedAt") AS INTEGER) / 3600 END)
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6"
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0) x WHERE true
    ON CONFLICT ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6") DO UPDATE SET
      "units" = "HourlyHistogramShift"."units" + excluded."units", "judgments" = "HourlyHistogramShift"."judgments" + excluded."judgments";
END;
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

