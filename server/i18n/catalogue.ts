// The message catalogues, one JSON file per interface language (server/i18n/messages). English is
// complete by definition; the others are checked against it key by key (catalogue.test.ts). The
// researcher and admin pages are English-only for now: their keys live in English alone and every
// other language falls back to it (RESEARCH_NAMESPACES).
import ar from "./messages/ar.json";
import de from "./messages/de.json";
import en from "./messages/en.json";
import esMX from "./messages/es-MX.json";
import fr from "./messages/fr.json";
import ja from "./messages/ja.json";
import ko from "./messages/ko.json";
import ptBR from "./messages/pt-BR.json";
import zhCN from "./messages/zh-CN.json";
import type { Language } from "./domain/languages";

export type Messages = typeof en;
type Catalogue = { [key: string]: string | string[] | Catalogue };

export const CATALOGUES: Record<Language, Catalogue> = {
  en, de, fr, "es-MX": esMX, "pt-BR": ptBR, ja, "zh-CN": zhCN, ko, ar,
};

/** Top-level namespaces only researchers and admins see: English-only until translated. */
export const RESEARCH_NAMESPACES: readonly string[] = ["research", "admin"];

function mergeOver(base: Catalogue, over: Catalogue): Catalogue {
  const out: Catalogue = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    out[k] = b && typeof b === "object" && !Array.isArray(b) && v && typeof v === "object" && !Array.isArray(v) ? mergeOver(b, v) : v;
  }
  return out;
}

const merged = new Map<Language, Messages>();

/** A language's messages, anything it lacks taken from English (only research namespaces may lack keys). */
export function messagesFor(language: Language): Messages {
  let m = merged.get(language);
  if (!m) {
    m = (language === "en" ? en : mergeOver(en, CATALOGUES[language])) as Messages;
    merged.set(language, m);
  }
  return m;
}
