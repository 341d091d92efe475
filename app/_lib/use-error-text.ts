"use client";
// An error as the reader should see it: in their language when the server sent a catalogue key
// (server/i18n/localized-error.ts), else the server's own message.
import { useTranslations } from "next-intl";

export interface ShownError {
  message: string;
  data?: { i18n?: { key: string; values: Record<string, string | number> } | null } | null;
}

export function useErrorText() {
  const t = useTranslations();
  return (error: ShownError | null | undefined): string | null => {
    if (!error) return null;
    const ref = error.data?.i18n;
    // The key is the server's; typed loosely because it is only known at run time.
    if (ref && t.has(ref.key as never)) return (t as unknown as (k: string, v: object) => string)(ref.key, ref.values);
    return error.message;
  };
}
