-- AlterTable
ALTER TABLE "User" ADD COLUMN "uiLanguage" TEXT;

-- CreateTable
CREATE TABLE "DimensionTranslation" (
    "dimensionId" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("dimensionId", "language"),
    CONSTRAINT "DimensionTranslation_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StudyTranslation" (
    "studyId" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "guidelines" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("studyId", "language"),
    CONSTRAINT "StudyTranslation_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_UserLocale" (
    "userId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("userId", "localeCode"),
    CONSTRAINT "UserLocale_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserLocale_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale" ("code") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_UserLocale" ("localeCode", "userId") SELECT "localeCode", "userId" FROM "UserLocale";
DROP TABLE "UserLocale";
ALTER TABLE "new_UserLocale" RENAME TO "UserLocale";
CREATE INDEX "UserLocale_localeCode_idx" ON "UserLocale"("localeCode");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

