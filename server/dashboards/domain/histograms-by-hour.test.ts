import { describe, expect, it } from "vitest";
import { createRng } from "../../../seed/rng";
import { checkpointHours, histogramsByHour, type HistogramShift, type HistogramUnits } from "./histograms-by-hour";

describe("checkpointHours", () => {
  it("takes, for each evenly spaced count, the first hour by whose end that many were submitted", () => {
    // 10 judgments over hours 5, 6, 9: counts 4, 7 and 10 (points 3: ceil(10/3)=4, ceil(20/3)=7, 10).
    expect(checkpointHours([[5, 3], [6, 4], [9, 3]], 3)).toEqual([{ hour: 6, judgments: 7 }, { hour: 9, judgments: 10 }]);
    expect(checkpointHours([[5, 3], [6, 4], [9, 3]], 10)).toEqual([{ hour: 5, judgments: 3 }, { hour: 6, judgments: 7 }, { hour: 9, judgments: 10 }]);
  });

  it("gives one point when every judgment shares an hour, none when there are none", () => {
    expect(checkpointHours([[100, 1_000_000]], 10)).toEqual([{ hour: 100, judgments: 1_000_000 }]);
    expect(checkpointHours([], 10)).toEqual([]);
  });
});

/** The shifts of unit histories (series, per judgment its hour and point), as the database keeps them. */
function shiftsOf(units: { series: number; judgments: { hour: number; point: number }[] }[], points: number): HistogramShift[] {
  const sums = new Map<string, HistogramShift>();
  const add = (series: number, hour: number, histogram: number[], units: number, judgments: number) => {
    const key = `${series}|${hour}|${histogram.join(",")}`;
    const s = sums.get(key) ?? sums.set(key, { series, hour, histogram: [...histogram], units: 0, judgments: 0 }).get(key)!;
    s.units += units;
    s.judgments += judgments;
  };
  for (const u of units) {
    const h = new Array(points).fill(0);
    for (const hour of [...new Set(u.judgments.map((j) => j.hour))].sort((a, b) => a - b)) {
      const before = [...h];
      const inHour = u.judgments.filter((j) => j.hour === hour);
      for (const j of inHour) h[j.point]++;
      add(u.series, hour, h, 1, inHour.length);
      if (before.some((c) => c > 0)) add(u.series, hour, before, -1, 0);
    }
  }
  return [...sums.values()];
}

const sorted = (groups: HistogramUnits[]) => groups.map((g) => `${g.series}|${g.histogram.join(",")}|${g.units}`).sort();

describe("histogramsByHour", () => {
  it("sums a hand-made history: a unit moving through three histograms, another joining later", () => {
    const shifts = shiftsOf([
      { series: 0, judgments: [{ hour: 10, point: 6 }, { hour: 10, point: 4 }, { hour: 12, point: 0 }] },
      { series: 0, judgments: [{ hour: 12, point: 6 }] },
      { series: 1, judgments: [{ hour: 11, point: 3 }] },
    ], 7);
    const seen: { judgments: number; endsAt: number; groups: string[] }[] = [];
    histogramsByHour(shifts, 10, (judgments, endsAt, groups) => seen.push({ judgments, endsAt, groups: sorted(groups) }));
    expect(seen).toEqual([
      { judgments: 2, endsAt: 11 * 3_600_000, groups: ["0|0,0,0,0,1,0,1|1"] },
      { judgments: 3, endsAt: 12 * 3_600_000, groups: ["0|0,0,0,0,1,0,1|1", "1|0,0,0,1,0,0,0|1"] },
      { judgments: 5, endsAt: 13 * 3_600_000, groups: ["0|0,0,0,0,0,0,1|1", "0|1,0,0,0,1,0,1|1", "1|0,0,0,1,0,0,0|1"] },
    ]);
  });

  it("matches the histograms counted from the judgments up to each checkpoint hour, on random histories", () => {
    const rng = createRng(11);
    for (let trial = 0; trial < 40; trial++) {
      const units = Array.from({ length: 1 + rng.int(0, 60) }, () => ({
        series: rng.int(0, 2),
        judgments: Array.from({ length: 1 + rng.int(0, 4) }, () => ({ hour: 1000 + rng.int(0, 30), point: rng.int(0, 4) })),
      }));
      const total = units.reduce((n, u) => n + u.judgments.length, 0);
      let last = 0;
      histogramsByHour(shiftsOf(units, 5), 10, (judgments, endsAt, groups) => {
        const hour = endsAt / 3_600_000 - 1;
        const expected = new Map<string, HistogramUnits>();
        let counted = 0;
        for (const u of units) {
          const js = u.judgments.filter((j) => j.hour <= hour);
          counted += js.length;
          if (js.length === 0) continue;
          const h = [0, 0, 0, 0, 0];
          for (const j of js) h[j.point]++;
          const key = `${u.series}|${h.join(",")}`;
          (expected.get(key) ?? expected.set(key, { series: u.series, histogram: h, units: 0 }).get(key)!).units++;
        }
        expect(judgments).toBe(counted);
        expect(sorted(groups)).toEqual(sorted([...expected.values()]));
        last = judgments;
      });
      expect(last).toBe(total);
    }
  });

  it("refuses shifts that leave a histogram with fewer than no units", () => {
    expect(() => histogramsByHour([{ series: 0, hour: 3, histogram: [1, 0, 0, 0, 0], units: -1, judgments: 1 }], 10, () => {})).toThrow(/need a recount/);
  });
});
