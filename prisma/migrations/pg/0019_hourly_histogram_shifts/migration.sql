-- CreateTable
CREATE TABLE "HourlyHistogramShift" (
    "studyId" TEXT NOT NULL,
    "dimensionId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "baselineModelId" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "h0" INTEGER NOT NULL,
    "h1" INTEGER NOT NULL,
    "h2" INTEGER NOT NULL,
    "h3" INTEGER NOT NULL,
    "h4" INTEGER NOT NULL,
    "h5" INTEGER NOT NULL,
    "h6" INTEGER NOT NULL,
    "units" INTEGER NOT NULL,
    "judgments" INTEGER NOT NULL,

    CONSTRAINT "HourlyHistogramShift_pkey" PRIMARY KEY ("studyId","dimensionId","modelId","baselineModelId","hour","h0","h1","h2","h3","h4","h5","h6")
);


-- HourlyHistogramShift: how the units (an item on a dimension) of each study moved between
-- histograms, hour by hour (prisma/models.prisma says what a row means). Generated from
-- server/analytics/hourly-shift-sql.ts, which the import's recount uses: the existing judgments'
-- shifts once here, then the triggers, which add each change's shifts (its units' shifts now, less
-- their shifts before it) as judgments are written, corrected, excluded or deleted. A judgment
-- import defers them with the unit tallies (UnitTallyDeferred) and recounts its study's shifts.

INSERT INTO "HourlyHistogramShift" ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments")
SELECT i."studyId", e."dimensionId", ra."modelId", COALESCE(rb."modelId", ''), e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6", SUM(e."units"), SUM(e."judgments")
    FROM (
      SELECT c."itemId", c."dimensionId", c."hour", c."c0" - CASE WHEN s."entry" = -1 THEN c."n0" ELSE 0 END AS "h0", c."c1" - CASE WHEN s."entry" = -1 THEN c."n1" ELSE 0 END AS "h1", c."c2" - CASE WHEN s."entry" = -1 THEN c."n2" ELSE 0 END AS "h2", c."c3" - CASE WHEN s."entry" = -1 THEN c."n3" ELSE 0 END AS "h3", c."c4" - CASE WHEN s."entry" = -1 THEN c."n4" ELSE 0 END AS "h4", c."c5" - CASE WHEN s."entry" = -1 THEN c."n5" ELSE 0 END AS "h5", c."c6" - CASE WHEN s."entry" = -1 THEN c."n6" ELSE 0 END AS "h6",
        c."side" * s."entry" AS "units", CASE WHEN s."entry" = 1 THEN c."side" * c."n" ELSE 0 END AS "judgments"
      FROM (
        SELECT g."side", g."itemId", g."dimensionId", g."hour", g."n0", g."n1", g."n2", g."n3", g."n4", g."n5", g."n6", g."n", SUM(g."n0") OVER w AS "c0", SUM(g."n1") OVER w AS "c1", SUM(g."n2") OVER w AS "c2", SUM(g."n3") OVER w AS "c3", SUM(g."n4") OVER w AS "c4", SUM(g."n5") OVER w AS "c5", SUM(g."n6") OVER w AS "c6", SUM(g."n") OVER w AS "total"
        FROM (
          SELECT j."side", j."itemId", j."dimensionId", FLOOR(EXTRACT(EPOCH FROM j."submittedAt") / 3600)::integer AS "hour", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END) AS "n0", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END) AS "n1", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END) AS "n2", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END) AS "n3", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END) AS "n4", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END) AS "n5", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END) AS "n6", COUNT(*) AS "n"
          FROM (SELECT 1 AS "side", j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j) j
          WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference" + 3, j."score" - 1) IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", FLOOR(EXTRACT(EPOCH FROM j."submittedAt") / 3600)::integer
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6"
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0;

