// How a p-value is reported. Below P_FLOOR a double cannot hold p faithfully (it underflows to
// 0 near 1e-308 and loses digits before that), and "p = 0" would claim certainty that no finite
// sample gives: the value is then the floor itself, the note says "p < 1e-300" and gives log10 p,
// which stays exact however small p is.
export const P_FLOOR = 1e-300;

export interface PValueFigure {
  value: number;
  note: string;
}

/** The reported value and note of a p-value given as its natural log. */
export function pValueFigure(logP: number): PValueFigure {
  const p = Math.exp(logP);
  if (p >= P_FLOOR) return { value: p, note: "" };
  return { value: P_FLOOR, note: `p < 1e-300 (log10 p = ${(logP / Math.LN10).toFixed(2)})` };
}
