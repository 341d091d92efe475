// The server's CSV writers, all with SAFE_CSV (formula neutralisation on text cells); the raw
// export's lines come from csv-lines.ts, which formats through the same options.
import { stringify as stringifySync } from "csv-stringify/sync";
import { SAFE_CSV, UTF8_BOM } from "./domain/csv-safety";

export { UTF8_BOM };

export const toCsv = (records: unknown[][], opts: { bom?: boolean } = {}): string => `${opts.bom ? UTF8_BOM : ""}${stringifySync(records, SAFE_CSV)}`;

