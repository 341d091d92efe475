-- Task tallies after an INSERT into "Judgment" (PostgreSQL): recounted once per statement rather
-- than once per inserted row. A submission inserts its four judgments in one statement, and the
-- row trigger recounted the same tasks (the grader's, and the other graders' on that item) for
-- each of them (docs/performance.md, bench:submit-triggers). Here the statement's units give the
-- tasks to recount, gathered into an array so that the recount reads "Judgment" through its
-- indexes (assignment; study, item, dimension), as the row trigger's statements did; the items
-- are locked first, in id order, as every writer of an item's judgments does. Deletions and
-- updates keep the row trigger of 0017. SQLite keeps its row triggers: there a trigger's
-- statements cost microseconds and its one writer needs no row locks.
DROP TRIGGER "Judgment_task_tally" ON "Judgment";

CREATE TRIGGER "Judgment_task_tally" AFTER DELETE ON "Judgment"
FOR EACH ROW EXECUTE FUNCTION "task_tally_judgment"();

CREATE FUNCTION "task_tally_judgments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
  "tasks" text[] := '{}';
BEGIN
  PERFORM 1 FROM "Item" i
    WHERE i."id" = ANY (ARRAY(SELECT DISTINCT n."itemId" FROM "inserted_judgments" n WHERE NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = n."studyId")))
    ORDER BY i."id" FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  FOR u IN SELECT DISTINCT n."studyId", n."itemId", n."dimensionId", n."assignmentId" FROM "inserted_judgments" n
      WHERE NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = n."studyId") LOOP
    "tasks" := "tasks" || u."assignmentId" || ARRAY(SELECT o."assignmentId" FROM "Judgment" o
      WHERE o."studyId" = u."studyId" AND o."itemId" = u."itemId" AND o."dimensionId" = u."dimensionId" AND o."control" = false);
  END LOOP;
  "tasks" := ARRAY(SELECT DISTINCT t FROM unnest("tasks") t);
  INSERT INTO "TaskTally" ("assignmentId", "studyId", "itemId", "graderId", "judgments", "withPreference", "ties", "leftWins", "sidedNonTies", "flagged", "flaggedAt", "lastSubmittedAt", "timeSpentMs", "answered", "minValue", "maxValue", "agreePairs", "agreeing")
  SELECT j."assignmentId", j."studyId", j."itemId", j."graderId", COUNT(*),
        SUM(CASE WHEN j."preference" IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" = 0 THEN 1 ELSE 0 END),
        SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END), MAX(CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END), MAX(CASE WHEN CASE WHEN j."cannotAssess" = true OR j."harmful" = true THEN 1 ELSE 0 END = 1 THEN j."submittedAt" END),
        MAX(j."submittedAt"), MAX(j."timeSpentMs"), COUNT(COALESCE(j."preference", j."score")), MIN(COALESCE(j."preference", j."score")), MAX(COALESCE(j."preference", j."score")),
        SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL) ELSE 0 END), SUM(CASE WHEN j."superseded" = false AND j."control" = false AND COALESCE(j."preference", j."score") IS NOT NULL THEN (SELECT COUNT(*) FROM "Judgment" o WHERE o."studyId" = j."studyId" AND o."itemId" = j."itemId" AND o."dimensionId" = j."dimensionId" AND o."id" <> j."id" AND o."superseded" = false AND o."control" = false AND COALESCE(o."preference", o."score") IS NOT NULL AND CASE WHEN j."preference" IS NOT NULL THEN SIGN(o."preference") = SIGN(j."preference") ELSE ABS(o."score" - j."score") <= 1 END) ELSE 0 END)
      FROM "Judgment" j
      WHERE j."assignmentId" = ANY ("tasks") AND j."superseded" = false
      GROUP BY j."assignmentId", j."studyId", j."itemId", j."graderId"
  ON CONFLICT ("assignmentId") DO UPDATE SET "studyId" = excluded."studyId", "itemId" = excluded."itemId", "graderId" = excluded."graderId", "judgments" = excluded."judgments", "withPreference" = excluded."withPreference", "ties" = excluded."ties", "leftWins" = excluded."leftWins", "sidedNonTies" = excluded."sidedNonTies", "flagged" = excluded."flagged", "flaggedAt" = excluded."flaggedAt", "lastSubmittedAt" = excluded."lastSubmittedAt", "timeSpentMs" = excluded."timeSpentMs", "answered" = excluded."answered", "minValue" = excluded."minValue", "maxValue" = excluded."maxValue", "agreePairs" = excluded."agreePairs", "agreeing" = excluded."agreeing";
  DELETE FROM "TaskTally" WHERE "assignmentId" = ANY ("tasks")
    AND NOT EXISTS (SELECT 1 FROM "Judgment" j WHERE j."assignmentId" = "TaskTally"."assignmentId" AND j."superseded" = false);
  RETURN NULL;
END
$$;

CREATE TRIGGER "Judgment_task_tally_insert" AFTER INSERT ON "Judgment"
REFERENCING NEW TABLE AS "inserted_judgments"
FOR EACH STATEMENT EXECUTE FUNCTION "task_tally_judgments_inserted"();