CREATE FUNCTION "hourly_shift_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "Item" i WHERE i."id" IN (WITH "now_rows" AS (SELECT n."id", n."studyId", n."itemId", n."dimensionId", n."preference", n."score", n."submittedAt", n."superseded", n."surplus", n."control", n."excludedById" FROM "changed_new" n WHERE n."superseded" = false AND n."surplus" = false AND n."control" = false AND n."excludedById" IS NULL AND COALESCE(n."preference", n."score") IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = n."studyId")),
      "then_rows" AS (SELECT j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE false),
      "changed_units" AS (SELECT "studyId", "itemId", "dimensionId" FROM "now_rows" UNION SELECT "studyId", "itemId", "dimensionId" FROM "then_rows") SELECT "itemId" FROM "changed_units") ORDER BY i."id" FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  WITH "now_rows" AS (SELECT n."id", n."studyId", n."itemId", n."dimensionId", n."preference", n."score", n."submittedAt", n."superseded", n."surplus", n."control", n."excludedById" FROM "changed_new" n WHERE n."superseded" = false AND n."surplus" = false AND n."control" = false AND n."excludedById" IS NULL AND COALESCE(n."preference", n."score") IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = n."studyId")),
      "then_rows" AS (SELECT j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE false),
      "changed_units" AS (SELECT "studyId", "itemId", "dimensionId" FROM "now_rows" UNION SELECT "studyId", "itemId", "dimensionId" FROM "then_rows")
  INSERT INTO "HourlyHistogramShift" ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments")
    SELECT * FROM (SELECT i."studyId", e."dimensionId", ra."modelId", COALESCE(rb."modelId", ''), e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6", SUM(e."units"), SUM(e."judgments")
    FROM (
      SELECT c."itemId", c."dimensionId", c."hour", c."c0" - CASE WHEN s."entry" = -1 THEN c."n0" ELSE 0 END AS "h0", c."c1" - CASE WHEN s."entry" = -1 THEN c."n1" ELSE 0 END AS "h1", c."c2" - CASE WHEN s."entry" = -1 THEN c."n2" ELSE 0 END AS "h2", c."c3" - CASE WHEN s."entry" = -1 THEN c."n3" ELSE 0 END AS "h3", c."c4" - CASE WHEN s."entry" = -1 THEN c."n4" ELSE 0 END AS "h4", c."c5" - CASE WHEN s."entry" = -1 THEN c."n5" ELSE 0 END AS "h5", c."c6" - CASE WHEN s."entry" = -1 THEN c."n6" ELSE 0 END AS "h6",
        c."side" * s."entry" AS "units", CASE WHEN s."entry" = 1 THEN c."side" * c."n" ELSE 0 END AS "judgments"
      FROM (
        SELECT g."side", g."itemId", g."dimensionId", g."hour", g."n0", g."n1", g."n2", g."n3", g."n4", g."n5", g."n6", g."n", SUM(g."n0") OVER w AS "c0", SUM(g."n1") OVER w AS "c1", SUM(g."n2") OVER w AS "c2", SUM(g."n3") OVER w AS "c3", SUM(g."n4") OVER w AS "c4", SUM(g."n5") OVER w AS "c5", SUM(g."n6") OVER w AS "c6", SUM(g."n") OVER w AS "total"
        FROM (
          SELECT j."side", j."itemId", j."dimensionId", FLOOR(EXTRACT(EPOCH FROM j."submittedAt") / 3600)::integer AS "hour", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END) AS "n0", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END) AS "n1", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END) AS "n2", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END) AS "n3", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END) AS "n4", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END) AS "n5", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END) AS "n6", COUNT(*) AS "n"
          FROM (SELECT 1 AS "side", j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId", j."itemId", j."dimensionId") IN (SELECT "studyId", "itemId", "dimensionId" FROM "changed_units")
        UNION ALL SELECT -1, j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId", j."itemId", j."dimensionId") IN (SELECT "studyId", "itemId", "dimensionId" FROM "changed_units") AND NOT (j."id" IN (SELECT "id" FROM "now_rows"))
        UNION ALL SELECT -1, t."id", t."studyId", t."itemId", t."dimensionId", t."preference", t."score", t."submittedAt", t."superseded", t."surplus", t."control", t."excludedById" FROM "then_rows" t) j
          WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference" + 3, j."score" - 1) IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", FLOOR(EXTRACT(EPOCH FROM j."submittedAt") / 3600)::integer
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6"
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0) x WHERE true
    ON CONFLICT ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6") DO UPDATE SET
      "units" = "HourlyHistogramShift"."units" + excluded."units", "judgments" = "HourlyHistogramShift"."judgments" + excluded."judgments";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Judgment_hourly_shift_insert" AFTER INSERT ON "Judgment"
REFERENCING NEW TABLE AS "changed_new"
FOR EACH STATEMENT EXECUTE FUNCTION "hourly_shift_insert"();

