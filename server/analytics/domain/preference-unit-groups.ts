// Prompts that are interchangeable for every side-by-side statistic, counted once. A prompt's
// contribution to a dimension and slice (its verdict, split, alpha histogram and position counts)
// follows from its histogram and position counts alone, and the slices it counts in from its
// attributes; prompts of the same pair that share all of these only add their count. A million
// judgments (a third of a million prompt units, each added to five slices) become a few thousand
// groups, so the report tallies without building a unit per prompt.
import { unitOfHistogram, type PreferenceUnit } from "./side-by-side-report";

export class PreferenceUnitGroups {
  private readonly byKey = new Map<string, PreferenceUnit>();

  /**
   * One prompt's unit. `group` names the prompt's pair and slices (equal for prompts that share
   * them); `histogramKey` names the histogram (equal for equal histograms). The histogram is
   * copied only when the unit starts a group, so callers may reuse one array.
   */
  add(group: number, promptId: string, pair: string, dimension: string, histogram: ArrayLike<number>, histogramKey: number | string,
    leftWins: number, sidedNonTies: number): void {
    const key = `${group}|${dimension}|${histogramKey}|${leftWins}|${sidedNonTies}`;
    const found = this.byKey.get(key);
    if (found) {
      found.count = (found.count ?? 1) + 1;
      return;
    }
    const unit = unitOfHistogram(promptId, dimension, Array.from(histogram), leftWins, sidedNonTies);
    unit.pair = pair;
    unit.count = 1;
    this.byKey.set(key, unit);
  }

  /** The groups, each a unit whose `count` says how many prompts it stands for (its promptId is one of them). */
  units(): PreferenceUnit[] {
    return [...this.byKey.values()];
  }
}
