-- CreateTable
CREATE TABLE "GoldExpectation" (
    "itemId" TEXT NOT NULL,
    "dimensionId" TEXT NOT NULL,
    "verdict" TEXT,
    "scoreMin" INTEGER,
    "scoreMax" INTEGER,

    PRIMARY KEY ("itemId", "dimensionId"),
    CONSTRAINT "GoldExpectation_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GoldExpectation_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Exclusion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "studyId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "fromAt" DATETIME,
    "untilAt" DATETIME,
    "reason" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" DATETIME,
    "revokedById" TEXT,
    CONSTRAINT "Exclusion_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Exclusion_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Qualification" (
    "studyId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "correct" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "passed" BOOLEAN NOT NULL,
    "completedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("studyId", "graderId"),
    CONSTRAINT "Qualification_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Qualification_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

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
    CONSTRAINT "Study_promptSetId_fkey" FOREIGN KEY ("promptSetId") REFERENCES "PromptSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Study_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Study" ("completedAt", "createdAt", "createdById", "guidelines", "id", "leaseMinutes", "name", "promptSetId", "redundancy", "startedAt", "status", "type") SELECT "completedAt", "createdAt", "createdById", "guidelines", "id", "leaseMinutes", "name", "promptSetId", "redundancy", "startedAt", "status", "type" FROM "Study";
DROP TABLE "Study";
ALTER TABLE "new_Study" RENAME TO "Study";
CREATE UNIQUE INDEX "Study_name_key" ON "Study"("name");
CREATE INDEX "Study_status_idx" ON "Study"("status");
CREATE TABLE "new_Item" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "studyId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,
    "responseId" TEXT NOT NULL,
    "baselineResponseId" TEXT,
    "submittedCount" INTEGER NOT NULL DEFAULT 0,
    "control" TEXT NOT NULL DEFAULT 'NONE',
    "explanation" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Item_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Item_promptId_fkey" FOREIGN KEY ("promptId") REFERENCES "Prompt" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Item_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale" ("code") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Item_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Item_baselineResponseId_fkey" FOREIGN KEY ("baselineResponseId") REFERENCES "Response" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Item" ("baselineResponseId", "createdAt", "id", "localeCode", "promptId", "responseId", "studyId", "submittedCount") SELECT "baselineResponseId", "createdAt", "id", "localeCode", "promptId", "responseId", "studyId", "submittedCount" FROM "Item";
DROP TABLE "Item";
ALTER TABLE "new_Item" RENAME TO "Item";
CREATE INDEX "Item_studyId_localeCode_submittedCount_idx" ON "Item"("studyId", "localeCode", "submittedCount");
CREATE INDEX "Item_studyId_control_idx" ON "Item"("studyId", "control");
CREATE INDEX "Item_promptId_idx" ON "Item"("promptId");
CREATE UNIQUE INDEX "Item_studyId_promptId_responseId_key" ON "Item"("studyId", "promptId", "responseId");
CREATE TABLE "new_Judgment" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
INSERT INTO "new_Judgment" ("assignmentId", "candidateSide", "cannotAssess", "comment", "dimensionId", "graderId", "harmful", "id", "itemId", "preference", "revision", "score", "source", "studyId", "submittedAt", "superseded", "surplus", "timeSpentMs") SELECT "assignmentId", "candidateSide", "cannotAssess", "comment", "dimensionId", "graderId", "harmful", "id", "itemId", "preference", "revision", "score", "source", "studyId", "submittedAt", "superseded", "surplus", "timeSpentMs" FROM "Judgment";
DROP TABLE "Judgment";
ALTER TABLE "new_Judgment" RENAME TO "Judgment";
CREATE INDEX "Judgment_report_idx" ON "Judgment"("studyId", "itemId", "dimensionId", "superseded", "surplus", "control", "excludedById", "preference", "score", "candidateSide");
CREATE INDEX "Judgment_studyId_id_idx" ON "Judgment"("studyId", "id");
CREATE INDEX "Judgment_itemId_idx" ON "Judgment"("itemId");
CREATE INDEX "Judgment_graderId_idx" ON "Judgment"("graderId");
CREATE UNIQUE INDEX "Judgment_assignmentId_dimensionId_revision_key" ON "Judgment"("assignmentId", "dimensionId", "revision");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Exclusion_studyId_graderId_idx" ON "Exclusion"("studyId", "graderId");

