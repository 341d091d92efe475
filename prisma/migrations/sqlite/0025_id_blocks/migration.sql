-- Blocks of compact ids for the rows imports write (prisma/models.prisma, IdBlock, says why).
-- CreateTable
CREATE TABLE "IdBlock" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
);

