// The answer choices of a dimension as the grader sees them, and the digit key that picks each.
// Side-by-side (-3..+3): key 1 = "Response 1 much better" … 4 = "About the same" … 7 = "Response 2 much better".
// Single-sided (1..5): key n = score n. The words come from the message catalogue (scale.*), so the
// keys and values are the same in every language and in a right-to-left page.

export type ChoiceWord = "much" | "better" | "slightly" | "same" | "score1" | "score2" | "score3" | "score4" | "score5";

export interface Choice {
  value: number;
  key: string;
  /** The catalogue word under scale.*, or null for a scale point without one (shown as its number). */
  word: ChoiceWord | null;
}

const PREFERENCE_WORDS: ChoiceWord[] = ["much", "better", "slightly", "same", "slightly", "better", "much"];
const SCORE_WORDS: ChoiceWord[] = ["score1", "score2", "score3", "score4", "score5"];

export function choicesFor(scaleMin: number, scaleMax: number): Choice[] {
  const preference = scaleMin < 0;
  const values = Array.from({ length: scaleMax - scaleMin + 1 }, (_, i) => scaleMin + i);
  return values.map((value, i) => ({
    value,
    key: String(i + 1),
    word: (preference ? PREFERENCE_WORDS[i] : SCORE_WORDS[i]) ?? null,
  }));
}

/** How a choice is spoken (screen readers, tooltips), as a catalogue key under scale.* and its values. */
export function choiceDescription(choice: Choice, scaleMin: number): { key: "same" | "forResponse" | "scoreChoice"; values: Record<string, number> } {
  if (scaleMin >= 0) return { key: "scoreChoice", values: { value: choice.value } };
  if (choice.value === 0) return { key: "same", values: {} };
  return { key: "forResponse", values: { strength: Math.abs(choice.value), n: choice.value < 0 ? 1 : 2 } };
}

export function valueForKey(key: string, scaleMin: number, scaleMax: number): number | null {
  return choicesFor(scaleMin, scaleMax).find((c) => c.key === key)?.value ?? null;
}
