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
    "verdictRule" TEXT NOT NULL DEFAULT 'mean',
    CONSTRAINT "Study_promptSetId_fkey" FOREIGN KEY ("promptSetId") REFERENCES "PromptSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Study_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Study" ("completedAt", "createdAt", "createdById", "goldRate", "graderTitle", "guidelines", "id", "leaseMinutes", "minTaskSeconds", "name", "pairing", "pairingSeed", "promptSetId", "qualificationPassRate", "redundancy", "requireQualification", "startedAt", "status", "type") SELECT "completedAt", "createdAt", "createdById", "goldRate", "graderTitle", "guidelines", "id", "leaseMinutes", "minTaskSeconds", "name", "pairing", "pairingSeed", "promptSetId", "qualificationPassRate", "redundancy", "requireQualification", "startedAt", "status", "type" FROM "Study";
DROP TABLE "Study";
ALTER TABLE "new_Study" RENAME TO "Study";
CREATE UNIQUE INDEX "Study_name_key" ON "Study"("name");
CREATE INDEX "Study_status_idx" ON "Study"("status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

