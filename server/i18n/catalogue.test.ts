// Every language's catalogue has exactly the keys English has (outside the English-only research
// namespaces), and each message is valid ICU with the same arguments and tags as the English one,
// so a translation can neither miss a string nor drop a number the grader needs.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { CATALOGUES, messagesFor, RESEARCH_NAMESPACES } from "./catalogue";
import { LANGUAGES } from "./domain/languages";
import { translate } from "./translator";

type Tree = { [key: string]: unknown };
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === "object" && !Array.isArray(v)) for (const [kk, vv] of leaves(v as Tree, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(`${prefix}${k}`, String(v));
  }
  return out;
}

/** Argument names with their types, and tag names, anywhere in a message (inside plurals and selects too). */
function shape(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) into.add(`${e.value}:${e.type}`);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(`${e.value}:${e.type}`);
      for (const option of Object.values(e.options)) shape(option.value, into);
    }
    if (e.type === TYPE.tag) { into.add(`<${e.value}>`); shape(e.children, into); }
  }
  return into;
}

const english = leaves(CATALOGUES.en as Tree);
const graderKeys = [...english.keys()].filter((k) => !RESEARCH_NAMESPACES.includes(k.split(".")[0]));

describe("message catalogues", () => {
  it("has the English catalogue's grader-facing strings", () => {
    expect(graderKeys.length).toBeGreaterThan(200);
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("%s has every key English has, and no other", (language) => {
    const own = leaves(CATALOGUES[language] as Tree);
    expect(graderKeys.filter((k) => !own.has(k)), "missing").toEqual([]);
    expect([...own.keys()].filter((k) => !english.has(k)), "unknown").toEqual([]);
    expect([...own.keys()].filter((k) => RESEARCH_NAMESPACES.includes(k.split(".")[0])), "research pages are English-only for now").toEqual([]);
  });

  it.each(LANGUAGES)("%s: every message is valid ICU with English's arguments and tags", (language) => {
    const own = leaves(CATALOGUES[language] as Tree);
    const problems: string[] = [];
    for (const [key, message] of own) {
      let elements: MessageFormatElement[];
      try { elements = parse(message); } catch (e) { problems.push(`${key}: ${(e as Error).message}`); continue; }
      const want = [...shape(parse(english.get(key)!))].sort();
      const got = [...shape(elements)].sort();
      if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`${key}: ${got.join(" ")} ≠ ${want.join(" ")}`);
      if (!message.trim()) problems.push(`${key}: empty`);
    }
    expect(problems).toEqual([]);
  });

  it("formats plurals, numbers and percentages in each language", () => {
    expect(translate("en", "task.dimensionsLeft", { count: 1 })).toBe("1 dimension left");
    expect(translate("en", "task.dimensionsLeft", { count: 3 })).toBe("3 dimensions left");
    expect(translate("de", "task.dimensionsLeft", { count: 2 })).toBe("2 Dimensionen offen");
    expect(translate("ja", "task.dimensionsLeft", { count: 2 })).toBe("残り2項目");
    expect(translate("ar", "task.dimensionsLeft", { count: 2 })).toBe("بقي بُعدان");
    expect(translate("ar", "task.dimensionsLeft", { count: 5 })).toMatch(/^بقيت .+ أبعاد$/);
    expect(translate("fr", "common.progress", { done: 1234, total: 5000, percent: 0.25 })).toMatch(/^1\s234 \/ 5\s000 \(25\s%\)$/);
    expect(translate("en", "errors.loginLocked", { seconds: 1 })).toBe("Too many failed attempts. Try again in 1 second.");
  });

  it("falls back to English only for the research namespaces", () => {
    expect(messagesFor("ja").task.submit).toBe("送信");
    expect(messagesFor("ko").scale.same).toBe("거의 같음");
  });
});
