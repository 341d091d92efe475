// Models often write display math on one line, "$$\int_0^1 x\,dx$$", alone in its paragraph.
// CommonMark math reads that as inline math; GitHub and most chat UIs show it as a displayed
// equation, and so does Verdict: such math is marked for display (rehype-katex's math-display).
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hProperties?: { className?: string[] } };
  position?: { start: { offset?: number } };
}

export function remarkDisplayMathLine() {
  return (tree: MdNode, file: { value?: unknown }) => {
    const source = String(file.value ?? "");
    const visit = (node: MdNode) => {
      for (const child of node.children ?? []) {
        const only = child.type === "paragraph" && child.children?.length === 1 ? child.children[0] : null;
        const start = only?.position?.start.offset;
        if (only?.type === "inlineMath" && start !== undefined && source.startsWith("$$", start)) {
          only.data = { ...only.data, hProperties: { ...only.data?.hProperties, className: ["language-math", "math-display"] } };
        } else visit(child);
      }
    };
    visit(tree);
  };
}
