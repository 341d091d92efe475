// What a new password must not be, beyond ZPassword's length: one of the most common passwords
// (zxcvbn-ts's list, gathered from breaches), something built around the account's own e-mail
// name, or something else zxcvbn rates as guessable within a few thousand tries (repeats such as
// "aaaaaaaaaa", sequences, keyboard rows, dates, small variations of common passwords).
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations });
const COMMON = new Set((common.dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
/** zxcvbn's scale: 0-1 fall to an online attack in well under 10^6 guesses. */
const MIN_SCORE = 2;

/** Why `password` may not be used by the account `email`, in one sentence; null when it may. */
export function passwordProblem(password: string, email: string): string | null {
  if (COMMON.has(password.toLowerCase())) return "Password is one of the most commonly used passwords; choose another.";
  const name = email.split("@")[0].toLowerCase();
  if (name.length >= 3 && password.toLowerCase().includes(name)) return `Password contains the e-mail's name ("${name}"); choose one that does not.`;
  const r = zxcvbn.check(password, [name, email]);
  if (r.score < MIN_SCORE) return `Password is too easy to guess${r.feedback.warning ? `: ${r.feedback.warning.replace(/\.$/, "")}` : ""}. Add more unrelated words or characters.`;
  return null;
}
