-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "passwordHash" TEXT,
    "role" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "failedLoginCount" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLoginAt" DATETIME
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "userAgent" TEXT,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Locale" (
    "code" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "region" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "UserLocale" (
    "userId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,

    PRIMARY KEY ("userId", "localeCode"),
    CONSTRAINT "UserLocale_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserLocale_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale" ("code") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Model" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "generation" TEXT,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PromptSet" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PromptSet_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Prompt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "promptSetId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "modality" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Prompt_promptSetId_fkey" FOREIGN KEY ("promptSetId") REFERENCES "PromptSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Prompt_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale" ("code") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Response" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "promptId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Response_promptId_fkey" FOREIGN KEY ("promptId") REFERENCES "Prompt" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Response_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "promptId" TEXT,
    "responseId" TEXT,
    "fileName" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BLOB NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Attachment_promptId_fkey" FOREIGN KEY ("promptId") REFERENCES "Prompt" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Attachment_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Dimension" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "appliesToText" BOOLEAN NOT NULL DEFAULT true,
    "appliesToImage" BOOLEAN NOT NULL DEFAULT true,
    "builtIn" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Study" (
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
    CONSTRAINT "Study_promptSetId_fkey" FOREIGN KEY ("promptSetId") REFERENCES "PromptSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Study_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StudyModel" (
    "studyId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "role" TEXT NOT NULL,

    PRIMARY KEY ("studyId", "modelId"),
    CONSTRAINT "StudyModel_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StudyModel_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StudyDimension" (
    "studyId" TEXT NOT NULL,
    "dimensionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "scaleMin" INTEGER NOT NULL,
    "scaleMax" INTEGER NOT NULL,

    PRIMARY KEY ("studyId", "dimensionId"),
    CONSTRAINT "StudyDimension_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StudyDimension_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StudyLocale" (
    "studyId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,

    PRIMARY KEY ("studyId", "localeCode"),
    CONSTRAINT "StudyLocale_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StudyLocale_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale" ("code") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Item" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "studyId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "localeCode" TEXT NOT NULL,
    "responseId" TEXT NOT NULL,
    "baselineResponseId" TEXT,
    "submittedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Item_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Item_promptId_fkey" FOREIGN KEY ("promptId") REFERENCES "Prompt" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Item_localeCode_fkey" FOREIGN KEY ("localeCode") REFERENCES "Locale" ("code") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Item_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Item_baselineResponseId_fkey" FOREIGN KEY ("baselineResponseId") REFERENCES "Response" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "studyId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'LEASED',
    "candidateSide" TEXT,
    "leasedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "submittedAt" DATETIME,
    "skipReason" TEXT,
    "surplus" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Assignment_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Assignment_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Assignment_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Judgment" (
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
    "source" TEXT NOT NULL DEFAULT 'APP',
    "submittedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Judgment_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgment_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgment_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgment_graderId_fkey" FOREIGN KEY ("graderId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Judgment_dimensionId_fkey" FOREIGN KEY ("dimensionId") REFERENCES "Dimension" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '{}',
    CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
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

