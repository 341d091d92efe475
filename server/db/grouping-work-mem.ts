// Memory each sort or hash of a large grouped statement on PostgreSQL may use before it spills to
// disk. The server's default, 4 MB, is far too little for statements that group millions of rows:
// at ten million judgments the planner sorted 3.3 million unit tallies on disk to group them (24 s
// in EXPLAIN ANALYZE) where a hash aggregate in 64 MB took 2.5 s. Raised for one transaction at a
// time (analytics reads), never for the grading path.
export const GROUPING_WORK_MEM = "64MB";

/** Raises work_mem to GROUPING_WORK_MEM until the transaction ends; a larger setting (of the role, the database) stays. */
export const RAISE_WORK_MEM_SQL = `SELECT set_config('work_mem', '${GROUPING_WORK_MEM}', true) WHERE pg_size_bytes(current_setting('work_mem')) < pg_size_bytes('${GROUPING_WORK_MEM}')`;
