"use client";
// What graders read, per interface language: the study's title and guidelines and its dimensions'
// labels and descriptions. English is the original; an empty field falls back (built-in dimensions
// to the catalogue's translation, the rest to English), and the missing list says where graders
// who work in a language would read English.
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Button, ErrorMessage } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import { directionOf, LANGUAGE_NAMES, LANGUAGES, type Language } from "@/server/i18n/schema";
import type { AppRouter } from "@/server/root";
import { Notice } from "@/app/_components/notice";

type Data = inferRouterOutputs<AppRouter>["translations"]["forStudy"];
type Draft = { title: string; guidelines: string; dimensions: Record<string, { label: string; description: string }> };

const TRANSLATED = LANGUAGES.filter((l) => l !== "en");
const FIELD = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

function draftOf(data: Data, language: string): Draft {
  const s = data.translations.study[language];
  return {
    title: s?.title ?? "", guidelines: s?.guidelines ?? "",
    dimensions: Object.fromEntries(data.dimensions.map((d) => [d.key, { label: data.translations.dimensions[d.key]?.[language]?.label ?? "", description: data.translations.dimensions[d.key]?.[language]?.description ?? "" }])),
  };
}

export function TranslationsEditor({ initial, initialLanguage }: { initial: Data; initialLanguage?: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations("research.translations");
  const [data, setData] = useState(initial);
  const first = (TRANSLATED as readonly string[]).includes(initialLanguage ?? "") ? initialLanguage! : (data.graderLanguages.find((g) => g.language !== "en")?.language ?? "ja");
  const [language, setLanguage] = useState<string>(first);
  // Each language's edits are kept while another language is open: switching to compare must not
  // throw away what was typed. Saving saves the language open.
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => ({ [first]: draftOf(initial, first) }));
  const draft = drafts[language] ?? draftOf(data, language);
  const setDraft = (next: Draft) => setDrafts((all) => ({ ...all, [language]: next }));
  const unsaved = TRANSLATED.filter((l) => drafts[l] && JSON.stringify(drafts[l]) !== JSON.stringify(draftOf(data, l)));
  const save = useMutation(trpc.translations.save.mutationOptions({ onSuccess: (next, input) => {
    setData(next);
    setDrafts((all) => ({ ...all, [input.language]: draftOf(next, input.language) }));
    router.refresh();
  } }));
  // Leaving the page with edits not saved asks first, as the browser does for a form.
  useEffect(() => {
    if (unsaved.length === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved.length]);
  const dir = directionOf(language as Language);
  const missingByLanguage = useMemo(() => {
    const m = new Map<string, Data["missing"]>();
    for (const x of data.missing) m.set(x.language, [...(m.get(x.language) ?? []), x]);
    return m;
  }, [data.missing]);

  const choose = (l: string) => {
    setLanguage(l);
    setDrafts((all) => (all[l] ? all : { ...all, [l]: draftOf(data, l) }));
    save.reset();
    router.replace(`?language=${l}`, { scroll: false });
  };
  const fieldName = (m: Data["missing"][number]) => m.dimension
    ? t(m.field === "dimension.label" ? "missingDimensionLabel" : "missingDimensionDescription", { dimension: data.dimensions.find((d) => d.key === m.dimension)?.label ?? m.dimension })
    : t(m.field === "title" ? "missingTitle" : "missingGuidelines");

  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
      <form className="space-y-4" aria-label={t("formLabel")} onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ studyId: data.study.id, language: language as Exclude<Language, "en">, title: draft.title, guidelines: draft.guidelines,
          dimensions: data.dimensions.map((d) => ({ key: d.key, ...draft.dimensions[d.key] })) });
      }}>
        <label className="block text-sm font-medium text-slate-700">{t("language")}
          <select value={language} onChange={(e) => choose(e.target.value)} className={FIELD} name="language">
            {TRANSLATED.map((l) => <option key={l} value={l}>{unsaved.includes(l) ? t("languageUnsaved", { name: LANGUAGE_NAMES[l], code: l }) : `${LANGUAGE_NAMES[l]} (${l})`}</option>)}
          </select>
        </label>
        {unsaved.length > 0 && (
          <Notice>{t("unsavedIn", { languages: unsaved.map((l) => LANGUAGE_NAMES[l]).join(", "), count: unsaved.length })}</Notice>
        )}
        <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={t("studyTexts")}>
          <h2 className="font-semibold">{t("studyTexts")}</h2>
          <label className="block text-sm font-medium text-slate-700">{t("title")}
            <span className="block text-xs font-normal text-slate-500">{t("english")}: {data.study.graderTitle || t("neutralTitle", { title: data.study.neutralTitle })}</span>
            <input name="title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} maxLength={120} lang={language} dir={dir} className={FIELD} />
          </label>
          <label className="block text-sm font-medium text-slate-700">{t("guidelines")}
            <span className="block whitespace-pre-wrap text-xs font-normal text-slate-500">{t("english")}: {data.study.guidelines || t("none")}</span>
            <textarea name="guidelines" value={draft.guidelines} onChange={(e) => setDraft({ ...draft, guidelines: e.target.value })} rows={5} lang={language} dir={dir} className={FIELD} />
          </label>
        </section>
        <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={t("dimensions")}>
          <h2 className="font-semibold">{t("dimensions")}</h2>
          <p className="text-xs text-slate-500">{t("dimensionsShared")}</p>
          {data.dimensions.map((d) => {
            const builtIn = d.catalogue[language];
            const own = draft.dimensions[d.key];
            return (
              <fieldset key={d.key} data-dimension={d.key} className="rounded-md border border-slate-200 p-3">
                <legend className="px-1 text-sm font-medium">{d.label} <span className="font-mono text-xs text-slate-500">{d.key}</span></legend>
                <p className="text-xs text-slate-500">{t("english")}: {d.description}</p>
                {builtIn?.label && <p className="text-xs text-emerald-700">{t("builtIn", { label: builtIn.label })}</p>}
                <div className="mt-2 grid gap-2 md:grid-cols-[1fr_2fr]">
                  <label className="text-sm text-slate-700">{t("label")}
                    <input name={`label-${d.key}`} value={own.label} placeholder={builtIn?.label ?? ""} maxLength={80} lang={language} dir={dir} className={FIELD}
                      onChange={(e) => setDraft({ ...draft, dimensions: { ...draft.dimensions, [d.key]: { ...own, label: e.target.value } } })} />
                  </label>
                  <label className="text-sm text-slate-700">{t("description")}
                    <input name={`description-${d.key}`} value={own.description} placeholder={builtIn?.description ?? ""} maxLength={1000} lang={language} dir={dir} className={FIELD}
                      onChange={(e) => setDraft({ ...draft, dimensions: { ...draft.dimensions, [d.key]: { ...own, description: e.target.value } } })} />
                  </label>
                </div>
              </fieldset>
            );
          })}
        </section>
        <ErrorMessage error={save.error} />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={save.isPending}>{t("save", { language: LANGUAGE_NAMES[language as Language] })}</Button>
          {save.isSuccess && <span role="status" className="text-sm text-emerald-700">{t("saved")}</span>}
        </div>
      </form>
      <aside className="space-y-4">
        <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" aria-label={t("graderLanguages")}>
          <h2 className="mb-2 font-semibold">{t("graderLanguages")}</h2>
          {data.graderLanguages.length === 0 ? <p className="text-slate-600">{t("noGraders")}</p> : (
            <ul className="space-y-1">{data.graderLanguages.map((g) => <li key={g.language}>{LANGUAGE_NAMES[g.language as Language] ?? g.language}: {t("graders", { count: g.graders })}</li>)}</ul>
          )}
        </section>
        <section className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm" aria-label={t("missing")} data-testid="missing-translations">
          <h2 className="mb-2 font-semibold">{t("missing")}</h2>
          {data.missing.length === 0 ? <p className="text-slate-700">{t("nothingMissing")}</p> : (
            <ul className="space-y-2">
              {[...missingByLanguage].map(([l, items]) => (
                <li key={l}>
                  <button type="button" className="font-medium text-indigo-700 underline" onClick={() => choose(l)}>{LANGUAGE_NAMES[l as Language] ?? l}</button>
                  <span className="text-slate-600"> — {t("fallsBack", { count: items.length })}</span>
                  <ul className="list-disc ps-5 text-slate-700">{items.map((m, i) => <li key={i}>{fieldName(m)}</li>)}</ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      </aside>
    </div>
  );
}
