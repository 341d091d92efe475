// The answer choices of a dimension as the grader sees them, and the digit key that picks each.
// Side-by-side (-3..+3): key 1 = "Response 1 much better" … 4 = "About the same" … 7 = "Response 2 much better".
// Single-sided (1..5): key n = score n.

export interface Choice {
  value: number;
  key: string;
  label: string;
}

const PREFERENCE_LABELS = ["Much better", "Better", "Slightly better", "About the same", "Slightly better", "Better", "Much better"];
const SCORE_LABELS = ["Very poor", "Poor", "Acceptable", "Good", "Excellent"];

export function choicesFor(scaleMin: number, scaleMax: number): Choice[] {
  const preference = scaleMin < 0;
  const values = Array.from({ length: scaleMax - scaleMin + 1 }, (_, i) => scaleMin + i);
  return values.map((value, i) => ({
    value,
    key: String(i + 1),
    label: preference ? PREFERENCE_LABELS[i] ?? String(value) : SCORE_LABELS[i] ?? String(value),
  }));
}

/** Spoken form of a choice, for screen readers and tooltips. */
export function describeChoice(choice: Choice, scaleMin: number): string {
  if (scaleMin >= 0) return `${choice.value}: ${choice.label}`;
  if (choice.value === 0) return "About the same";
  return `${choice.label.replace(/^./, (c) => c.toLowerCase())} for Response ${choice.value < 0 ? 1 : 2}`.replace(/^./, (c) => c.toUpperCase());
}

export function valueForKey(key: string, scaleMin: number, scaleMax: number): number | null {
  return choicesFor(scaleMin, scaleMax).find((c) => c.key === key)?.value ?? null;
}
