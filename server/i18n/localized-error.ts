// Errors a grader (or anyone at the login page) may read, thrown with a catalogue key: the message
// is English for API clients, the CLI and logs, and the key with its values travels in the tRPC
// error's data (server/trpc.ts) so that the browser shows it in the reader's own language.
import { TRPCError } from "@trpc/server";
import { translate, type MessageValues } from "./translator";

type Code = ConstructorParameters<typeof TRPCError>[0]["code"];

export class MessageRef extends Error {
  constructor(readonly key: string, readonly values: MessageValues = {}) {
    super(translate("en", key, values));
    this.name = "MessageRef";
  }
}

export function localizedError(code: Code, key: string, values?: MessageValues): TRPCError {
  const ref = new MessageRef(key, values);
  return new TRPCError({ code, message: ref.message, cause: ref });
}

/** The catalogue key and values of an error thrown by localizedError, for the error formatter. */
export function messageRefOf(error: { cause?: unknown }): { key: string; values: MessageValues } | null {
  return error.cause instanceof MessageRef ? { key: error.cause.key, values: error.cause.values } : null;
}
