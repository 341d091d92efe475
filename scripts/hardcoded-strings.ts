// Finds words written straight into TSX (JSX text, words in any attribute that is not a known
// non-text one such as className or href, string literals shown as children, in arrays of column
// headers and in text properties of object literals such as { label: "…" } or metadata titles),
// for the test that keeps every page in the message catalogue (interface-strings.test.ts). Key
// names in <kbd> and the product name are not words to translate.
import ts from "typescript";

/** Attributes that carry identifiers, styles, URLs or data, never words a person reads. */
const NON_TEXT_ATTRIBUTES = new Set([
  "className", "type", "role", "dir", "lang", "dataKey", "name", "href", "src", "value", "defaultValue", "id", "key", "htmlFor",
  "layout", "yAxisId", "xAxisId", "preload", "autoComplete", "inputMode", "pattern", "target", "scope", "rel", "position", "kind",
  "stroke", "fill", "orientation", "textAnchor", "strokeDasharray", "variant", "action", "method", "encType", "accept", "form",
  "fileStem", "mode", "d", "viewBox", "xmlns", "fontFamily", "dominantBaseline", "tone", "transform", "domain", "interval",
]);
/** Object-literal properties whose strings are shown as words. */
const TEXT_PROPERTIES = new Set(["label", "title", "header", "description", "hint", "help", "caption", "subtitle", "placeholder", "message", "what", "text"]);
const isTextAttribute = (name: string) => !NON_TEXT_ATTRIBUTES.has(name) && !name.startsWith("data-") && !/^aria-(hidden|live|modal|controls|describedby|labelledby|current|checked|selected|pressed|expanded|disabled|invalid|busy|atomic|haspopup|orientation|sort|level|posinset|setsize|valuenow|valuemin|valuemax|colcount|rowcount|colindex|rowindex)$/.test(name);
/** Words that are not translated: the product's name. */
const ALLOWED = new Set(["Verdict"]);
const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{[^}]*\}/g, "")) && !ALLOWED.has(text.trim());

function inKbd(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isJsxElement(n) && n.openingElement.tagName.getText() === "kbd") return true;
  }
  return false;
}

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
/**
 * Strings in an array literal's elements, spreads included: `[t("a"), ...xs.flatMap((x) => [x, "95% CI"])]`
 * shows "95% CI" as surely as a plain element does.
 */
const shownInArray = (array: ts.ArrayLiteralExpression): ts.Node[] => array.elements.flatMap((e) => {
  if (!ts.isSpreadElement(e)) return shown(e);
  const made = ts.isCallExpression(e.expression) ? e.expression.arguments.find((a) => ts.isArrowFunction(a)) : undefined;
  const body = made && ts.isArrowFunction(made) ? made.body : undefined;
  return body && ts.isArrayLiteralExpression(body) ? shownInArray(body) : [];
});
/** Local names whose strings are shown: `const title = ok ? `${x}: a title` : …`. */
const TEXT_NAME = /(title|label|caption|heading|description|hint|message)$/i;
/** Dialogs the browser shows with the string it is given. */
const DIALOGS = new Set(["confirm", "alert", "prompt", "window.confirm", "window.alert", "window.prompt"]);

/** Hard-coded words in one parsed file: each literal node with its text. */
function hardcodedStringNodes(sf: ts.SourceFile): { node: ts.Node; text: string }[] {
  const found: { node: ts.Node; text: string }[] = [];
  const report = (node: ts.Node, text: string) => found.push({ node, text });
  /** Reports the literals among `nodes` that hold words. */
  const reportWords = (nodes: ts.Node[]) => { for (const c of nodes) { const text = literalText(c)!; if (hasWords(text)) report(c, text); } };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text) && !inKbd(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && isTextAttribute(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      reportWords(ts.isStringLiteral(init) ? [init]
        : ts.isJsxExpression(init) && init.expression ? (ts.isArrayLiteralExpression(init.expression) ? shownInArray(init.expression) : shown(init.expression)) : []);
      // A chart's tooltip or tick formatter: what its arrow function returns is shown.
      if (/ormatter$/.test(node.name.getText()) && ts.isJsxExpression(init) && init.expression && ts.isArrowFunction(init.expression) && !ts.isBlock(init.expression.body)) {
        const body = init.expression.body;
        reportWords(ts.isArrayLiteralExpression(body) ? shownInArray(body) : shown(body));
      }
      // A chart's axis label as an object: label={{ value: "…", position: … }}.
      if (node.name.getText() === "label" && ts.isJsxExpression(init) && init.expression && ts.isObjectLiteralExpression(init.expression)) {
        for (const prop of init.expression.properties) if (ts.isPropertyAssignment(prop) && prop.name.getText() === "value") reportWords(shown(prop.initializer));
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && TEXT_NAME.test(node.name.text) && node.initializer) {
      reportWords(shown(node.initializer));
    }
    if (ts.isCallExpression(node) && DIALOGS.has(node.expression.getText()) && node.arguments[0]) {
      reportWords(shown(node.arguments[0]));
    }
    if (ts.isPropertyAssignment(node) && TEXT_PROPERTIES.has(node.name.getText())) {
      reportWords(shown(node.initializer));
    }
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent) && !inKbd(node)) {
      reportWords(shown(node.expression));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Hard-coded words in one file, as "file:line: text". */
export function hardcodedStrings(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  return hardcodedStringNodes(sf).map(({ node, text }) => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
}
