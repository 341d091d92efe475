// HourlyHistogramShift (prisma/models.prisma) as SQL: the shifts of a set of units computed from
// their counted judgments, and the triggers that keep the table current as judgments change. The
// triggers and the migration's backfill were written into migration 0019_hourly_histogram_shifts
// from these functions (hourly-shift-sql.test.ts checks that they still read the same); a
// judgment import's recount and the tests use the functions themselves.
import { COUNTED_JUDGMENT } from "./judgment-sql";

export type Engine = "sqlite" | "pg";

/** The hour (since 1970, UTC) of a timestamp column, per engine; SQLite holds Prisma's ISO text or, from raw writes, milliseconds. */
export const HOUR_OF: Record<Engine, (column: string) => string> = {
  sqlite: (c) => `(CASE WHEN typeof(${c}) IN ('integer', 'real') THEN CAST(${c} / 3600000 AS INTEGER) ELSE CAST(strftime('%s', ${c}) AS INTEGER) / 3600 END)`,
  pg: (c) => `FLOOR(EXTRACT(EPOCH FROM ${c}) / 3600)::integer`,
};

/** The judgment columns a shift depends on, in the order the row sources below give them. */
export const SHIFT_FIELDS = ["id", "studyId", "itemId", "dimensionId", "preference", "score", "submittedAt", "superseded", "surplus", "control", "excludedById"] as const;