CREATE FUNCTION "hourly_shift_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "Item" i WHERE i."id" IN (WITH "pairs" AS (SELECT n."id", n."studyId", n."itemId", n."dimensionId", n."preference", n."score", n."submittedAt", n."superseded", n."surplus", n."control", n."excludedById", o."id" AS "old_id", o."studyId" AS "old_studyId", o."itemId" AS "old_itemId", o."dimensionId" AS "old_dimensionId", o."preference" AS "old_preference", o."score" AS "old_score", o."submittedAt" AS "old_submittedAt", o."superseded" AS "old_superseded", o."surplus" AS "old_surplus", o."control" AS "old_control", o."excludedById" AS "old_excludedById" FROM "changed_new" n JOIN "changed_old" o ON o."id" = n."id"
          WHERE (o."itemId" IS DISTINCT FROM n."itemId" OR o."dimensionId" IS DISTINCT FROM n."dimensionId" OR o."preference" IS DISTINCT FROM n."preference" OR o."score" IS DISTINCT FROM n."score" OR o."submittedAt" IS DISTINCT FROM n."submittedAt" OR o."superseded" IS DISTINCT FROM n."superseded" OR o."surplus" IS DISTINCT FROM n."surplus" OR o."control" IS DISTINCT FROM n."control" OR o."excludedById" IS DISTINCT FROM n."excludedById") AND (o."superseded" = false AND o."surplus" = false AND o."control" = false AND o."excludedById" IS NULL AND COALESCE(o."preference", o."score") IS NOT NULL OR n."superseded" = false AND n."surplus" = false AND n."control" = false AND n."excludedById" IS NULL AND COALESCE(n."preference", n."score") IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = n."studyId")),
      "now_rows" AS (SELECT p."id", p."studyId", p."itemId", p."dimensionId", p."preference", p."score", p."submittedAt", p."superseded", p."surplus", p."control", p."excludedById" FROM "pairs" p),
      "then_rows" AS (SELECT p."old_id" AS "id", p."old_studyId" AS "studyId", p."old_itemId" AS "itemId", p."old_dimensionId" AS "dimensionId", p."old_preference" AS "preference", p."old_score" AS "score", p."old_submittedAt" AS "submittedAt", p."old_superseded" AS "superseded", p."old_surplus" AS "surplus", p."old_control" AS "control", p."old_excludedById" AS "excludedById" FROM "pairs" p),
      "changed_units" AS (SELECT "studyId", "itemId", "dimensionId" FROM "now_rows" UNION SELECT "studyId", "itemId", "dimensionId" FROM "then_rows") SELECT "itemId" FROM "changed_units") ORDER BY i."id" FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  WITH "pairs" AS (SELECT n."id", n."studyId", n."itemId", n."dimensionId", n."preference", n."score", n."submittedAt", n."superseded", n."surplus", n."control", n."excludedById", o."id" AS "old_id", o."studyId" AS "old_studyId", o."itemId" AS "old_itemId", o."dimensionId" AS "old_dimensionId", o."preference" AS "old_preference", o."score" AS "old_score", o."submittedAt" AS "old_submittedAt", o."superseded" AS "old_superseded", o."surplus" AS "old_surplus", o."control" AS "old_control", o."excludedById" AS "old_excludedById" FROM "changed_new" n JOIN "changed_old" o ON o."id" = n."id"
          WHERE (o."itemId" IS DISTINCT FROM n."itemId" OR o."dimensionId" IS DISTINCT FROM n."dimensionId" OR o."preference" IS DISTINCT FROM n."preference" OR o."score" IS DISTINCT FROM n."score" OR o."submittedAt" IS DISTINCT FROM n."submittedAt" OR o."superseded" IS DISTINCT FROM n."superseded" OR o."surplus" IS DISTINCT FROM n."surplus" OR o."control" IS DISTINCT FROM n."control" OR o."excludedById" IS DISTINCT FROM n."excludedById") AND (o."superseded" = false AND o."surplus" = false AND o."control" = false AND o."excludedById" IS NULL AND COALESCE(o."preference", o."score") IS NOT NULL OR n."superseded" = false AND n."surplus" = false AND n."control" = false AND n."excludedById" IS NULL AND COALESCE(n."preference", n."score") IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = n."studyId")),
      "now_rows" AS (SELECT p."id", p."studyId", p."itemId", p."dimensionId", p."preference", p."score", p."submittedAt", p."superseded", p."surplus", p."control", p."excludedById" FROM "pairs" p),
      "then_rows" AS (SELECT p."old_id" AS "id", p."old_studyId" AS "studyId", p."old_itemId" AS "itemId", p."old_dimensionId" AS "dimensionId", p."old_preference" AS "preference", p."old_score" AS "score", p."old_submittedAt" AS "submittedAt", p."old_superseded" AS "superseded", p."old_surplus" AS "surplus", p."old_control" AS "control", p."old_excludedById" AS "excludedById" FROM "pairs" p),
      "changed_units" AS (SELECT "studyId", "itemId", "dimensionId" FROM "now_rows" UNION SELECT "studyId", "itemId", "dimensionId" FROM "then_rows")
  INSERT INTO "HourlyHistogramShift" ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments")
    SELECT * FROM (SELECT i."studyId", e."dimensionId", ra."modelId", COALESCE(rb."modelId", ''), e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6", SUM(e."units"), SUM(e."judgments")
    FROM (
      SELECT c."itemId", c."dimensionId", c."hour", c."c0" - CASE WHEN s."entry" = -1 THEN c."n0" ELSE 0 END AS "h0", c."c1" - CASE WHEN s."entry" = -1 THEN c."n1" ELSE 0 END AS "h1", c."c2" - CASE WHEN s."entry" = -1 THEN c."n2" ELSE 0 END AS "h2", c."c3" - CASE WHEN s."entry" = -1 THEN c."n3" ELSE 0 END AS "h3", c."c4" - CASE WHEN s."entry" = -1 THEN c."n4" ELSE 0 END AS "h4", c."c5" - CASE WHEN s."entry" = -1 THEN c."n5" ELSE 0 END AS "h5", c."c6" - CASE WHEN s."entry" = -1 THEN c."n6" ELSE 0 END AS "h6",
        c."side" * s."entry" AS "units", CASE WHEN s."entry" = 1 THEN c."side" * c."n" ELSE 0 END AS "judgments"
      FROM (
        SELECT g."side", g."itemId", g."dimensionId", g."hour", g."n0", g."n1", g."n2", g."n3", g."n4", g."n5", g."n6", g."n", SUM(g."n0") OVER w AS "c0", SUM(g."n1") OVER w AS "c1", SUM(g."n2") OVER w AS "c2", SUM(g."n3") OVER w AS "c3", SUM(g."n4") OVER w AS "c4", SUM(g."n5") OVER w AS "c5", SUM(g."n6") OVER w AS "c6", SUM(g."n") OVER w AS "total"
        FROM (
          SELECT j."side", j."itemId", j."dimensionId", FLOOR(EXTRACT(EPOCH FROM j."submittedAt") / 3600)::integer AS "hour", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END) AS "n0", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END) AS "n1", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END) AS "n2", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END) AS "n3", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END) AS "n4", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END) AS "n5", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END) AS "n6", COUNT(*) AS "n"
          FROM (SELECT 1 AS "side", j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId", j."itemId", j."dimensionId") IN (SELECT "studyId", "itemId", "dimensionId" FROM "changed_units")
        UNION ALL SELECT -1, j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId", j."itemId", j."dimensionId") IN (SELECT "studyId", "itemId", "dimensionId" FROM "changed_units") AND NOT (j."id" IN (SELECT "id" FROM "now_rows"))
        UNION ALL SELECT -1, t."id", t."studyId", t."itemId", t."dimensionId", t."preference", t."score", t."submittedAt", t."superseded", t."surplus", t."control", t."excludedById" FROM "then_rows" t) j
          WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference" + 3, j."score" - 1) IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", FLOOR(EXTRACT(EPOCH FROM j."submittedAt") / 3600)::integer
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6"
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0) x WHERE true
    ON CONFLICT ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6") DO UPDATE SET
      "units" = "HourlyHistogramShift"."units" + excluded."units", "judgments" = "HourlyHistogramShift"."judgments" + excluded."judgments";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Judgment_hourly_shift_update" AFTER UPDATE ON "Judgment"
