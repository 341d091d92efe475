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

  it("has none in any page or component", () => {
    expect(PAGES.length).toBeGreaterThan(50);
    const all = PAGES.flatMap((f) => hardcodedStrings(f, readFileSync(path.join(ROOT, f), "utf8")));
    expect(all).toEqual([]);
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
