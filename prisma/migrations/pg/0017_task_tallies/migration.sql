-- CreateTable
CREATE TABLE "TaskTally" (
    "assignmentId" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "judgments" INTEGER NOT NULL,
    "withPreference" INTEGER NOT NULL,
    "ties" INTEGER NOT NULL,
    "leftWins" INTEGER NOT NULL,
    "sidedNonTies" INTEGER NOT NULL,
    "flagged" INTEGER NOT NULL,
    "flaggedAt" TIMESTAMP(3),
    "lastSubmittedAt" TIMESTAMP(3) NOT NULL,
    "timeSpentMs" INTEGER,
    "answered" INTEGER NOT NULL,
    "minValue" INTEGER,
    "maxValue" INTEGER,
    "agreePairs" INTEGER NOT NULL,
    "agreeing" INTEGER NOT NULL,

    CONSTRAINT "TaskTally_pkey" PRIMARY KEY ("assignmentId")
);

-- CreateIndex
CREATE INDEX "TaskTally_grader_idx" ON "TaskTally"("studyId", "graderId", "judgments", "withPreference", "ties", "flagged", "lastSubmittedAt", "agreePairs", "agreeing", "answered", "minValue", "maxValue", "leftWins", "sidedNonTies", "timeSpentMs", "itemId");



-- Each task (assignment) is summed from its current judgments, surplus, control and excluded ones
-- included, by the triggers below in the transaction that writes them; the existing judgments are
-- summed once here. A task's agreement counts, over its judgments on study material with a value,
-- the other graders' judgments on the same unit (item × dimension) and those that agree, so a
-- judgment joining or leaving a unit recounts every task on that unit. A study named in
-- "UnitTallyDeferred" (a judgment import) is left to the import, which recounts its tasks before
-- it commits.

INSERT INTO "TaskTally" ("assignmentId", "studyId", "itemId", "graderId", "judgments", "withPreference", "ties", "leftWins", "sidedNonTies", "flagged", "flaggedAt", "lastSubmittedAt", "timeSpentMs", "answered", "minValue", "maxValue", "agreePairs", "agreeing")
SELECT j."assignmentId", j."studyId", j."itemId", j."graderId", COUNT(*),
      SUM(CASE WHEN j."preference" IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END),
      SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END), MAX(CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END), MAX(CASE WHEN CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END = 1 THEN j."submittedAt" END),
      MAX(j."submittedAt"), MAX(j."timeSpentMs"), COUNT(COALESCE(j."preference", j."score")), MIN(COALESCE(j."preference", j."score")), MAX(COALESCE(j."preference", j."score")),
      SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN u."n" - 1 ELSE 0 END), SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN CASE WHEN j."preference" < 0 THEN u."below" WHEN j."preference" = 0 THEN u."level" WHEN j."preference" > 0 THEN u."above"
      WHEN j."score" = 1 THEN u."s1" + u."s2" WHEN j."score" = 2 THEN u."s1" + u."s2" + u."s3" WHEN j."score" = 3 THEN u."s2" + u."s3" + u."s4"
      WHEN j."score" = 4 THEN u."s3" + u."s4" + u."s5" ELSE u."s4" + u."s5" END - 1 ELSE 0 END)
    FROM "Judgment" j LEFT JOIN (SELECT j."itemId", j."dimensionId", COUNT(*) AS "n",
        SUM(CASE WHEN j."preference" < 0 THEN 1 ELSE 0 END) AS "below", SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END) AS "level", SUM(CASE WHEN j."preference" > 0 THEN 1 ELSE 0 END) AS "above",
        SUM(CASE WHEN j."score" = 1 THEN 1 ELSE 0 END) AS "s1", SUM(CASE WHEN j."score" = 2 THEN 1 ELSE 0 END) AS "s2", SUM(CASE WHEN j."score" = 3 THEN 1 ELSE 0 END) AS "s3", SUM(CASE WHEN j."score" = 4 THEN 1 ELSE 0 END) AS "s4", SUM(CASE WHEN j."score" = 5 THEN 1 ELSE 0 END) AS "s5"
      FROM "Judgment" j WHERE true AND j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL GROUP BY j."itemId", j."dimensionId") u ON u."itemId" = j."itemId" AND u."dimensionId" = j."dimensionId"
    WHERE true AND j."superseded" = false
    GROUP BY j."assignmentId", j."studyId", j."itemId", j."graderId";

