-- CreateTable
CREATE TABLE "UnitTally" (
    "itemId" TEXT NOT NULL,
    "dimensionId" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "baselineModelId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "modality" "Modality" NOT NULL,
    "h0" INTEGER NOT NULL,
    "h1" INTEGER NOT NULL,
    "h2" INTEGER NOT NULL,
    "h3" INTEGER NOT NULL,
    "h4" INTEGER NOT NULL,
    "h5" INTEGER NOT NULL,
    "h6" INTEGER NOT NULL,
    "leftWins" INTEGER NOT NULL,
    "sidedNonTies" INTEGER NOT NULL,

    CONSTRAINT "UnitTally_pkey" PRIMARY KEY ("itemId","dimensionId")
);

-- CreateTable
CREATE TABLE "UnitTallyDeferred" (
    "studyId" TEXT NOT NULL,

    CONSTRAINT "UnitTallyDeferred_pkey" PRIMARY KEY ("studyId")
);

-- CreateIndex
CREATE INDEX "UnitTally_group_idx" ON "UnitTally"("studyId", "dimensionId", "modelId", "baselineModelId", "localeCode", "category", "modality", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies");


-- Every judgment counted (current, not surplus, not control, not excluded, with a value) is
-- summed into its unit (item × dimension) by the triggers below, in the transaction that writes
-- it; the existing judgments are summed once here. The unit also carries what the report slices
-- and pairs by (the prompt's locale, category and modality; the item's models), kept current
-- when a re-import changes a prompt. A transaction that writes a study's judgments in bulk (a
-- judgment import) names the study in "UnitTallyDeferred": the triggers then leave it to recount
-- the study's units in one grouped statement before it commits.

INSERT INTO "UnitTally" ("itemId", "dimensionId", "studyId", "modelId", "baselineModelId", "localeCode", "category", "modality", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "leftWins", "sidedNonTies")
SELECT j."itemId", j."dimensionId", j."studyId", ra."modelId", COALESCE(rb."modelId", ''), p."localeCode", p."category", p."modality",
  SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 0 THEN 1 ELSE 0 END),
  SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 1 THEN 1 ELSE 0 END),
  SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 2 THEN 1 ELSE 0 END),
  SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 3 THEN 1 ELSE 0 END),
  SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 4 THEN 1 ELSE 0 END),
  SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 5 THEN 1 ELSE 0 END),
  SUM(CASE WHEN COALESCE(j."preference" + 3, j."score" - 1) = 6 THEN 1 ELSE 0 END),
  SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END), SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END)
FROM "Judgment" j JOIN "Item" i ON i."id" = j."itemId"
  JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
  JOIN "Prompt" p ON p."id" = i."promptId"
WHERE j."superseded" = false AND j."surplus" = false AND j."control" = false AND j."excludedById" IS NULL AND COALESCE(j."preference", j."score") IS NOT NULL
GROUP BY j."itemId", j."dimensionId", j."studyId", ra."modelId", rb."modelId", p."localeCode", p."category", p."modality";

CREATE FUNCTION "unit_tally_judgment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD."superseded" = false AND OLD."surplus" = false AND OLD."control" = false AND OLD."excludedById" IS NULL AND COALESCE(OLD."preference", OLD."score") IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = OLD."studyId") THEN
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
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW."superseded" = false AND NEW."surplus" = false AND NEW."control" = false AND NEW."excludedById" IS NULL AND COALESCE(NEW."preference", NEW."score") IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = NEW."studyId") THEN
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
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Judgment_unit_tally" AFTER INSERT OR UPDATE OR DELETE ON "Judgment"
FOR EACH ROW EXECUTE FUNCTION "unit_tally_judgment"();

CREATE FUNCTION "unit_tally_prompt"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "UnitTally" SET "localeCode" = NEW."localeCode", "category" = NEW."category", "modality" = NEW."modality"
    WHERE "itemId" IN (SELECT i."id" FROM "Item" i WHERE i."promptId" = NEW."id");
  RETURN NULL;
END
$$;

CREATE TRIGGER "Prompt_unit_tally" AFTER UPDATE OF "localeCode", "category", "modality" ON "Prompt"
FOR EACH ROW WHEN (OLD."localeCode" <> NEW."localeCode" OR OLD."category" <> NEW."category" OR OLD."modality" <> NEW."modality") EXECUTE FUNCTION "unit_tally_prompt"();
