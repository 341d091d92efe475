// Spreadsheet formula injection: a text cell beginning with =, +, -, @, tab or carriage return can
// be run as a formula when the CSV is opened in a spreadsheet. Such cells get a leading
// apostrophe. Only text columns are neutralised; numbers (a preference of -2) stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
