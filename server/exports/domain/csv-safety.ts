// Spreadsheet formula injection: a text cell beginning with =, +, -, @, tab or carriage return can
// be run as a formula when the CSV is opened in a spreadsheet. Such cells get a leading
// apostrophe. Numbers stay numbers: "-2" or "1.5e-7" is a value, not a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * csv-stringify's options for every CSV Verdict writes — reports, raw exports, chart downloads:
 * every string cell passes through neutralizeFormula. A test fails when a file writes CSV without it.
 */
/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark; other tools do not need one. */
export const UTF8_BOM = "\uFEFF";

export const SAFE_CSV = { cast: { string: (value: string) => neutralizeFormula(value) } };
