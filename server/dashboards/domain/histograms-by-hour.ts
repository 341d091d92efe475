// A large study's headline as judgments accumulate, from its hourly histogram shifts
// (HourlyHistogramShift): how many units sat at each histogram at the end of an hour is the sum of
// the shifts up to that hour. The view's points fall on whole hours: judgments submitted within one
// hour are taken together, so a point's count is the judgments submitted by the end of its hour.
import { checkpoints } from "./over-time";

/** One row of shifts: units of a series (a dimension, with a model single-sided) entering (+) or leaving (−) a histogram in an hour. */
export interface HistogramShift {
  series: number;
  hour: number;
  histogram: number[];
  units: number;
  judgments: number;
}

/** Units of one series that sit at one histogram. */
export interface HistogramUnits {
  series: number;
  histogram: number[];
  units: number;
}

const HOUR_MS = 3_600_000;

/**
 * The hours at which to show the headline: for each of `points` evenly spaced judgment counts,
 * the first hour by whose end that many judgments were submitted (fewer hours when several counts
 * fall in one hour). `judgmentsByHour` lists each hour's judgments in hour order.
 */
export function checkpointHours(judgmentsByHour: [hour: number, judgments: number][], points: number): { hour: number; judgments: number }[] {
  const total = judgmentsByHour.reduce((n, [, j]) => n + j, 0);
  const out: { hour: number; judgments: number }[] = [];
  let h = 0;
  let sum = 0;
  for (const target of checkpoints(total, points)) {
    while (sum < target) sum += judgmentsByHour[h++][1];
    if (out.at(-1)?.hour !== judgmentsByHour[h - 1][0]) out.push({ hour: judgmentsByHour[h - 1][0], judgments: sum });
  }
  return out;
}

/**
 * Walks the shifts in hour order and, at each checkpoint hour, emits every series' histograms
 * with their unit counts then, with the judgments submitted so far and the hour's end (ms). A unit
 * count below zero means the shifts do not describe a history: it is reported, not drawn.
 */
export function histogramsByHour(shifts: HistogramShift[], points: number, emit: (judgments: number, endsAt: number, groups: HistogramUnits[]) => void): void {
  const sorted = [...shifts].sort((a, b) => a.hour - b.hour);
  const byHour: [number, number][] = [];
  for (const s of sorted) {
    if (byHour.at(-1)?.[0] === s.hour) byHour[byHour.length - 1][1] += s.judgments;
    else byHour.push([s.hour, s.judgments]);
  }
  const state = new Map<string, HistogramUnits>();
  let next = 0;
  for (const { hour, judgments } of checkpointHours(byHour, points)) {
    for (; next < sorted.length && sorted[next].hour <= hour; next++) {
      const s = sorted[next];
      if (s.units === 0) continue;
      const key = `${s.series}|${s.histogram.join(",")}`;
      const g = state.get(key) ?? state.set(key, { series: s.series, histogram: s.histogram, units: 0 }).get(key)!;
      g.units += s.units;
    }
    const groups: HistogramUnits[] = [];
    for (const g of state.values()) {
      if (g.units < 0) throw new Error(`hourly shifts leave ${g.units} units at histogram ${g.histogram.join(",")} by hour ${hour}; the study's shifts need a recount`);
      if (g.units > 0) groups.push({ ...g });
    }
    emit(judgments, (hour + 1) * HOUR_MS, groups);
  }
}
