-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN "durationMs" INTEGER;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Dimension" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "appliesToText" BOOLEAN NOT NULL DEFAULT true,
    "appliesToImage" BOOLEAN NOT NULL DEFAULT true,
    "appliesToAudio" BOOLEAN NOT NULL DEFAULT true,
    "forTextResponses" BOOLEAN NOT NULL DEFAULT true,
    "forImageResponses" BOOLEAN NOT NULL DEFAULT true,
    "forAudioResponses" BOOLEAN NOT NULL DEFAULT true,
    "builtIn" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Dimension" ("appliesToImage", "appliesToText", "builtIn", "createdAt", "description", "id", "key", "label") SELECT "appliesToImage", "appliesToText", "builtIn", "createdAt", "description", "id", "key", "label" FROM "Dimension";
DROP TABLE "Dimension";
ALTER TABLE "new_Dimension" RENAME TO "Dimension";
CREATE UNIQUE INDEX "Dimension_key_key" ON "Dimension"("key");
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
    "verdictRule" TEXT NOT NULL DEFAULT 'mean',
    "requireFullListen" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Study_promptSetId_fkey" FOREIGN KEY ("promptSetId") REFERENCES "PromptSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Study_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Study" ("completedAt", "createdAt", "createdById", "goldRate", "graderTitle", "guidelines", "id", "leaseMinutes", "minTaskSeconds", "name", "pairing", "pairingSeed", "promptSetId", "qualificationPassRate", "redundancy", "requireQualification", "startedAt", "status", "type", "verdictRule") SELECT "completedAt", "createdAt", "createdById", "goldRate", "graderTitle", "guidelines", "id", "leaseMinutes", "minTaskSeconds", "name", "pairing", "pairingSeed", "promptSetId", "qualificationPassRate", "redundancy", "requireQualification", "startedAt", "status", "type", "verdictRule" FROM "Study";
DROP TABLE "Study";
ALTER TABLE "new_Study" RENAME TO "Study";
CREATE UNIQUE INDEX "Study_name_key" ON "Study"("name");
CREATE INDEX "Study_status_idx" ON "Study"("status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Prompts whose responses are images (imported before responses had a modality of their own)
-- become text→image and image→image.
UPDATE "Prompt" SET "modality" = 'IMAGE_TO_IMAGE' WHERE "modality" = 'IMAGE'
  AND EXISTS (SELECT 1 FROM "Attachment" a JOIN "Response" r ON a."responseId" = r."id" WHERE r."promptId" = "Prompt"."id");
UPDATE "Prompt" SET "modality" = 'TEXT_TO_IMAGE' WHERE "modality" = 'TEXT'
  AND EXISTS (SELECT 1 FROM "Attachment" a JOIN "Response" r ON a."responseId" = r."id" WHERE r."promptId" = "Prompt"."id");
