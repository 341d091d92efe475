// next-intl's request configuration (next.config.ts points here): the language of this request is
// the signed-in user's (their setting, else their first locale), or for a visitor the browser's
// Accept-Language. No language in the URL: a grader's pages are the same addresses in every language.
import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { cache } from "react";
import { pageSession } from "../web/page-session";
import { messagesFor } from "./catalogue";
import { negotiateLanguage, userLanguage, type Language } from "./domain/languages";

export const requestLanguage = cache(async (): Promise<Language> => {
  const session = await pageSession();
  if (session.status === "ok") return userLanguage(session.user);
  return negotiateLanguage((await headers()).get("accept-language"));
});

export default getRequestConfig(async () => {
  const language = await requestLanguage();
  // Dates and times are shown in UTC everywhere in Verdict (exports and logs too).
  return { locale: language, messages: messagesFor(language), timeZone: "UTC" };
});
