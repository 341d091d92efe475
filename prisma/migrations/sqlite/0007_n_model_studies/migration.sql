-- DropIndex
DROP INDEX "Item_studyId_promptId_responseId_key";

-- AlterTable
ALTER TABLE "Response" ADD COLUMN "styleBold" INTEGER;
ALTER TABLE "Response" ADD COLUMN "styleHeaders" INTEGER;
ALTER TABLE "Response" ADD COLUMN "styleLength" INTEGER;
ALTER TABLE "Response" ADD COLUMN "styleListItems" INTEGER;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Study" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "redundancy" INTEGER NOT NULL DEFAULT 3,
    "leaseMinutes" INTEGER NOT NULL DEFAULT 20,
    "guidelines" TEXT NOT NULL DEFAULT '',
    "promptSetId" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "completedAt" DATETIME,
    "goldRate" REAL NOT NULL DEFAULT 0,
    "requireQualification" BOOLEAN NOT NULL DEFAULT false,
    "qualificationPassRate" REAL NOT NULL DEFAULT 0.8,
    "minTaskSeconds" INTEGER NOT NULL DEFAULT 0,
    "graderTitle" TEXT NOT NULL DEFAULT '',
    "pairing" TEXT NOT NULL DEFAULT '',
    "pairingSeed" INTEGER,
    CONSTRAINT "Study_promptSetId_fkey" FOREIGN KEY ("promptSetId") REFERENCES "PromptSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Study_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Study" ("completedAt", "createdAt", "createdById", "goldRate", "graderTitle", "guidelines", "id", "leaseMinutes", "minTaskSeconds", "name", "promptSetId", "qualificationPassRate", "redundancy", "requireQualification", "startedAt", "status", "type") SELECT "completedAt", "createdAt", "createdById", "goldRate", "graderTitle", "guidelines", "id", "leaseMinutes", "minTaskSeconds", "name", "promptSetId", "qualificationPassRate", "redundancy", "requireQualification", "startedAt", "status", "type" FROM "Study";
DROP TABLE "Study";
ALTER TABLE "new_Study" RENAME TO "Study";
CREATE UNIQUE INDEX "Study_name_key" ON "Study"("name");
CREATE INDEX "Study_status_idx" ON "Study"("status");
CREATE TABLE "new_StudyModel" (
    "studyId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("studyId", "modelId"),
    CONSTRAINT "StudyModel_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StudyModel_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_StudyModel" ("modelId", "role", "studyId") SELECT "modelId", "role", "studyId" FROM "StudyModel";
DROP TABLE "StudyModel";
ALTER TABLE "new_StudyModel" RENAME TO "StudyModel";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Item_studyId_promptId_responseId_baselineResponseId_key" ON "Item"("studyId", "promptId", "responseId", "baselineResponseId");


-- Two-model studies named the candidate first.
UPDATE "StudyModel" SET "position" = 1 WHERE "role" = 'BASELINE';
