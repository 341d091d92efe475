// Numbers for the items a judgments import writes to: an item is a prompt and either one model
// (single-sided) or an unordered pair of models (side-by-side, named in either order). The writer
// looks an item up for every row; a number per item, made from the rows' own string numbers
// (planned-rows.ts), spares it a key string per row: a million-row import made a million of them.

/** Item keys from prompt and model numbers (each numbered from 0), unique within one import. */
export class ItemKeys {
  /** Each model or pair seen, by a number of its own, in the order first seen. */
  private readonly subjects = new Map<number, number>();

  constructor(private readonly promptCount: number, private readonly modelCount: number) {}

  /**
   * The key of the item that judges prompt `prompt` on model `a` alone (`b` −1) or on the pair
   * `a`, `b` in either order. At most prompts × subjects, both bounded by the rows of one file,
   * so it stays a safe integer.
   */
  key(prompt: number, a: number, b: number): number {
    const none = this.modelCount;
    const lo = b < 0 ? a : Math.min(a, b);
    const hi = b < 0 ? none : Math.max(a, b);
    const pair = lo * (none + 1) + hi;
    let subject = this.subjects.get(pair);
    if (subject === undefined) {
      subject = this.subjects.size;
      this.subjects.set(pair, subject);
    }
    return subject * this.promptCount + prompt;
  }
}
