// The server's CSV writers, all with SAFE_CSV (formula neutralisation on text cells).
import { stringify } from "csv-stringify";
import { stringify as stringifySync } from "csv-stringify/sync";
import { SAFE_CSV } from "./domain/csv-safety";

/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark; other tools do not need one. */
export const UTF8_BOM = "\uFEFF";

export const toCsv = (records: unknown[][], opts: { bom?: boolean } = {}): string => `${opts.bom ? UTF8_BOM : ""}${stringifySync(records, SAFE_CSV)}`;

export const csvStream = (columns: string[]) => stringify({ header: true, columns, ...SAFE_CSV });
