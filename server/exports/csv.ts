// The server's CSV writers, all with SAFE_CSV (formula neutralisation on text cells).
import { stringify } from "csv-stringify";
import { stringify as stringifySync } from "csv-stringify/sync";
import { SAFE_CSV } from "./domain/csv-safety";

export const toCsv = (records: unknown[][]): string => stringifySync(records, SAFE_CSV);

export const csvStream = (columns: string[]) => stringify({ header: true, columns, ...SAFE_CSV });
