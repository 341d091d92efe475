// Okabe–Ito colours: distinguishable with the common colour-vision deficiencies, and in greyscale
// the candidate (dark blue), tie (light grey) and baseline (orange) stay apart.
export const CANDIDATE = "#0072B2";
export const SAME = "#BDBDBD";
export const BASELINE = "#E69F00";
export const MODEL_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442"];

// Undefined statistics read "n/a" (not a dash that could pass for zero); charts and sentences say why next to them.
export const pct = (v: number | null | undefined, digits = 1) => (v === null || v === undefined ? "n/a" : `${(v * 100).toFixed(digits)}%`);
/** A difference with its sign: +0.42, −0.10. */
export const signed = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? "n/a" : `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v).toFixed(digits)}`);
export const num = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? "n/a" : v.toFixed(digits));
/** A p-value for people; the report floors p at 1e-300 (a double cannot hold less), which never reads as 0. */
export const pValue = (p: number | null) => (p === null ? "p n/a" : p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`);
