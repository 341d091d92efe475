// Messages in a given language outside React: what the server says to a grader in their language
// (dimension labels, qualification answers) and the English text of errors for API clients and logs.
import { createTranslator } from "use-intl/core";
import { messagesFor } from "./catalogue";
import type { Language } from "./domain/languages";

export type MessageValues = Record<string, string | number>;

const translators = new Map<Language, ReturnType<typeof make>>();
const make = (language: Language) => createTranslator({ locale: language, messages: messagesFor(language) });

export function translatorFor(language: Language) {
  let t = translators.get(language);
  if (!t) { t = make(language); translators.set(language, t); }
  return t;
}

/** One message by its full key ("errors.noSuchStudy"), formatted with its values. */
export function translate(language: Language, key: string, values?: MessageValues): string {
  // The key comes from our own code (localizedError, built-in dimension keys); typed loosely on purpose.
  return (translatorFor(language) as unknown as (k: string, v?: MessageValues) => string)(key, values);
}

/** Whether the catalogue has a message under this key (built-in dimension labels, for instance). */
export function hasMessage(language: Language, key: string): boolean {
  return (translatorFor(language) as unknown as { has: (k: string) => boolean }).has(key);
}
