-- A grader's lease in one call (server/grading/hot-path-sql.ts, leaseFunctionPg): the grader's row,
-- then each candidate item's row until one has room, and the lease inserted, in one round trip and
-- one short transaction, where a lease was five round trips per item tried, its row locks held
-- while the app's event loop got round to sending the next statement.
CREATE FUNCTION "lease_first_open_item"(p_study text, p_grader text, p_items text[], p_sides text[], p_id text, p_k bigint, p_now timestamp(3), p_expires timestamp(3))
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_own text;
  v_taken bigint;
  v_inserted bigint;
BEGIN
  SELECT (SELECT a."id" FROM "Assignment" a WHERE a."studyId" = p_study AND a."graderId" = p_grader AND a."status" = 'LEASED' AND a."expiresAt" > p_now LIMIT 1) AS "own" INTO v_own
  FROM "User" u WHERE u."id" = p_grader FOR NO KEY UPDATE OF u;
  IF v_own IS NOT NULL THEN RETURN v_own; END IF;
  FOR n IN 1 .. COALESCE(array_length(p_items, 1), 0) LOOP
    SELECT i."submittedCount" INTO v_taken FROM "Item" i WHERE i."id" = p_items[n] FOR NO KEY UPDATE OF i SKIP LOCKED;
    CONTINUE WHEN NOT FOUND OR v_taken >= p_k;
    INSERT INTO "Assignment" ("id", "studyId", "itemId", "graderId", "status", "candidateSide", "leasedAt", "expiresAt", "surplus")
  SELECT p_id::text, p_study::text, p_items[n]::text, p_grader::text, 'LEASED'::"AssignmentStatus", p_sides[n]::"Side", p_now::timestamp(3), p_expires::timestamp(3), 0::int::boolean
  WHERE v_taken::bigint + (SELECT COUNT(*) FROM "Assignment" a WHERE a."itemId" = p_items[n] AND a."status" = 'LEASED' AND a."expiresAt" > p_now::timestamp(3)) < p_k::bigint
    ON CONFLICT ("itemId", "graderId") DO NOTHING;
    GET DIAGNOSTICS v_inserted = ROW_COUNT;
    IF v_inserted > 0 THEN RETURN p_id; END IF;
  END LOOP;
  RETURN NULL;
END
$$;
