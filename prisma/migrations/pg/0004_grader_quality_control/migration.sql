-- CreateEnum
CREATE TYPE "ItemControl" AS ENUM ('NONE', 'GOLD', 'ATTENTION', 'QUALIFICATION');

-- CreateEnum
CREATE TYPE "GoldVerdict" AS ENUM ('CANDIDATE', 'BASELINE', 'SAME');

-- DropIndex
DROP INDEX "Judgment_report_idx";

-- AlterTable
ALTER TABLE "Study" ADD COLUMN     "goldRate" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "minTaskSeconds" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "qualificationPassRate" DOUBLE PRECISION NOT NULL DEFAULT 0.8,
ADD COLUMN     "requireQualification" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Item" ADD COLUMN     "control" "ItemControl" NOT NULL DEFAULT 'NONE',
ADD COLUMN     "explanation" TEXT;

-- AlterTable
ALTER TABLE "Judgment" ADD COLUMN     "control" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "excludedById" TEXT;

-- CreateTable
CREATE TABLE "GoldExpectation" (
    "itemId" TEXT NOT NULL,
    "dimensionId" TEXT NOT NULL,
    "verdict" "GoldVerdict",
    "scoreMin" INTEGER,
    "scoreMax" INTEGER,

    CONSTRAINT "GoldExpectation_pkey" PRIMARY KEY ("itemId","dimensionId")
);

-- CreateTable
CREATE TABLE "Exclusion" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "fromAt" TIMESTAMP(3),
    "untilAt" TIMESTAMP(3),
    "reason" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "revokedById" TEXT,

    CONSTRAINT "Exclusion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Qualification" (
    "studyId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "correct" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "passed" BOOLEAN NOT NULL,
    "completedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Qualification_pkey" PRIMARY KEY ("studyId","graderId")
);

-- CreateIndex
CREATE INDEX "Exclusion_studyId_graderId_idx" ON "Exclusion"("studyId", "graderId");

-- CreateIndex
CREATE INDEX "Item_studyId_control_idx" ON "Item"("studyId", "control");

-- CreateIndex
CREATE INDEX "Judgment_report_idx" ON "Judgment"("studyId", "itemId", "dimensionId", "superseded", "surplus", "control", "excludedById", "preference", "score", "candidateSide");

-- AddForeignKey
ALTER TABLE "GoldExpectation" ADD CONSTRAINT "GoldExpectation_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldExpectation" ADD CONSTRAINT "GoldExpectation_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_excludedById_fkey" FOREIGN KEY ("excludedById") REFERENCES "Exclusion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Exclusion" ADD CONSTRAINT "Exclusion_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Exclusion" ADD CONSTRAINT "Exclusion_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Qualification" ADD CONSTRAINT "Qualification_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Qualification" ADD CONSTRAINT "Qualification_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

