import { describe, expect, it } from "vitest";
import { remarkHtmlAsText } from "./remark-html-as-text";

describe("raw HTML as text", () => {
  it("turns every html node, inline or block, into a text node with the same characters", () => {
    const tree = { type: "root", children: [
      { type: "paragraph", children: [{ type: "text", value: "Use the " }, { type: "html", value: "<b>" }, { type: "text", value: "bold" }, { type: "html", value: "</b>" }] },
      { type: "html", value: "<div onclick=\"x()\">only html</div>" },
    ] };
    remarkHtmlAsText()(tree);
    expect(JSON.stringify(tree)).not.toContain('"html"');
    expect(tree.children[1]).toEqual({ type: "text", value: "<div onclick=\"x()\">only html</div>" });
  });
});
