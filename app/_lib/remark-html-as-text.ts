// Raw HTML in a model's output is shown as the literal text it is, never run and never dropped:
// "Use the <b>bold</b> tag" must read exactly so, and a response made only of HTML must not
// render as an empty card that graders then judge. Markdown turns HTML into `html` nodes; this
// turns each into a `text` node with the same characters.
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

function htmlToText(node: MdNode): void {
  if (node.type === "html") node.type = "text";
  node.children?.forEach(htmlToText);
}

export function remarkHtmlAsText() {
  return (tree: MdNode) => htmlToText(tree);
}
