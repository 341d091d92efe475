// Finds words written straight into TSX (JSX text, words in text attributes such as aria-label,
// title, placeholder, alt, label, and string literals shown as children), for the test that keeps
// grader-facing pages in the message catalogue (grader-strings.test.ts). Key names in <kbd> and
// the product name are not words to translate.
import ts from "typescript";

const TEXT_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label", "subtitle", "aria-description"]);
/** Words that are not translated: the product's name. */
const ALLOWED = new Set(["Verdict"]);
const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{[^}]*\}/g, "")) && !ALLOWED.has(text.trim());

function inKbd(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isJsxElement(n) && n.openingElement.tagName.getText() === "kbd") return true;
  }
  return false;
}

/** Hard-coded words in one file, as "file:line: text". */
export function hardcodedStrings(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  const literalText = (node: ts.Node): string | null =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text
      : ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ") : null;
  /** Strings an expression shows as such (through ?:, ??, || and parentheses), not arguments of calls. */
  const shown = (expr: ts.Expression): ts.Node[] => {
    if (ts.isParenthesizedExpression(expr)) return shown(expr.expression);
    if (ts.isConditionalExpression(expr)) return [...shown(expr.whenTrue), ...shown(expr.whenFalse)];
    if (ts.isBinaryExpression(expr) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(expr.operatorToken.kind)) return [...shown(expr.left), ...shown(expr.right)];
    return literalText(expr) !== null ? [expr] : [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text) && !inKbd(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const candidates = ts.isStringLiteral(init) ? [init] : ts.isJsxExpression(init) && init.expression ? shown(init.expression) : [];
      for (const c of candidates) { const text = literalText(c)!; if (hasWords(text)) report(c, text); }
    }
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent) && !inKbd(node)) {
      for (const c of shown(node.expression)) { const text = literalText(c)!; if (hasWords(text)) report(c, text); }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
