// Preparing the leaderboard's slices: prompts with the same outcome become one resampling type
// whichever way round a study named the pair, and each slice lists exactly its prompts.
import { describe, expect, it } from "vitest";
import { slicesOf, type PromptAttributes } from "../../analytics/domain/slices";
import { prepareSlices, sliceBattles, type ItemBattles } from "./leaderboard";

const attrs = (locale: string): PromptAttributes => ({ locale, region: locale === "ja-JP" ? "Asia-Pacific" : "Americas", category: "c", modality: "TEXT" });
const item = (promptId: string, a: number, b: number, aWins: number, bWins: number, ties: number): ItemBattles =>
  ({ promptId, dimension: "overall", a, b, aWins, bWins, ties, style: [0.1, 0, 0, 0] });

describe("prepareSlices", () => {
  const prompts = new Map([["p1", attrs("en-US")], ["p2", attrs("en-US")], ["p3", attrs("ja-JP")], ["p4", attrs("ja-JP")]]);
  const items = [
    item("p1", 0, 1, 2, 1, 0),
    // the same outcome as p1, pair named the other way round
    item("p2", 1, 0, 1, 2, 0),
    // two items: never the same type as a single-item prompt
    item("p3", 0, 1, 2, 1, 0), item("p3", 1, 2, 0, 2, 1),
    item("p4", 0, 1, 1, 1, 1),
  ];
  const prepared = prepareSlices(items, prompts, 7, slicesOf);

  it("lists each slice's prompts in prompt order", () => {
    const bySlice = Object.fromEntries(prepared.map((s) => [s.slice, [...s.prompts]]));
    expect(bySlice.all).toEqual([0, 1, 2, 3]);
    expect(bySlice["locale=en-US"]).toEqual([0, 1]);
    expect(bySlice["locale=ja-JP"]).toEqual([2, 3]);
    expect(bySlice["category=c"]).toEqual([0, 1, 2, 3]);
  });

  it("merges prompts with the same outcome into one type, lower-numbered model first", () => {
    const all = prepared.find((s) => s.slice === "all")!;
    const b = sliceBattles(all.items, all.prompts);
    expect([...b.typeCount]).toEqual([2, 1, 1]);
    expect([...b.typeOfPrompt]).toEqual([0, 0, 1, 2]);
    // type 0: model 0 beat model 1 twice in three
    expect([b.a[0], b.b[0], b.winsA[0], b.battles[0]]).toEqual([0, 1, 2, 3]);
    // p2's style is negated with its pair
    expect(b.styled.style[4]).toBeCloseTo(-0.1);
    // the two-item prompt: both items, ties as halves
    expect([...b.winsA.slice(b.typeStart[1], b.typeStart[2])]).toEqual([2, 0.5]);
  });

  it("keys outcomes by text when counts are not whole numbers", () => {
    const halves = prepareSlices([item("p1", 0, 1, 1.5, 1.5, 0), item("p2", 1, 0, 1.5, 1.5, 0)], prompts, 7, slicesOf);
    const all = halves.find((s) => s.slice === "all")!;
    expect([...sliceBattles(all.items, all.prompts).typeCount]).toEqual([2]);
  });
});
