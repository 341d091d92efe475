"use client";
// The interface language: a choice of the supported languages, or "follow my first locale". Saved,
// then the page is reloaded so that server and client render in the new language.
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, ErrorMessage, SelectField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from "@/server/i18n/schema";

const FOLLOW = "";

export function LanguageForm({ current, followName }: { current: string | null; followName: string }) {
  const trpc = useTRPC();
  const t = useTranslations("profile");
  const [choice, setChoice] = useState<string>(isLanguage(current) ? current : FOLLOW);
  const save = useMutation(trpc.auth.setLanguage.mutationOptions({ onSuccess: () => window.location.reload() }));
  return (
    <form className="space-y-3" onSubmit={(e) => { e.preventDefault(); save.mutate({ language: choice === FOLLOW ? null : (choice as Language) }); }}>
      <SelectField label={t("language")} name="language" value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value={FOLLOW}>{t("followLocale", { language: followName })}</option>
        {LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>)}
      </SelectField>
      <ErrorMessage error={save.error} />
      <Button type="submit" disabled={save.isPending}>{t("save")}</Button>
      {save.isSuccess && <p role="status" className="text-sm text-emerald-700">{t("saved")}</p>}
    </form>
  );
}
