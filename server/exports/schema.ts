// What the browser may take from exports: the one set of CSV options (chart downloads use it).
export { SAFE_CSV } from "./domain/csv-safety";
