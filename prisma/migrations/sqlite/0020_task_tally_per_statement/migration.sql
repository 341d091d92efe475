-- No change on SQLite. On PostgreSQL this migration makes a judgment INSERT recount its task
-- tallies once per statement instead of once per row (a row trigger there ran its recount for each
-- of a submission's four judgments). SQLite keeps its row triggers: there a trigger's statements
-- cost microseconds and its one writer needs no row locks. The migration exists on both engines so
-- that their histories stay the same (scripts/prisma-schemas.test.ts).
SELECT 1;
