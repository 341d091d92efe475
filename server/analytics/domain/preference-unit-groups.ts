// Prompts that are interchangeable for every side-by-side statistic, counted once. A prompt's
// contribution to a dimension and slice (its verdict, split, alpha histogram and position counts)
// follows from its histogram and position counts alone, and the slices it counts in from its
// attributes; prompts of the same pair that share all of these only add their count. A million
// judgments (a third of a million prompt units, each added to five slices) become a few thousand
// groups, so the report tallies without building a unit per prompt.
import { unitOfHistogram, type PreferenceUnit } from "./side-by-side-report";

export class PreferenceUnitGroups {
  // Keyed by the histogram's key, then by the rest as one number where it fits (a string per
  // prompt and dimension, hashed, cost more than the rest of the grouping).
  private readonly byHistogram = new Map<number | string, Map<number | string, PreferenceUnit>>();
  private readonly found: PreferenceUnit[] = [];
  // Dimensions numbered as they come (a study has a handful), for the numeric key.
  private readonly dimensionNumbers = new Map<string, number>();

  /**
   * One prompt's unit. `group` names the prompt's pair and slices (equal for prompts that share
   * them); `histogramKey` names the histogram (equal for equal histograms). The histogram is
   * copied only when the unit starts a group, so callers may reuse one array.
   */
  add(group: number, promptId: string, pair: string, dimension: string, histogram: ArrayLike<number>, histogramKey: number | string,
    leftWins: number, sidedNonTies: number): void {
    let byRest = this.byHistogram.get(histogramKey);
    if (!byRest) this.byHistogram.set(histogramKey, (byRest = new Map()));
    let d = this.dimensionNumbers.get(dimension);
    if (d === undefined) this.dimensionNumbers.set(dimension, (d = this.dimensionNumbers.size));
    const rest = restKey(group, d, leftWins, sidedNonTies);
    const found = byRest.get(rest);
    if (found) {
      found.count = (found.count ?? 1) + 1;
      return;
    }
    const unit = unitOfHistogram(promptId, dimension, Array.from(histogram), leftWins, sidedNonTies);
    unit.pair = pair;
    unit.count = 1;
    byRest.set(rest, unit);
    this.found.push(unit);
  }

  /** The groups, each a unit whose `count` says how many prompts it stands for (its promptId is one of them). */
  units(): PreferenceUnit[] {
    return [...this.found];
  }
}

// Position counts up to this fit the numeric key (a unit whose histogram fits its packed fields
// has at most 7 × 127 judgments).
const POSITION_LIMIT = 2 ** 10;

/** Group, dimension and position counts as one exact number when each is in range, else as text. */
function restKey(group: number, dimension: number, leftWins: number, sidedNonTies: number): number | string {
  if (dimension < 64 && group < 2 ** 26 && Number.isInteger(leftWins) && Number.isInteger(sidedNonTies) &&
    leftWins >= 0 && sidedNonTies >= 0 && leftWins < POSITION_LIMIT && sidedNonTies < POSITION_LIMIT) {
    // below 2^26 · 64 · 2^20 = 2^52: exact
    return ((group * 64 + dimension) * POSITION_LIMIT + leftWins) * POSITION_LIMIT + sidedNonTies;
  }
  return `${group}|${dimension}|${leftWins}|${sidedNonTies}`;
}
