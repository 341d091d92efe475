import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ConversationTranscript } from "@/app/_components/conversation-transcript";
import { ImageGallery } from "@/app/_components/image-gallery";
import { ModelOutput } from "@/app/_components/model-output";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";
import { MODALITIES, modalityLabel, parseModality } from "@/server/studies/schema";
import { Notice } from "@/app/_components/notice";

export async function generateMetadata() {
  return { title: (await getTranslations("research.promptsPage"))("pageTitle") };
}

const PAGE_SIZE = 25;

type Search = { set?: string; locale?: string; category?: string; modality?: string; page?: string };

export default async function PromptsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const t = await getTranslations("research.promptsPage");
  const q = await searchParams;
  const api = await serverApi("research");
  const sets = await api.prompts.sets();
  if (sets.length === 0) return (<><PageHeader title={t("prompts")} /><EmptyState title={t("noPromptSetsYet")}>{t("importStudyMaterialToCreate")}</EmptyState></>);
  // An address that asks for what cannot be shown says so: another set's prompts, or every
  // modality's, shown under it would look like what was asked for.
  const refused = (message: string, href: string) => (<><PageHeader title={t("prompts")} />
    <Notice kind="alert">{message} <Link className="underline" href={href}>{t("showAllPrompts")}</Link></Notice></>);
  const set = q.set ? sets.find((s) => s.id === q.set) : sets[0];
  if (!set) return refused(t("noPromptSet", { set: q.set ?? "" }), "/prompts");
  const page = Math.max(0, Number(q.page ?? 0) || 0);
  const modality = (q.modality && parseModality(q.modality)) || undefined;
  if (q.modality && !modality) {
    return refused(t("notAModality", { value: q.modality, modalities: MODALITIES.map(modalityLabel).join(", ") }), `/prompts?set=${encodeURIComponent(set.id)}`);
  }
  const [facets, list] = await Promise.all([
    api.prompts.facets({ promptSetId: set.id }),
    api.prompts.list({ promptSetId: set.id, locale: q.locale || undefined, category: q.category || undefined, modality, page, pageSize: PAGE_SIZE }),
  ]);
  const lastPage = Math.max(0, Math.ceil(list.total / PAGE_SIZE) - 1);
  const href = (over: Partial<Search>) => `/prompts?${new URLSearchParams(Object.entries({ set: set.id, locale: q.locale, category: q.category, modality: q.modality, ...over }).filter(([, v]) => v) as [string, string][])}`;
  // A chosen value the set does not have stays chosen and visible in its select, marked, so that
  // "0 matching" reads as what the filter asks rather than as an empty set.
  const notInSet = (chosen: string | undefined, known: string[]) => (chosen && !known.includes(chosen)
    ? <option value={chosen}>{t("notInThisSet", { value: chosen })}</option> : null);
  return (
    <>
      <PageHeader title={t("prompts")} subtitle={t("promptsUsedByStudies", { name: set.name, prompts: set._count.prompts, studies: set._count.studies })} />
      <div className="mb-4 flex flex-wrap gap-2 text-sm">
        {sets.map((s) => (
          <Link key={s.id} href={`/prompts?set=${s.id}`} className={`rounded-full border px-3 py-1 ${s.id === set.id ? "border-indigo-500 bg-indigo-50 text-indigo-700" : "border-slate-300 bg-white"}`}>{s.name}</Link>
        ))}
      </div>
      <form className="mb-4 flex flex-wrap items-end gap-3 text-sm" action="/prompts">
        <input type="hidden" name="set" value={set.id} />
        <label>{t("locale")}<select name="locale" defaultValue={q.locale ?? ""} className="ml-2 rounded-md border border-slate-300 bg-white px-2 py-1">
          <option value="">{t("all")}</option>{notInSet(q.locale, facets.locales.map((l) => l.value))}{facets.locales.map((l) => <option key={l.value} value={l.value}>{l.value} ({l.count})</option>)}</select></label>
        <label>{t("category")}<select name="category" defaultValue={q.category ?? ""} className="ml-2 rounded-md border border-slate-300 bg-white px-2 py-1">
          <option value="">{t("all")}</option>{notInSet(q.category, facets.categories.map((c) => c.value))}{facets.categories.map((c) => <option key={c.value} value={c.value}>{c.value} ({c.count})</option>)}</select></label>
        <label>{t("modality")}<select name="modality" defaultValue={modality ? modalityLabel(modality) : ""} className="ml-2 rounded-md border border-slate-300 bg-white px-2 py-1">
          <option value="">{t("all")}</option>{notInSet(modality && modalityLabel(modality), facets.modalities.map((m) => modalityLabel(m.value)))}{facets.modalities.map((m) => <option key={m.value} value={modalityLabel(m.value)}>{modalityLabel(m.value)} ({m.count})</option>)}</select></label>
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1 font-medium text-white">{t("filter")}</button>
        <span className="text-slate-600">{t("matching", { total: list.total })}</span>
      </form>
      {list.prompts.length === 0 && list.total > 0 && (
        <Notice className="mb-3">
          {t("pastTheLastPage", { page: page + 1, pages: lastPage + 1 })}{" "}
          <Link className="underline" href={href({ page: String(lastPage) })}>{t("showTheLastPage")}</Link></Notice>
      )}
      <ul className="space-y-3">
        {list.prompts.map((p) => (
          <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="mb-2 flex flex-wrap gap-2 text-xs text-slate-600">
              <span className="font-mono">{p.externalId}</span><span>{p.localeCode}</span><span>{p.category}</span>
              <span>{modalityLabel(p.modality)}</span>
              {p.conversation && <span className="rounded bg-sky-50 px-1.5 text-sky-800">{t("conversationEarlier", { count: p.conversation.length })}{" "}{p.conversation.length === 1 ? t("turn") : t("turns")}</span>}
            </div>
            {p.conversation && <div className="mb-2"><ConversationTranscript turns={p.conversation} /></div>}
            <ModelOutput text={p.text} label={t("prompt", { externalId: p.externalId })} />
            {p.audio.map((a) => <audio key={a.url} src={a.url} controls preload="none" className="mt-2 h-9" aria-label={t("audioOfPrompt", { externalId: p.externalId })} />)}
            {p.attachments.length > 0 && (
              <div className="mt-2 flex flex-wrap gap-2">
                {p.attachments.map((a) => (
                  // eslint-disable-next-line @next/next/no-img-element -- served from our own attachment route
                  <a key={a.id} href={a.url} target="_blank" rel="noreferrer"><img src={a.url} alt={a.fileName} className="h-28 rounded border border-slate-200" /></a>
                ))}
              </div>
            )}
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-indigo-700">{t("responses", { count: p.responses.length })}</summary>
              <div className="mt-2 grid gap-2 md:grid-cols-2">
                {p.responses.map((r) => (
                  <div key={r.id} className="rounded-md bg-slate-50 p-3"><div className="mb-1 text-xs font-medium text-slate-600">{r.model.name}</div>
                    {r.text && <ModelOutput text={r.text} label={t("sResponseTo", { name: r.model.name, externalId: p.externalId })} />}
                    {r.audio.map((a) => <audio key={a.url} src={a.url} controls preload="none" className="h-9 w-full" aria-label={t("sAudioFor", { name: r.model.name, externalId: p.externalId })} />)}
                    <ImageGallery images={r.images} /></div>
                ))}
              </div>
            </details>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex gap-3 text-sm">
        {page > 0 && <Link className="text-indigo-700 underline" href={href({ page: String(page - 1) })}>{t("previous")}</Link>}
        {page < lastPage && <Link className="text-indigo-700 underline" href={href({ page: String(page + 1) })}>{t("next")}</Link>}
      </div>
    </>
  );
}
