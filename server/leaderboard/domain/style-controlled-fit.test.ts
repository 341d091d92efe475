import { describe, expect, it } from "vitest";
import { REFERENCE_ITEMS } from "./reference-battles.fixture";
import { fitStyleControlled, styledBattles } from "./style-controlled-fit";
import { responseStyle, styleDifference } from "./style-features";

const STYLES = [[0.2, 0, 0.5, 0], [-0.1, 0.3, 0, 0], [0.4, 0, 0, 1], [0, 0, -0.2, 0], [0.1, 0.5, 0.5, 0], [-0.3, 0, 0, -1],
  [0.05, 0, 0.1, 0], [0.2, -0.4, 0, 0], [-0.2, 0, 0, 0.5], [0.3, 0.2, 0.1, 0], [0.1, 0.1, 0, 0], [-0.1, 0, 0.3, 0]];

describe("style-controlled ratings", () => {
  const list = REFERENCE_ITEMS.map(([cluster, a, b, winsA, battles], i) => ({ cluster, a, b, winsA, battles, style: STYLES[i] }));
  const rows = styledBattles(list, 4);

  it("match an independent logistic fit and cluster-robust errors (SciPy and NumPy, prompts as clusters)", () => {
    const fit = fitStyleControlled(rows, [0, 1, 2, 3])!;
    const reference = [1046.452836981416, 1048.4846311197578, 991.0332982168256, 914.0292336820005];
    const se = [49.15731460469601, 73.55982366256923, 51.87766613719625, 100.77867190923573];
    reference.forEach((r, i) => {
      expect(fit.ratings[i]).toBeCloseTo(r, 3);
      expect((fit.high[i] - fit.low[i]) / 2 / 1.959963984540054).toBeCloseTo(se[i], 3);
    });
  });

  it("with prompts of one row among prompts of two, still match the independent sandwich (NumPy, same clusters)", () => {
    // The first three prompts split into one row each: those take the single-row path of the sandwich.
    const clusters = [0, 10, 1, 11, 2, 12, 3, 3, 4, 4, 5, 5];
    const fit = fitStyleControlled(styledBattles(list.map((r, i) => ({ ...r, cluster: clusters[i] })), 4), [0, 1, 2, 3])!;
    const reference = [1046.4528695728284, 1048.4846036283996, 991.0332712356726, 914.0292555630995];
    const se = [52.21298650908505, 89.29767885976946, 50.67107693132895, 111.28657443522106];
    reference.forEach((r, i) => {
      expect(fit.ratings[i]).toBeCloseTo(r, 3);
      expect((fit.high[i] - fit.low[i]) / 2 / 1.959963984540054).toBeCloseTo(se[i], 3);
    });
  });

  it("with no style differences, equal the plain Bradley–Terry ratings", () => {
    const fit = fitStyleControlled(styledBattles(list.map((r) => ({ ...r, style: [0, 0, 0, 0] })), 4), [0, 1, 2, 3]);
    const plain = [1122.4503911253025, 951.3342774964718, 979.1631931441857, 947.05213823404];
    plain.forEach((r, i) => expect(fit!.ratings[i]).toBeCloseTo(r, 4));
    expect(fit!.coefficients).toEqual([0, 0, 0, 0]);
  });


  it("leaves out a feature that repeats another (bold always with list items) and still rates the models", () => {
    const twinned = styledBattles(list.map((r) => ({ ...r, style: [r.style[0], r.style[1], r.style[2], r.style[2]] })), 4);
    const fit = fitStyleControlled(twinned, [0, 1, 2, 3])!;
    const withoutBold = fitStyleControlled(styledBattles(list.map((r) => ({ ...r, style: [r.style[0], r.style[1], r.style[2], 0] })), 4), [0, 1, 2, 3])!;
    expect(fit.coefficients[3]).toBe(0);
    fit.ratings.forEach((r, i) => expect(r).toBeCloseTo(withoutBold.ratings[i], 6));
  });
});

describe("response style", () => {
  it("counts length, headers, list items and bold spans outside code", () => {
    const text = "# Title\n\nSome **bold** and __more__ text.\n\n- one\n- two\n1. three\n\n```py\n# not a header\n- not a list\n```\n";
    expect(responseStyle(text)).toEqual({ length: [...text].length, headers: 1, listItems: 3, bold: 2 });
  });

  it("differences are (a − b) / (a + b), zero where neither has the element", () => {
    expect(styleDifference({ length: 300, headers: 0, listItems: 3, bold: 1 }, { length: 100, headers: 0, listItems: 1, bold: 3 }))
      .toEqual([0.5, 0, 0.5, -0.5]);
  });
});
