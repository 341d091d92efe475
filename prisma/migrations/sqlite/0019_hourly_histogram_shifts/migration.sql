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

    PRIMARY KEY ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6")
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
          SELECT j."side", j."itemId", j."dimensionId", (CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN CAST(j."submittedAt" / 3600000 AS INTEGER) ELSE CAST(strftime('%s', j."submittedAt") AS INTEGER) / 3600 END) AS "hour", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END) AS "n0", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END) AS "n1", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END) AS "n2", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END) AS "n3", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END) AS "n4", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END) AS "n5", SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END) AS "n6", COUNT(*) AS "n"
          FROM (SELECT 1 AS "side", j."id", j."studyId", j."itemId", j."dimensionId", j."preference", j."score", j."submittedAt", j."superseded", j."surplus", j."control", j."excludedById" FROM "Judgment" j) j
          WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference" + 3, j."score" - 1) IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", (CASE WHEN typeof(j."submittedAt") IN ('integer', 'real') THEN CAST(j."submittedAt" / 3600000 AS INTEGER) ELSE CAST(strftime('%s', j."submittedAt") AS INTEGER) / 3600 END)
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", e."h0", e."h1", e."h2", e."h3", e."h4", e."h5", e."h6"
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0;

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
