-- Judgment loses its indexes on the item and on the grader alone (prisma/models.prisma says why):
-- a million-row import spent about a second on each. Queries that used them now go through the
-- report index (the study and item) or the grader's assignments (server/quality/repo.ts).
-- DropIndex
DROP INDEX "Judgment_itemId_idx";

-- DropIndex
DROP INDEX "Judgment_graderId_idx";

