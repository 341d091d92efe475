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

