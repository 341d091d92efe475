-- AlterTable
ALTER TABLE "User" ADD COLUMN     "uiLanguage" TEXT;

-- AlterTable
ALTER TABLE "UserLocale" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "DimensionTranslation" (
    "dimensionId" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DimensionTranslation_pkey" PRIMARY KEY ("dimensionId","language")
);

-- CreateTable
CREATE TABLE "StudyTranslation" (
    "studyId" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "guidelines" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StudyTranslation_pkey" PRIMARY KEY ("studyId","language")
);

-- AddForeignKey
ALTER TABLE "DimensionTranslation" ADD CONSTRAINT "DimensionTranslation_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyTranslation" ADD CONSTRAINT "StudyTranslation_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

