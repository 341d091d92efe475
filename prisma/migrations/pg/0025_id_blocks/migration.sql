-- Blocks of compact ids for the rows imports write (prisma/models.prisma, IdBlock, says why).
-- CreateTable
CREATE TABLE "IdBlock" (
    "id" SERIAL NOT NULL,

    CONSTRAINT "IdBlock_pkey" PRIMARY KEY ("id")
);

