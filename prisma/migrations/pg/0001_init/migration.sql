-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ADMIN', 'RESEARCHER', 'GRADER');

-- CreateEnum
CREATE TYPE "StudyType" AS ENUM ('SIDE_BY_SIDE', 'SINGLE_SIDED');

-- CreateEnum
CREATE TYPE "StudyStatus" AS ENUM ('DRAFT', 'RUNNING', 'PAUSED', 'COMPLETED');

-- CreateEnum
CREATE TYPE "Modality" AS ENUM ('TEXT', 'IMAGE');

-- CreateEnum
CREATE TYPE "StudyModelRole" AS ENUM ('CANDIDATE', 'BASELINE', 'SCORED');

-- CreateEnum
CREATE TYPE "AssignmentStatus" AS ENUM ('LEASED', 'SUBMITTED', 'SKIPPED', 'RELEASED');

-- CreateEnum
CREATE TYPE "Side" AS ENUM ('LEFT', 'RIGHT');

-- CreateEnum
CREATE TYPE "JudgmentSource" AS ENUM ('APP', 'IMPORT');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "passwordHash" TEXT,
    "role" "Role" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "failedLoginCount" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLoginAt" TIMESTAMP(3),

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "userAgent" TEXT,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Locale" (
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "region" TEXT NOT NULL,

    CONSTRAINT "Locale_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "UserLocale" (
    "userId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,

    CONSTRAINT "UserLocale_pkey" PRIMARY KEY ("userId","localeCode")
);

