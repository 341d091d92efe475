import { describe, expect, it } from "vitest";
import { remarkDisplayMathLine } from "./remark-display-math-line";

const math = (value: string, start: number) => ({ type: "inlineMath", value, data: { hProperties: { className: ["language-math", "math-inline"] } }, position: { start: { offset: start } } });

describe("display math on one line", () => {
  it("marks $$…$$ alone in its paragraph for display, and leaves $…$ and math inside a sentence inline", () => {
    const source = "$$x^2$$\n\n$y$\n\nsee $$z$$ here";
    const tree = { type: "root", children: [
      { type: "paragraph", children: [math("x^2", 0)] },
      { type: "paragraph", children: [math("y", 9)] },
      { type: "paragraph", children: [{ type: "text", value: "see " }, math("z", 18)] },
    ] };
    remarkDisplayMathLine()(tree, { value: source });
    const classes = tree.children.map((p) => (p.children.find((c) => c.type === "inlineMath") as ReturnType<typeof math>).data.hProperties.className);
    expect(classes).toEqual([["language-math", "math-display"], ["language-math", "math-inline"], ["language-math", "math-inline"]]);
  });
});
