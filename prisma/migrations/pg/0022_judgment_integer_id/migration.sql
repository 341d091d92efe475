-- A judgment's id becomes an integer (see Judgment in prisma/models.prisma), numbered in the order
-- the judgments arrived (their text ids were ULIDs or cuids, which sort by time only among their
-- own kind). As SERIAL would make it: an integer column whose default is its own sequence.
ALTER TABLE "Judgment" ADD COLUMN "newId" INTEGER;
UPDATE "Judgment" j SET "newId" = n."number"
FROM (SELECT "id", ROW_NUMBER() OVER (ORDER BY "submittedAt", "id") AS "number" FROM "Judgment") n
WHERE n."id" = j."id";

-- Dropping the column drops its primary key and the study-and-id index with it.
ALTER TABLE "Judgment" DROP COLUMN "id";
ALTER TABLE "Judgment" RENAME COLUMN "newId" TO "id";
CREATE SEQUENCE "Judgment_id_seq" AS INTEGER OWNED BY "Judgment"."id";
SELECT setval('"Judgment_id_seq"', COALESCE((SELECT MAX("id") FROM "Judgment"), 0) + 1, false);
ALTER TABLE "Judgment" ALTER COLUMN "id" SET DEFAULT nextval('"Judgment_id_seq"'),
  ALTER COLUMN "id" SET NOT NULL,
  ADD CONSTRAINT "Judgment_pkey" PRIMARY KEY ("id");

-- CreateIndex
CREATE INDEX "Judgment_studyId_id_idx" ON "Judgment"("studyId", "id");