-- CreateTable
CREATE TABLE "Model" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "generation" TEXT,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Model_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PromptSet" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PromptSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Prompt" (
    "id" TEXT NOT NULL,
    "promptSetId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "modality" "Modality" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Prompt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Response" (
    "id" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Response_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" TEXT NOT NULL,
    "promptId" TEXT,
    "responseId" TEXT,
    "fileName" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Dimension" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "appliesToText" BOOLEAN NOT NULL DEFAULT true,
    "appliesToImage" BOOLEAN NOT NULL DEFAULT true,
    "builtIn" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dimension_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Study" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" "StudyType" NOT NULL,
    "status" "StudyStatus" NOT NULL DEFAULT 'DRAFT',
    "redundancy" INTEGER NOT NULL DEFAULT 3,
    "leaseMinutes" INTEGER NOT NULL DEFAULT 20,
    "guidelines" TEXT NOT NULL DEFAULT '',
    "promptSetId" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Study_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StudyModel" (
    "studyId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "role" "StudyModelRole" NOT NULL,

    CONSTRAINT "StudyModel_pkey" PRIMARY KEY ("studyId","modelId")
);

-- CreateTable
CREATE TABLE "StudyDimension" (
    "studyId" TEXT NOT NULL,
    "dimensionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "scaleMin" INTEGER NOT NULL,
    "scaleMax" INTEGER NOT NULL,

    CONSTRAINT "StudyDimension_pkey" PRIMARY KEY ("studyId","dimensionId")
);

-- CreateTable
CREATE TABLE "StudyLocale" (
    "studyId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,

    CONSTRAINT "StudyLocale_pkey" PRIMARY KEY ("studyId","localeCode")
);

-- CreateTable
CREATE TABLE "Item" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,
    "responseId" TEXT NOT NULL,
    "baselineResponseId" TEXT,
    "submittedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'LEASED',
    "candidateSide" "Side",
    "leasedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "skipReason" TEXT,
    "surplus" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Judgment" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "dimensionId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "superseded" BOOLEAN NOT NULL DEFAULT false,
    "preference" INTEGER,
    "score" INTEGER,
    "candidateSide" "Side",
    "timeSpentMs" INTEGER,
    "comment" TEXT,
    "cannotAssess" BOOLEAN NOT NULL DEFAULT false,
    "harmful" BOOLEAN NOT NULL DEFAULT false,
    "surplus" BOOLEAN NOT NULL DEFAULT false,
    "source" "JudgmentSource" NOT NULL DEFAULT 'APP',
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Judgment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "UserLocale_localeCode_idx" ON "UserLocale"("localeCode");

-- CreateIndex
CREATE UNIQUE INDEX "Model_name_key" ON "Model"("name");

-- CreateIndex
CREATE UNIQUE INDEX "PromptSet_name_key" ON "PromptSet"("name");

-- CreateIndex
CREATE INDEX "Prompt_promptSetId_localeCode_category_idx" ON "Prompt"("promptSetId", "localeCode", "category");

-- CreateIndex
CREATE UNIQUE INDEX "Prompt_promptSetId_externalId_key" ON "Prompt"("promptSetId", "externalId");

-- CreateIndex
CREATE INDEX "Response_modelId_idx" ON "Response"("modelId");

-- CreateIndex
CREATE UNIQUE INDEX "Response_promptId_modelId_key" ON "Response"("promptId", "modelId");

-- CreateIndex
CREATE INDEX "Attachment_promptId_idx" ON "Attachment"("promptId");

-- CreateIndex
CREATE INDEX "Attachment_responseId_idx" ON "Attachment"("responseId");

-- CreateIndex
CREATE UNIQUE INDEX "Dimension_key_key" ON "Dimension"("key");

-- CreateIndex
CREATE UNIQUE INDEX "Study_name_key" ON "Study"("name");

-- CreateIndex
CREATE INDEX "Study_status_idx" ON "Study"("status");

-- CreateIndex
CREATE INDEX "Item_studyId_localeCode_submittedCount_idx" ON "Item"("studyId", "localeCode", "submittedCount");

-- CreateIndex
CREATE INDEX "Item_promptId_idx" ON "Item"("promptId");

-- CreateIndex
CREATE UNIQUE INDEX "Item_studyId_promptId_responseId_key" ON "Item"("studyId", "promptId", "responseId");

-- CreateIndex
CREATE INDEX "Assignment_graderId_status_idx" ON "Assignment"("graderId", "status");

-- CreateIndex
CREATE INDEX "Assignment_itemId_status_expiresAt_idx" ON "Assignment"("itemId", "status", "expiresAt");

-- CreateIndex
CREATE INDEX "Assignment_studyId_status_idx" ON "Assignment"("studyId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_itemId_graderId_key" ON "Assignment"("itemId", "graderId");

-- CreateIndex
CREATE INDEX "Judgment_studyId_dimensionId_superseded_idx" ON "Judgment"("studyId", "dimensionId", "superseded");

-- CreateIndex
CREATE INDEX "Judgment_itemId_idx" ON "Judgment"("itemId");

-- CreateIndex
CREATE INDEX "Judgment_graderId_idx" ON "Judgment"("graderId");

-- CreateIndex
CREATE UNIQUE INDEX "Judgment_assignmentId_dimensionId_revision_key" ON "Judgment"("assignmentId", "dimensionId", "revision");

-- CreateIndex
CREATE INDEX "AuditEvent_entityType_entityId_idx" ON "AuditEvent"("entityType", "entityId");

-- CreateIndex
CREATE INDEX "AuditEvent_at_idx" ON "AuditEvent"("at");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserLocale" ADD CONSTRAINT "UserLocale_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserLocale" ADD CONSTRAINT "UserLocale_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromptSet" ADD CONSTRAINT "PromptSet_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Prompt" ADD CONSTRAINT "Prompt_promptSetId_fkey" FOREIGN KEY ("promptSetId") REFERENCES "PromptSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Prompt" ADD CONSTRAINT "Prompt_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_promptId_fkey" FOREIGN KEY ("promptId") REFERENCES "Prompt"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_promptId_fkey" FOREIGN KEY ("promptId") REFERENCES "Prompt"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Study" ADD CONSTRAINT "Study_promptSetId_fkey" FOREIGN KEY ("promptSetId") REFERENCES "PromptSet"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Study" ADD CONSTRAINT "Study_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyModel" ADD CONSTRAINT "StudyModel_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyModel" ADD CONSTRAINT "StudyModel_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyDimension" ADD CONSTRAINT "StudyDimension_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyDimension" ADD CONSTRAINT "StudyDimension_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyLocale" ADD CONSTRAINT "StudyLocale_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyLocale" ADD CONSTRAINT "StudyLocale_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Item" ADD CONSTRAINT "Item_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Item" ADD CONSTRAINT "Item_promptId_fkey" FOREIGN KEY ("promptId") REFERENCES "Prompt"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Item" ADD CONSTRAINT "Item_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Item" ADD CONSTRAINT "Item_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Item" ADD CONSTRAINT "Item_baselineResponseId_fkey" FOREIGN KEY ("baselineResponseId") REFERENCES "Response"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

