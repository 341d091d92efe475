// What the browser may take from exports: the one set of CSV options (chart downloads use it).
export { SAFE_CSV, UTF8_BOM } from "./domain/csv-safety";