-- On PostgreSQL, writers of one item's judgments take turns on the item's row (as accepting a
-- submission does) before they look for the tasks to recount, so each sees the others' committed
-- judgments. A judgment import updates every item of its study before it recounts the study's
-- tallies (server/imports/repo.ts), so it waits for graders in flight there, and graders after
-- it wait for it and then see the imported judgments.
-- (Once per row: a statement-level trigger over transition tables measured slower per submission.)
CREATE FUNCTION "task_tally_judgment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r "Judgment";
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = r."studyId") THEN RETURN NULL; END IF;
  PERFORM 1 FROM "Item" i WHERE i."id" = r."itemId" FOR NO KEY UPDATE;
  INSERT INTO "TaskTally" ("assignmentId", "studyId", "itemId", "graderId", "judgments", "withPreference", "ties", "leftWins", "sidedNonTies", "flagged", "flaggedAt", "lastSubmittedAt", "timeSpentMs", "answered", "minValue", "maxValue", "agreePairs", "agreeing")
  SELECT j."assignmentId", j."studyId", j."itemId", j."graderId", COUNT(*),
        SUM(CASE WHEN j."preference" IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END),
        SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END), MAX(CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END), MAX(CASE WHEN CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END = 1 THEN j."submittedAt" END),
        MAX(j."submittedAt"), MAX(j."timeSpentMs"), COUNT(COALESCE(j."preference", j."score")), MIN(COALESCE(j."preference", j."score")), MAX(COALESCE(j."preference", j."score")),
        SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL) ELSE 0 END), SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL AND CASE WHEN j."preference" IS NOT NULL THEN SIGN(o."preference") = SIGN(j."preference") ELSE ABS(o."score" - j."score") <= 1 END) ELSE 0 END)
      FROM "Judgment" j
      WHERE j."assignmentId" IN (SELECT r."assignmentId" UNION SELECT o."assignmentId" FROM "Judgment" o WHERE o."studyId" = r."studyId" AND o."itemId" = r."itemId" AND o."dimensionId" = r."dimensionId" AND o."control" = false) AND j."superseded" = false
      GROUP BY j."assignmentId", j."studyId", j."itemId", j."graderId"
  ON CONFLICT ("assignmentId") DO UPDATE SET "studyId" = excluded."studyId", "itemId" = excluded."itemId", "graderId" = excluded."graderId", "judgments" = excluded."judgments", "withPreference" = excluded."withPreference", "ties" = excluded."ties", "leftWins" = excluded."leftWins", "sidedNonTies" = excluded."sidedNonTies", "flagged" = excluded."flagged", "flaggedAt" = excluded."flaggedAt", "lastSubmittedAt" = excluded."lastSubmittedAt", "timeSpentMs" = excluded."timeSpentMs", "answered" = excluded."answered", "minValue" = excluded."minValue", "maxValue" = excluded."maxValue", "agreePairs" = excluded."agreePairs", "agreeing" = excluded."agreeing";
  DELETE FROM "TaskTally" WHERE "assignmentId" IN (SELECT r."assignmentId" UNION SELECT o."assignmentId" FROM "Judgment" o WHERE o."studyId" = r."studyId" AND o."itemId" = r."itemId" AND o."dimensionId" = r."dimensionId" AND o."control" = false)
    AND NOT EXISTS (SELECT 1 FROM "Judgment" j WHERE j."assignmentId" = "TaskTally"."assignmentId" AND j."superseded" = false);
  RETURN NULL;
END
$$;

CREATE TRIGGER "Judgment_task_tally" AFTER INSERT OR DELETE ON "Judgment"
FOR EACH ROW EXECUTE FUNCTION "task_tally_judgment"();

CREATE TRIGGER "Judgment_task_tally_update" AFTER UPDATE OF "superseded", "preference", "score", "candidateSide", "control", "cannotAssess", "harmful", "timeSpentMs", "submittedAt" ON "Judgment"
FOR EACH ROW WHEN (OLD."superseded" IS DISTINCT FROM NEW."superseded" OR OLD."preference" IS DISTINCT FROM NEW."preference" OR OLD."score" IS DISTINCT FROM NEW."score" OR OLD."candidateSide" IS DISTINCT FROM NEW."candidateSide" OR OLD."control" IS DISTINCT FROM NEW."control" OR OLD."cannotAssess" IS DISTINCT FROM NEW."cannotAssess" OR OLD."harmful" IS DISTINCT FROM NEW."harmful" OR OLD."timeSpentMs" IS DISTINCT FROM NEW."timeSpentMs" OR OLD."submittedAt" IS DISTINCT FROM NEW."submittedAt") EXECUTE FUNCTION "task_tally_judgment"();
