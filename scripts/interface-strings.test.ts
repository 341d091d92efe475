// Every word the interface shows comes from the message catalogue: this test fails on text written
// straight into any page or component under app/ (JSX text, words in text attributes, column lists
// and text properties such as { label: "…" }, dialogs, string literals shown as children), and on a
// server error key that the English catalogue lacks. Grader-facing pages are translated into every
// language (catalogue.test.ts); researcher and admin pages are English-only for now, but their words
// go through the same catalogue. Key names in <kbd>, the product name and symbols are allowed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "../server/i18n/messages/en.json";
import { hardcodedStrings } from "./hardcoded-strings";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Every page and component of the web interface. */
const PAGES = readdirSync(path.join(ROOT, "app"), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".tsx"))
  .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));

function keysOf(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === "object" ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe("interface strings", () => {
  it("finds hard-coded words (the check itself)", () => {
    const sample = `export const X = () => <div aria-label="Close it" title={ok ? "Yes please" : t("x")}><kbd>Enter</kbd>Hello there{"Plain words"}{t("k")}<p>{n} / {m}</p></div>;`;
    expect(hardcodedStrings("x.tsx", sample).map((s) => s.split(": ")[1])).toEqual(["Close it", "Yes please", "Hello there", "Plain words"]);
  });

  it("finds words in any text attribute, column lists, text properties and dialogs, not in identifiers", () => {
    const sample = `const legend = [{ label: "Candidate wins", color: "#4f46e5" }];
      export function X() { if (confirm("Remove this row?")) go();
        return <Card hint="Leave it empty" className="mt-2 text-sm" dataKey="share" href="/studies/new"
          columns={["", "mean score", t("n")]} description={\`Share of \${n} prompts\`} />; }`;
    expect(hardcodedStrings("x.tsx", sample).map((s) => s.split(": ")[1])).toEqual(["Candidate wins", "Remove this row?", "Leave it empty", "mean score", "Share of   prompts"]);
  });

  it("finds words in spread column lists, chart axis labels and locals named as text", () => {
    const sample = `export function X() { const title = sxs ? \`\${label}: decisive rate\` : t("m");
        return <Table columns={[t("a"), ...xs.flatMap((x) => [x, "95% CI"])]} label={{ value: "judgments counted", position: "insideBottom" }}
          formatter={(v, name) => [\`\${v} prompts\`, name === "a" ? "alpha, ordinal" : t("b")]} tickFormatter={(v) => \`\${v}%\`} />; }`;
    expect(hardcodedStrings("x.tsx", sample).map((s) => s.split(": ").slice(1).join(": "))).toEqual([": decisive rate", "95% CI", "judgments counted", "prompts", "alpha, ordinal"]);
  });

  it("has none in any page or component", () => {
    expect(PAGES.length).toBeGreaterThan(50);
    const all = PAGES.flatMap((f) => hardcodedStrings(f, readFileSync(path.join(ROOT, f), "utf8")));
    expect(all).toEqual([]);
  });

  it("has every key a page asks its translator for as a message in the English catalogue", () => {
    // Each `const t = useTranslations("ns")` (or getTranslations) names the namespace of the
    // literal keys t("…"), t.rich("…") after it, until the file binds the name again. A missing key,
    // or one naming a group of messages, renders as its path (the image comparison's response
    // labels and a control-item column once did).
    const message = (key: string) => key.split(".").reduce<unknown>((n, k) => (n && typeof n === "object" ? (n as Record<string, unknown>)[k] : undefined), en);
    const binding = /const (\w+) = (?:await )?(?:useTranslations|getTranslations)\((?:"([^"]*)"|\{[^}]*namespace: "([^"]*)"[^}]*\})?\)|\b(\w+)(?:\.rich|\.markup)?\("([^"]+)"/g;
    let checked = 0;
    const missing = PAGES.flatMap((f) => {
      const namespaces = new Map<string, string>();
      return [...readFileSync(path.join(ROOT, f), "utf8").matchAll(binding)].flatMap((m) => {
        if (m[1]) {
          namespaces.set(m[1], m[2] ?? m[3] ?? "");
          return [];
        }
        const ns = namespaces.get(m[4]);
        if (ns === undefined) return [];
        checked++;
        const key = ns ? `${ns}.${m[5]}` : m[5];
        return typeof message(key) === "string" ? [] : [`${f}: ${m[4]}("${m[5]}") → ${key}`];
      });
    });
    expect(checked).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });

  it("has every message key the server sends in the English catalogue", () => {
    const known = new Set(keysOf(en));
    const server = readdirSync(path.join(ROOT, "server"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
      .map((e) => readFileSync(path.join(e.parentPath, e.name), "utf8")).join("\n");
    const used = [...server.matchAll(/localizedError\([^,]+,\s*"([^"]+)"/g), ...server.matchAll(/reason: "(errors\.[^"]+)"/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((k) => !known.has(k))).toEqual([]);
  });
});