export const SHIFT_COLUMNS = ["studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "units", "judgments"] as const;

const POINTS = [0, 1, 2, 3, 4, 5, 6];
const POINT = `COALESCE(j."preference" + 3, j."score" - 1)`;

/**
 * The shifts (SHIFT_COLUMNS, grouped) of the units whose judgments `rows` lists: a SELECT of
 * `"side"` (1 or −1) and SHIFT_FIELDS. Each side's judgments are one version of those units; a
 * side's shifts are multiplied by it, so "current judgments at +1, the judgments before a change
 * at −1" is what the change does to the table. A unit's judgments are counted per hour, summed
 * hour by hour into its histogram after each hour, and each hour gives +1 to that histogram
 * (with the hour's judgments) and −1 to the one before it.
 */
export function shiftsOfRows(engine: Engine, rows: string): string {
  const counts = POINTS.map((k) => `SUM(CASE WHEN ${POINT} = ${k} THEN 1 ELSE 0 END) AS "n${k}"`).join(", ");
  const running = POINTS.map((k) => `SUM(g."n${k}") OVER w AS "c${k}"`).join(", ");
  const entry = POINTS.map((k) => `c."c${k}" - CASE WHEN s."entry" = -1 THEN c."n${k}" ELSE 0 END AS "h${k}"`).join(", ");
  const histogram = POINTS.map((k) => `e."h${k}"`).join(", ");
  return `SELECT i."studyId", e."dimensionId", ra."modelId", COALESCE(rb."modelId", ''), e."hour", ${histogram}, SUM(e."units"), SUM(e."judgments")
    FROM (
      SELECT c."itemId", c."dimensionId", c."hour", ${entry},
        c."side" * s."entry" AS "units", CASE WHEN s."entry" = 1 THEN c."side" * c."n" ELSE 0 END AS "judgments"
      FROM (
        SELECT g."side", g."itemId", g."dimensionId", g."hour", ${POINTS.map((k) => `g."n${k}"`).join(", ")}, g."n", ${running}, SUM(g."n") OVER w AS "total"
        FROM (
          SELECT j."side", j."itemId", j."dimensionId", ${HOUR_OF[engine](`j."submittedAt"`)} AS "hour", ${counts}, COUNT(*) AS "n"
          FROM (${rows}) j
          WHERE ${COUNTED_JUDGMENT} AND ${POINT} IS NOT NULL
          GROUP BY j."side", j."itemId", j."dimensionId", ${HOUR_OF[engine](`j."submittedAt"`)}
        ) g
        WINDOW w AS (PARTITION BY g."side", g."itemId", g."dimensionId" ORDER BY g."hour" ROWS UNBOUNDED PRECEDING)
      ) c JOIN (SELECT 1 AS "entry" UNION ALL SELECT -1) s ON s."entry" = 1 OR c."total" > c."n"
    ) e JOIN "Item" i ON i."id" = e."itemId" JOIN "Response" ra ON ra."id" = i."responseId" LEFT JOIN "Response" rb ON rb."id" = i."baselineResponseId"
    GROUP BY i."studyId", e."dimensionId", ra."modelId", rb."modelId", e."hour", ${histogram}
    HAVING SUM(e."units") <> 0 OR SUM(e."judgments") <> 0`;
}

const fields = (from: string) => SHIFT_FIELDS.map((f) => `${from}."${f}"`).join(", ");
const named = (from: string) => SHIFT_FIELDS.map((f) => `${from}."${f}" AS "${f}"`).join(", ");

/** One study's judgments as a row source (side 1), its id in `param`: the import's recount. */
export const studyRows = (param: string) => `SELECT 1 AS "side", ${fields("j")} FROM "Judgment" j WHERE j."studyId" = ${param}`;

/** Every judgment as a row source (side 1): the migration's backfill. */
export const allRows = `SELECT 1 AS "side", ${fields("j")} FROM "Judgment" j`;

const UPSERT = `ON CONFLICT ("studyId", "dimensionId", "modelId", "baselineModelId", "hour", "h0", "h1", "h2", "h3", "h4", "h5", "h6") DO UPDATE SET
      "units" = "HourlyHistogramShift"."units" + excluded."units", "judgments" = "HourlyHistogramShift"."judgments" + excluded."judgments"`;

const INSERT = `INSERT INTO "HourlyHistogramShift" (${SHIFT_COLUMNS.map((c) => `"${c}"`).join(", ")})`;

/**
 * The statement a trigger runs: the affected units' shifts now (+1) less their shifts before the
 * change (−1), added to the table. `units` is a condition on judgments `j` naming the affected
 * units; `written` a condition true for the changed rows as they are now (left out of "before");
 * `before` a row source (side −1, SHIFT_FIELDS) of the changed rows as they were.
 */
export function shiftChange(engine: Engine, units: string, written: string, before: string): string {
  // `WHERE true`: SQLite's upsert after INSERT … SELECT must not read as a join's ON clause.
  return `${INSERT}
    SELECT * FROM (${shiftsOfRows(engine, `SELECT 1 AS "side", ${fields("j")} FROM "Judgment" j WHERE ${units}
        UNION ALL SELECT -1, ${fields("j")} FROM "Judgment" j WHERE ${units} AND NOT (${written})
        UNION ALL ${before}`)}) x WHERE true
    ${UPSERT}`;
}

/** The recount of one study's shifts (its id in `param`), replacing what the table holds. */
export const shiftRecount = (engine: Engine, param: string) => [
  `DELETE FROM "HourlyHistogramShift" WHERE "studyId" = ${param}`,
  `${INSERT} ${shiftsOfRows(engine, studyRows(param))}`,
];

/**
 * The recount of a study whose counted judgments were all submitted within one `hour` (a study a
 * judgment import has just created): each unit enters its histogram in that hour, so the shifts
 * are the study's unit tallies, recounted just before, grouped by histogram. At a million
 * judgments this is a grouped read of the tallies' index instead of a sort of every judgment by
 * unit and hour (9 s on SQLite).
 */
export function shiftRecountInOneHour(param: string, hour: number): string[] {
  if (!Number.isSafeInteger(hour)) throw new Error(`an hour is a whole number of hours since 1970, got ${hour}`);
  const histogram = POINTS.map((k) => `"h${k}"`).join(", ");
  return [
    `DELETE FROM "HourlyHistogramShift" WHERE "studyId" = ${param}`,
    `${INSERT} SELECT "studyId", "dimensionId", "modelId", "baselineModelId", ${hour}, ${histogram}, COUNT(*), SUM(${POINTS.map((k) => `"h${k}"`).join(" + ")})
      FROM "UnitTally" WHERE "studyId" = ${param} GROUP BY "studyId", "dimensionId", "modelId", "baselineModelId", ${histogram}`,
  ];
}

/** COUNTED_JUDGMENT, with a value, for the row `r` (NEW, OLD, a transition table's alias) instead of `j`. */
const countedAs = (r: string) => `${COUNTED_JUDGMENT.replaceAll(`j."`, `${r}."`)} AND COALESCE(${r}."preference", ${r}."score") IS NOT NULL`;
const notDeferred = (r: string) => `NOT EXISTS (SELECT 1 FROM "UnitTallyDeferred" d WHERE d."studyId" = ${r}."studyId")`;
const changedFields = ["itemId", "dimensionId", "preference", "score", "submittedAt", "superseded", "surplus", "control", "excludedById"];

/** SQLite: one trigger per event, once per row (SQLite runs a row's triggers before the next row's change). */
export function sqliteTriggers(): string {
  const unitOf = (r: string) => `(j."studyId" = ${r}."studyId" AND j."itemId" = ${r}."itemId" AND j."dimensionId" = ${r}."dimensionId")`;
  const changed = changedFields.map((f) => `OLD."${f}" IS NOT NEW."${f}"`).join(" OR ");
  const trigger = (event: string, when: string, units: string, written: string, before: string) =>
    `CREATE TRIGGER "Judgment_hourly_shift_${event.toLowerCase()}" AFTER ${event} ON "Judgment"
WHEN ${when}
BEGIN
    ${shiftChange("sqlite", units, written, before)};
END;`;
  const none = `SELECT -1, ${fields("j")} FROM "Judgment" j WHERE false`;
  return [
    trigger("INSERT", `${countedAs("NEW")} AND ${notDeferred("NEW")}`, unitOf("NEW"), `j."id" = NEW."id"`, none),
    trigger("UPDATE", `(${changed}) AND (${countedAs("OLD")} OR ${countedAs("NEW")}) AND ${notDeferred("NEW")}`,
      `(${unitOf("OLD")} OR ${unitOf("NEW")})`, `j."id" = NEW."id"`, `SELECT -1, ${named("OLD")}`),
    trigger("DELETE", `${countedAs("OLD")} AND ${notDeferred("OLD")}`, unitOf("OLD"), "false", `SELECT -1, ${named("OLD")}`),
  ].join("\n\n");
}

/**
 * PostgreSQL: once per statement, over its transition tables. Row triggers there run after the
 * whole statement, each seeing every row it wrote, so "before" would be wrong for a statement
 * that writes two judgments of one unit; the statement's old and new rows give it exactly. The
 * affected items are locked first (as the task tallies' trigger does), so that two transactions
 * changing one unit add their changes one after the other, each over the other's committed rows.
 */
export function pgTriggers(): string {
  const fn = (event: "INSERT" | "UPDATE" | "DELETE") => {
    const newRows = event === "DELETE" ? null : `"changed_new"`;
    const oldRows = event === "INSERT" ? null : `"changed_old"`;
    const relevant = changedFields.map((f) => `o."${f}" IS DISTINCT FROM n."${f}"`).join(" OR ");
    // The changed rows that matter, outside deferred studies, as they are now (n) and were (o).
    const pairs = event === "UPDATE"
      ? `SELECT ${fields("n")}, ${SHIFT_FIELDS.map((f) => `o."${f}" AS "old_${f}"`).join(", ")} FROM "changed_new" n JOIN "changed_old" o ON o."id" = n."id"
          WHERE (${relevant}) AND (${countedAs("o")} OR ${countedAs("n")}) AND ${notDeferred("n")}`
      : null;
    const nowSource = event === "UPDATE" ? `SELECT ${fields("p")} FROM "pairs" p`
      : newRows ? `SELECT ${fields("n")} FROM ${newRows} n WHERE ${countedAs("n")} AND ${notDeferred("n")}` : null;
    const thenSource = event === "UPDATE" ? `SELECT ${SHIFT_FIELDS.map((f) => `p."old_${f}" AS "${f}"`).join(", ")} FROM "pairs" p`
      : oldRows ? `SELECT ${fields("o")} FROM ${oldRows} o WHERE ${countedAs("o")} AND ${notDeferred("o")}` : null;
    const ctes = [
      pairs ? `"pairs" AS (${pairs})` : null,
      `"now_rows" AS (${nowSource ?? `SELECT ${fields("j")} FROM "Judgment" j WHERE false`})`,
      `"then_rows" AS (${thenSource ?? `SELECT ${fields("j")} FROM "Judgment" j WHERE false`})`,
      `"changed_units" AS (SELECT "studyId", "itemId", "dimensionId" FROM "now_rows" UNION SELECT "studyId", "itemId", "dimensionId" FROM "then_rows")`,
    ].filter(Boolean).join(",\n      ");
    const units = `(j."studyId", j."itemId", j."dimensionId") IN (SELECT "studyId", "itemId", "dimensionId" FROM "changed_units")`;
    const statement = shiftChange("pg", units, `j."id" IN (SELECT "id" FROM "now_rows")`, `SELECT -1, ${fields("t")} FROM "then_rows" t`);
    const name = `hourly_shift_${event.toLowerCase()}`;
    return `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "Item" i WHERE i."id" IN (WITH ${ctes} SELECT "itemId" FROM "changed_units") ORDER BY i."id" FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  WITH ${ctes}
  ${statement};
  RETURN NULL;
END
$$;

CREATE TRIGGER "Judgment_hourly_shift_${event.toLowerCase()}" AFTER ${event} ON "Judgment"
REFERENCING ${[newRows ? `NEW TABLE AS ${newRows}` : null, oldRows ? `OLD TABLE AS ${oldRows}` : null].filter(Boolean).join(" ")}
FOR EACH STATEMENT EXECUTE FUNCTION "${name}"();`;
  };
  return (["INSERT", "UPDATE", "DELETE"] as const).map(fn).join("\n\n");
}
