// Every word a grader reads comes from the message catalogue: this test fails on text written
// straight into a grader-facing page or component (JSX text, words in aria-label, title,
// placeholder, alt, label props, string literals shown as children), and on a server error key
// that the English catalogue lacks. Key names in <kbd>, the product name and symbols are allowed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "../server/i18n/messages/en.json";
import { hardcodedStrings } from "./hardcoded-strings";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Every page and component a grader (or a visitor at the login page) sees. */
const GRADER_FACING = [
  "app/(grader)", "app/login", "app/forbidden", "app/(account)",
  "app/_components/app-shell.tsx", "app/_components/nav-links.tsx", "app/_components/logout-button.tsx", "app/_components/progress-bar.tsx",
  "app/_components/model-output.tsx", "app/_components/conversation-transcript.tsx", "app/_components/image-gallery.tsx",
  "app/_components/markdown.tsx", "app/_components/empty-state.tsx", "app/_components/page-header.tsx", "app/_components/error-message.tsx",
  "app/_components/form-controls.tsx", "app/_components/api-token-table.tsx", "app/layout.tsx",
];

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (entry.endsWith(".tsx") || entry.endsWith(".ts")) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".tsx"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

function keysOf(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === "object" ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe("grader-facing strings", () => {
  it("finds hard-coded words (the check itself)", () => {
    const sample = `export const X = () => <div aria-label="Close it" title={ok ? "Yes please" : t("x")}><kbd>Enter</kbd>Hello there{"Plain words"}{t("k")}<p>{n} / {m}</p></div>;`;
    expect(hardcodedStrings("x.tsx", sample).map((s) => s.split(": ")[1])).toEqual(["Close it", "Yes please", "Hello there", "Plain words"]);
  });

  it("has none in grader-facing pages and components", () => {
    const all = GRADER_FACING.flatMap(files).flatMap((f) => hardcodedStrings(f, readFileSync(path.join(ROOT, f), "utf8")));
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
