// What pages and client components use of the interface languages, and the profile setting's input.
import { z } from "zod";
import { LANGUAGES } from "./domain/languages";

export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, directionOf, isLanguage, type Language } from "./domain/languages";

/** null: follow the first locale. */
export const ZSetLanguage = z.object({ language: z.enum(LANGUAGES).nullable() });
export type TSetLanguage = z.infer<typeof ZSetLanguage>;
