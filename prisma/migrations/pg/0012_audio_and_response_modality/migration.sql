-- AlterEnum: the type is rebuilt rather than extended with ADD VALUE, because values added that
-- way cannot be used before the transaction commits, and the data update below uses them.
ALTER TYPE "Modality" RENAME TO "Modality_old";
CREATE TYPE "Modality" AS ENUM ('TEXT', 'IMAGE', 'AUDIO', 'TEXT_TO_IMAGE', 'IMAGE_TO_IMAGE', 'AUDIO_TO_IMAGE', 'TEXT_TO_AUDIO', 'IMAGE_TO_AUDIO', 'AUDIO_TO_AUDIO');
ALTER TABLE "Prompt" ALTER COLUMN "modality" TYPE "Modality" USING ("modality"::text::"Modality");
DROP TYPE "Modality_old";

-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN     "durationMs" INTEGER;

-- AlterTable
ALTER TABLE "Dimension" ADD COLUMN     "appliesToAudio" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "forAudioResponses" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "forImageResponses" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "forTextResponses" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Study" ADD COLUMN     "requireFullListen" BOOLEAN NOT NULL DEFAULT false;


-- Prompts whose responses are images (imported before responses had a modality of their own)
-- become text→image and image→image.
UPDATE "Prompt" SET "modality" = 'IMAGE_TO_IMAGE' WHERE "modality" = 'IMAGE'
  AND EXISTS (SELECT 1 FROM "Attachment" a JOIN "Response" r ON a."responseId" = r."id" WHERE r."promptId" = "Prompt"."id");
UPDATE "Prompt" SET "modality" = 'TEXT_TO_IMAGE' WHERE "modality" = 'TEXT'
  AND EXISTS (SELECT 1 FROM "Attachment" a JOIN "Response" r ON a."responseId" = r."id" WHERE r."promptId" = "Prompt"."id");