REFERENCING NEW TABLE AS "changed_new" OLD TABLE AS "changed_old"
FOR EACH STATEMENT EXECUTE FUNCTION "hourly_shift_update"();

CREATE FUNCTION "hourly_shift_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "Item" i WHERE i."id" IN (WITH "now_rows" AS (SELECT j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE false),
      "then_rows" AS (SELECT o."id", o."studyId", o."itemId", o."dimensionId", o."preference", o."score", o."submittedAt", o."superseded", o."surplus", o."control", o."excludedById" FROM "changed_old" o WHERE o."superseded" = false AND o."surplus" = false AND o."control" = false AND o."excludedById" IS NULL AND COALESCE(o."preference", o."score") IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = o."studyId")),
      "changed_units" AS (SELECT "studyId", "itemId", "dimensionId" FROM "now_rows" UNION SELECT "studyId", "itemId", "dimensionId" FROM "then_rows") SELECT "itemId" FROM "changed_units") ORDER BY i."id" FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  WITH "now_rows" AS (SELECT j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE false),
      "then_rows" AS (SELECT o."id", o."studyId", o."itemId", o."dimensionId", o."preference", o."score", o."submittedAt", o."superseded", o."surplus", o."control", o."excludedById" FROM "changed_old" o WHERE o."superseded" = false AND o."surplus" = false AND o."control" = false AND o."excludedById" IS NULL AND COALESCE(o."preference", o."score") IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = o."studyId")),
      "changed_units" AS (SELECT "studyId", "itemId", "dimensionId" FROM "now_rows" UNION SELECT "studyId", "itemId", "dimensionId" FROM "then_rows")
  INSERT INTO "HourlyHistogramShift" ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments")
    SELECT * FROM (SELECT i."studyId", e."dimensionId", ra."modelId", COALESCE(rb."modelId", ''), e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6", SUM(e."units"), SUM(e."judgments")
    FROM (
      SELECT c."itemId", c."dimensionId", c."hour", c."c0" - CASE WHEN s."entry" = -1 THEN c."n0" ELSE 0 END AS "h0", c."c1" - CASE WHEN s."entry" = -1 THEN c."n1" ELSE 0 END AS "h1", c."c2" - CASE WHEN s."entry" = -1 THEN c."n2" ELSE 0 END AS "h2", c."c3" - CASE WHEN s."entry" = -1 THEN c."n3" ELSE 0 END AS "h3", c."c4" - CASE WHEN s."entry" = -1 THEN c."n4" ELSE 0 END AS "h4", c."c5" - CASE WHEN s."entry" = -1 THEN c."n5" ELSE 0 END AS "h5", c."c6" - CASE WHEN s."entry" = -1 THEN c."n6" ELSE 0 END AS "h6",
        c."side" * s."entry" AS "units", CASE WHEN s."entry" = 1 THEN c."side" * c."n" ELSE 0 END AS "judgments"
      FROM (
        SELECT g."side", g."itemId", g."dimensionId", g."hour", g."n0", g."n1", g."n2", g."n3", g."n4", g."n5", g."n6", g."n", SUM(g."n0") OVER w AS "c0", SUM(g."n1") OVER w AS "c1", SUM(g."n2") OVER w AS "c2", SUM(g."n3") OVER w AS "c3", SUM(g."n4") OVER w AS "c4", SUM(g."n5") OVER w AS "c5", SUM(g."n6") OVER w AS "c6", SUM(g."n") OVER w AS "total"
        FROM (
          SELECT j."side", j."itemId", j."dimensionId", FLOOR(EXTRACT(EPOCH FROM j."submittedAt") / 3600)::integer AS "hour", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END) AS "n0", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END) AS "n1", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END) AS "n2", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END) AS "n3", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END) AS "n4", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END) AS "n5", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END) AS "n6", COUNT(*) AS "n"
          FROM (SELECT 1 AS "side", j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId", j."itemId", j."dimensionId") IN (SELECT "studyId", "itemId", "dimensionId" FROM "changed_units")
        UNION ALL SELECT -1, j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j WHERE (j."studyId", j."itemId", j."dimensionId") IN (SELECT "studyId", "itemId", "dimensionId" FROM "changed_units") AND NOT (j."id" IN (SELECT "id" FROM "now_rows"))
        UNION ALL SELECT -1, t."id", t."studyId", t."itemId", t."dimensionId", t."preference", t."score", t."submittedAt", t."superseded", t."surplus", t."control", t."excludedById" FROM "then_rows" t) j
          WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference" + 3, j."score" - 1) IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", FLOOR(EXTRACT(EPOCH FROM j."submittedAt") / 3600)::integer
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6"
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0) x WHERE true
    ON CONFLICT ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6") DO UPDATE SET
      "units" = "HourlyHistogramShift"."units" + excluded."units", "judgments" = "HourlyHistogramShift"."judgments" + excluded."judgments";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Judgment_hourly_shift_delete" AFTER DELETE ON "Judgment"
REFERENCING OLD TABLE AS "changed_old"
FOR EACH STATEMENT EXECUTE FUNCTION "hourly_shift_delete"();
