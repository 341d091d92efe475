"use client";
// The new-study form: every choice in one place, and a live preview of what it will create
// (computed by the server from the same plan `create` uses) before anything is written.
import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useDeferredValue, useState } from "react";
import { Button, ErrorMessage, SelectField, TextField } from "@/app/_components/form-controls";
import { Markdown } from "@/app/_components/markdown";
import { appliesToSet, defaultOrder, move, scopeNote } from "../_lib/dimension-choice";
import { useTRPC } from "@/app/_lib/trpc";
import { graderFacingTitle, modalityLabel, modelNamesIn, type DimensionScope, type Modality, type TStudyDefinition } from "@/server/studies/schema";

interface ModelOption { id: string; name: string; family: string; generation: string | null }
interface PromptSetOption { id: string; name: string; prompts: number }
interface DimensionOption extends DimensionScope { key: string; label: string; description: string; builtIn: boolean }

const NEW_DIMENSION = { key: "", label: "", description: "", appliesToText: true, appliesToImage: true, appliesToAudio: true, forTextResponses: true, forImageResponses: true, forAudioResponses: true };

const DEFAULT_DIMENSIONS = ["overall", "instruction_following", "truthfulness", "presentation", "image_understanding"];

function Section({ n, title, children, hint }: { n: number; title: string; hint?: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800"><span className="mr-2 inline-flex h-5 w-5 items-center justify-center rounded-full bg-indigo-600 text-xs text-white">{n}</span>{title}</legend>
      {hint && <p className="mb-3 text-sm text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function NewStudyWizard({ models, promptSets, dimensions }: { models: ModelOption[]; promptSets: PromptSetOption[]; dimensions: DimensionOption[] }) {
  const t = useTranslations("research.newStudyWizard");
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("");
  const [graderTitle, setGraderTitle] = useState("");
  const [type, setType] = useState<TStudyDefinition["type"]>("SIDE_BY_SIDE");
  // No model is pre-selected as the candidate: which one is under test is the researcher's choice.
  const [candidate, setCandidate] = useState("");
  const [baseline, setBaseline] = useState("");
  // Side-by-side over more than two models: the further models and how prompts pair them.
  const [more, setMore] = useState<string[]>([]);
  const [pairing, setPairing] = useState<"all_pairs" | "balanced_random">("all_pairs");
  const [verdictRule, setVerdictRule] = useState<"mean" | "majority">("mean");
  const [scored, setScored] = useState<string[]>(models.slice(0, 2).map((m) => m.id));
  const [promptSetId, setPromptSetId] = useState(promptSets[0]?.id ?? "");
  const [locales, setLocales] = useState<string[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [modalities, setModalities] = useState<Modality[]>([]);
  const [chosenDimensions, setChosenDimensions] = useState<string[]>(defaultOrder(dimensions.filter((d) => DEFAULT_DIMENSIONS.includes(d.key)).map((d) => d.key)));
  const [redundancy, setRedundancy] = useState(3);
  const [leaseMinutes, setLeaseMinutes] = useState(20);
  const [guidelines, setGuidelines] = useState("");
  const [showPreview, setShowPreview] = useState(false);
  const [newDim, setNewDim] = useState(NEW_DIMENSION);
  const [requireFullListen, setRequireFullListen] = useState(true);

  const facets = useQuery(trpc.prompts.facets.queryOptions({ promptSetId }, { enabled: !!promptSetId }));
  const dims = useQuery(trpc.studies.dimensions.queryOptions(undefined, { initialData: dimensions as never }));
  const allDimensions: DimensionOption[] = (dims.data as DimensionOption[] | undefined) ?? dimensions;
  // The modalities the study will have: the chosen ones, or all the prompt set has.
  const promptSetModalities = (facets.data?.modalities ?? []).map((m) => m.value as Modality);
  const studyModalities = modalities.length ? modalities : promptSetModalities;
  const applicable = (key: string) => {
    const d = allDimensions.find((x) => x.key === key);
    return !d || !facets.data || appliesToSet(d, studyModalities);
  };
  const dimensionKeys = chosenDimensions.filter(applicable);
  const hasAudio = studyModalities.some((m) => m.includes("AUDIO"));

  const definition: TStudyDefinition = {
    name: name.trim() || "Untitled study", graderTitle, type,
    modelIds: type === "SIDE_BY_SIDE" ? [candidate, baseline, ...more.filter((m) => m !== candidate && m !== baseline)] : scored,
    pairing: type === "SIDE_BY_SIDE" && more.length ? pairing : undefined,
    verdictRule: type === "SIDE_BY_SIDE" ? verdictRule : "mean",
    promptSetId,
    filters: { locales: locales.length ? locales : undefined, categories: categories.length ? categories : undefined, modalities: modalities.length ? modalities : undefined },
    dimensionKeys, redundancy, leaseMinutes, guidelines,
    requireFullListen: hasAudio && requireFullListen,
  };
  // The preview follows the form; deferring it keeps typing responsive.
  const deferred = useDeferredValue(definition);
  const previewable = deferred.modelIds.every(Boolean) && deferred.dimensionKeys.length > 0 && !!deferred.promptSetId
    && (deferred.type === "SINGLE_SIDED" || deferred.modelIds[0] !== deferred.modelIds[1]) && deferred.modelIds.length > 0;
  const preview = useQuery(trpc.studies.preview.queryOptions(deferred, { enabled: previewable, retry: false, placeholderData: (prev) => prev }));
  const create = useMutation(trpc.studies.create.mutationOptions({ onSuccess: (s) => router.push(`/studies/${s.id}`) }));
  const createDimension = useMutation(trpc.studies.createDimension.mutationOptions({
    onSuccess: (d) => { setChosenDimensions((keys) => [...keys, d.key]); setNewDim(NEW_DIMENSION); void dims.refetch(); },
  }));

  const sameModel = type === "SIDE_BY_SIDE" && candidate === baseline;
  // Grader-facing text must not tell graders which models they compare.
  const chosenNames = definition.modelIds.map((id) => models.find((m) => m.id === id)?.name ?? "").filter(Boolean);
  const leakedNames = modelNamesIn([graderTitle, guidelines], chosenNames);
  const p = preview.data;
  const canCreate = name.trim().length > 0 && previewable && !!p && p.items > 0 && !create.isPending;

  return (
    <form className="grid gap-6 xl:grid-cols-[1fr_20rem]" aria-label={t("newStudy")} onSubmit={(e) => { e.preventDefault(); if (canCreate) create.mutate({ ...definition, name: name.trim() }); }}>
      <div className="space-y-5">
        <Section n={1} title={t("study")}>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="space-y-3">
              <TextField label={t("name")} required value={name} onChange={(e) => setName(e.target.value)} placeholder={t("eGDevice2026Vs")} />
              <TextField label={t("titleGradersSee")} value={graderTitle} onChange={(e) => setGraderTitle(e.target.value)} placeholder={t("eGEverydayRequestsEmpty", { value: graderFacingTitle({ graderTitle: "", type }) })} />
              <p className="text-xs text-slate-500">{t("gradersNeverSeeTheName")}</p>
              {leakedNames.length > 0 && (
                <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {t("theGraderFacingTitleOr", { leakedNames: leakedNames.join(" and ") })}</p>
              )}
            </div>
            <div role="radiogroup" aria-label={t("studyType")} className="text-sm">
              <span className="block font-medium text-slate-700">{t("type")}</span>
              <div className="mt-1 flex gap-2">
                {(["SIDE_BY_SIDE", "SINGLE_SIDED"] as const).map((kind) => (
                  <label key={kind} className={`flex-1 cursor-pointer rounded-md border px-3 py-2 ${type === kind ? "border-indigo-500 bg-indigo-50" : "border-slate-300"}`}>
                    <input type="radio" name="type" className="mr-2" checked={type === kind} onChange={() => setType(kind)} />
                    {kind === "SIDE_BY_SIDE" ? t("sideBySide") : t("singleSided")}
                    <span className="block text-xs text-slate-600">{kind === "SIDE_BY_SIDE" ? t("twoAnonymousResponsesAPreference") : t("oneResponseA15")}</span>
                  </label>
                ))}
              </div>
            </div>
          </div>
        </Section>

        <Section n={2} title={t("models")} hint={type === "SIDE_BY_SIDE" ? t("theCandidateIsTheModel") : t("eachPromptSResponseFrom")}>
          {type === "SIDE_BY_SIDE" ? (
            <div className="grid gap-4 md:grid-cols-2">
              <SelectField label={t("candidate")} value={candidate} onChange={(e) => setCandidate(e.target.value)}>
                <option value="">{t("chooseTheModelUnderTest")}</option>
                {models.map((m) => <option key={m.id} value={m.id}>{m.name}{m.generation ? ` (${m.generation})` : ""}</option>)}
              </SelectField>
              <SelectField label={t("baseline")} value={baseline} onChange={(e) => setBaseline(e.target.value)}>
                <option value="">{t("chooseTheModelToCompare")}</option>
                {models.map((m) => <option key={m.id} value={m.id}>{m.name}{m.generation ? ` (${m.generation})` : ""}</option>)}
              </SelectField>
              <div className="md:col-span-2"><Button variant="secondary" onClick={() => { setCandidate(baseline); setBaseline(candidate); }}>{t("swapCandidateAndBaseline")}</Button></div>
              {sameModel && candidate && <p role="alert" className="text-sm text-red-700 md:col-span-2">{t("candidateAndBaselineMustBe")}</p>}
              <fieldset className="md:col-span-2">
                <legend className="text-sm font-medium text-slate-700">{t.rich("furtherModelsOptionalCompareSeveral", { span: (chunks) => <span className="font-normal text-slate-500">{chunks}</span> })}</legend>
                <div className="mt-1 flex flex-wrap gap-2">
                  {models.filter((m) => m.id !== candidate && m.id !== baseline).map((m) => (
                    <label key={m.id} className={`cursor-pointer rounded-full border px-3 py-1 text-sm ${more.includes(m.id) ? "border-indigo-500 bg-indigo-50" : "border-slate-300"}`}>
                      <input type="checkbox" className="mr-1" checked={more.includes(m.id)} onChange={() => setMore(toggle(more, m.id))} />{m.name}
                    </label>
                  ))}
                </div>
                {more.length > 0 && (
                  <div className="mt-3 space-y-1 text-sm" role="radiogroup" aria-label={t("pairing")}>
                    <label className="flex items-start gap-2"><input type="radio" name="pairing" checked={pairing === "all_pairs"} onChange={() => setPairing("all_pairs")} />
                      <span>{t.rich("allPairsOnEveryPrompt", { value: ((2 + more.length) * (1 + more.length)) / 2, strong: (chunks) => <strong>{chunks}</strong> })}</span></label>
                    <label className="flex items-start gap-2"><input type="radio" name="pairing" checked={pairing === "balanced_random"} onChange={() => setPairing("balanced_random")} />
                      <span>{t.rich("oneBalancedRandomPairPer", { strong: (chunks) => <strong>{chunks}</strong> })}</span></label>
                  </div>
                )}
              </fieldset>
              <fieldset className="sm:col-span-2">
                <legend className="text-sm font-medium">{t("aPromptAposSVerdict")}</legend>
                <div className="mt-1 space-y-1 text-sm" role="radiogroup" aria-label={t("aPromptSVerdict")}>
                  <label className="flex items-start gap-2"><input type="radio" name="verdictRule" checked={verdictRule === "mean"} onChange={() => setVerdictRule("mean")} />
                    <span>{t.rich("meanPreferenceDefaultTheSide", { strong: (chunks) => <strong>{chunks}</strong> })}</span></label>
                  <label className="flex items-start gap-2"><input type="radio" name="verdictRule" checked={verdictRule === "majority"} onChange={() => setVerdictRule("majority")} />
                    <span>{t.rich("majorityVoteTheSideMore", { strong: (chunks) => <strong>{chunks}</strong> })}</span></label>
                  <p className="text-xs text-slate-500">{t("eitherWayPromptsWhoseGraders")}</p>
                </div>
              </fieldset>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              {models.map((m) => (
                <label key={m.id} className={`cursor-pointer rounded-full border px-3 py-1 text-sm ${scored.includes(m.id) ? "border-indigo-500 bg-indigo-50" : "border-slate-300"}`}>
                  <input type="checkbox" className="mr-1" checked={scored.includes(m.id)} onChange={() => setScored(toggle(scored, m.id))} />{m.name}
                </label>
              ))}
            </div>
          )}
        </Section>

        <Section n={3} title={t("prompts")} hint={t("leaveAFilterEmptyTo")}>
          <SelectField label={t("promptSet")} value={promptSetId} onChange={(e) => { setPromptSetId(e.target.value); setLocales([]); setCategories([]); setModalities([]); }}>
            {promptSets.map((s) => <option key={s.id} value={s.id}>{t("prompts2", { name: s.name, prompts: s.prompts })}</option>)}
          </SelectField>
          {facets.data && (
            <div className="mt-4 space-y-3 text-sm">
              {([
                ["Locales", facets.data.locales, locales, setLocales],
                ["Categories", facets.data.categories, categories, setCategories],
                ["Modalities", facets.data.modalities, modalities, setModalities],
              ] as const).map(([label, values, chosen, set]) => (
                <div key={label} role="group" aria-label={label}>
                  <div className="mb-1 font-medium text-slate-700">{label}</div>
                  <div className="flex flex-wrap gap-2">
                    {values.map((v) => (
                      <label key={v.value} className={`cursor-pointer rounded-full border px-3 py-1 ${(chosen as string[]).includes(v.value) ? "border-indigo-500 bg-indigo-50" : "border-slate-300"}`}>
                        <input type="checkbox" className="mr-1" checked={(chosen as string[]).includes(v.value)}
                          onChange={() => (set as (x: string[]) => void)(toggle(chosen as string[], v.value))} />
                        {label === "Modalities" ? modalityLabel(v.value as Modality) : v.value} <span className="text-slate-500">{v.count}</span>
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          )}
        </Section>

        <Section n={4} title={t("dimensions")} hint={t("gradersAnswerEachChosenDimension")}>
          <div className="grid gap-2 md:grid-cols-2">
            {allDimensions.map((d) => {
              const fits = applicable(d.key);
              return (
                <label key={d.key} className={`rounded-md border p-2 text-sm ${!fits ? "cursor-not-allowed border-slate-200 text-slate-500" : dimensionKeys.includes(d.key) ? "cursor-pointer border-indigo-500 bg-indigo-50" : "cursor-pointer border-slate-300"}`}>
                  <input type="checkbox" className="mr-2" disabled={!fits} checked={dimensionKeys.includes(d.key)} onChange={() => setChosenDimensions(toggle(chosenDimensions, d.key))} />
                  <span className="font-medium">{d.label}</span>
                  <span className="ml-1 text-xs text-slate-600">{scopeNote(d)}{d.builtIn ? "" : t("custom", { value: scopeNote(d) ? " · " : "" })}</span>
                  <span className="block text-xs text-slate-600">{fits ? d.description : t("doesNotApplyOnlyFor", { d: scopeNote(d), value: studyModalities.map(modalityLabel).join(", ") })}</span>
                </label>
              );
            })}
          </div>
          {dimensionKeys.length > 1 && (
            <div className="mt-3 text-sm">
              <div className="mb-1 font-medium text-slate-700">{t("orderGradersSee")}</div>
              <ol aria-label={t("dimensionOrder")} className="space-y-1">
                {dimensionKeys.map((key, i) => (
                  <li key={key} className="flex items-center gap-2">
                    <span className="w-5 text-right text-slate-500">{i + 1}.</span>
                    <span className="flex-1">{allDimensions.find((d) => d.key === key)?.label ?? key}</span>
                    <button type="button" aria-label={t("moveUp", { key })} disabled={i === 0} onClick={() => setChosenDimensions(move(chosenDimensions, key, -1))} className="rounded border border-slate-300 px-2 disabled:opacity-40">↑</button>
                    <button type="button" aria-label={t("moveDown", { key })} disabled={i === dimensionKeys.length - 1} onClick={() => setChosenDimensions(move(chosenDimensions, key, 1))} className="rounded border border-slate-300 px-2 disabled:opacity-40">↓</button>
                  </li>
                ))}
              </ol>
            </div>
          )}
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-indigo-700">{t("addACustomDimension")}</summary>
            <div className="mt-2 grid gap-3 md:grid-cols-2">
              <TextField label={t("key")} value={newDim.key} onChange={(e) => setNewDim({ ...newDim, key: e.target.value })} placeholder={t("helpfulness")} />
              <TextField label={t("label")} value={newDim.label} onChange={(e) => setNewDim({ ...newDim, label: e.target.value })} placeholder={t("helpfulness2")} />
              <label className="block text-sm font-medium text-slate-700 md:col-span-2">{t("descriptionShownToGraders")}<textarea className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" rows={2} value={newDim.description} onChange={(e) => setNewDim({ ...newDim, description: e.target.value })} /></label>
              {([["promptsItAppliesTo", [["appliesToText", "modalityText"], ["appliesToImage", "modalityImage"], ["appliesToAudio", "modalityAudio"]]],
                ["responsesItJudges", [["forTextResponses", "modalityText"], ["forImageResponses", "modalityImages"], ["forAudioResponses", "modalityAudio"]]]] as const).map(([legend, flags]) => (
                <fieldset key={legend} className="flex flex-wrap gap-3"><legend className="mb-1 w-full font-medium text-slate-700">{t(legend)}</legend>
                  {flags.map(([flag, name]) => (
                    <label key={flag}><input type="checkbox" className="mr-1" checked={newDim[flag]} onChange={(e) => setNewDim({ ...newDim, [flag]: e.target.checked })} />{t(name)}</label>
                  ))}
                </fieldset>
              ))}
              <div className="md:col-span-2"><ErrorMessage error={createDimension.error} /></div>
              <div><Button variant="secondary" onClick={() => createDimension.mutate(newDim)} disabled={createDimension.isPending}>{t("addDimension")}</Button></div>
            </div>
          </details>
        </Section>

        <Section n={5} title={t("grading")}>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label={t("judgmentsPerItemK")} type="number" min={1} max={25} value={redundancy} onChange={(e) => setRedundancy(Number(e.target.value) || 1)} />
            <TextField label={t("leaseTimeMinutes")} type="number" min={1} max={1440} value={leaseMinutes} onChange={(e) => setLeaseMinutes(Number(e.target.value) || 1)} />
          </div>
          {hasAudio && (
            <label className="mt-3 flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={requireFullListen} onChange={(e) => setRequireFullListen(e.target.checked)} />
              <span><span className="font-medium">{t("listenToTheWholeResponse")}</span>
                <span className="block text-xs text-slate-600">{t("theRatingControlsOpenOnce")}</span></span>
            </label>
          )}
          <div className="mt-4">
            <div className="mb-1 flex items-center justify-between text-sm font-medium text-slate-700">
              <span id="guidelines-label">{t("guidelinesForGradersMarkdown")}</span>
              <button type="button" className="text-indigo-700 underline" onClick={() => setShowPreview(!showPreview)}>{showPreview ? t("edit") : t("preview")}</button>
            </div>
            {showPreview ? (
              <div className="min-h-32 rounded-md border border-slate-200 bg-slate-50 p-3" aria-label={t("guidelinesPreview")}>{guidelines.trim() ? <Markdown text={guidelines} /> : <p className="text-sm text-slate-500">{t("nothingWrittenYet")}</p>}</div>
            ) : (
              <textarea aria-labelledby="guidelines-label" className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm" rows={8} value={guidelines} onChange={(e) => setGuidelines(e.target.value)}
                placeholder={t("whatToLookForPrefer")} />
            )}
          </div>
        </Section>
      </div>

      <aside className="space-y-3 self-start rounded-lg border border-slate-200 bg-white p-4 xl:sticky xl:top-4" aria-label={t("whatWillBeCreated")}>
        <h2 className="font-semibold">{t("thisStudyWillCreate")}</h2>
        {!previewable ? <p className="text-sm text-slate-600">{t("chooseModelsAPromptSet")}</p>
          : preview.error ? <ErrorMessage error={preview.error} />
          : !p ? <p className="text-sm text-slate-600">{t("counting")}</p>
          : (
            <dl className="space-y-1 text-sm" aria-busy={preview.isFetching}>
              <div className="flex justify-between"><dt className="text-slate-600">{t("items")}</dt><dd className="text-lg font-semibold tabular-nums" data-testid="preview-items">{p.items.toLocaleString("en-US")}</dd></div>
              <div className="flex justify-between"><dt className="text-slate-600">{t("prompts3")}</dt><dd className="tabular-nums">{p.prompts.toLocaleString("en-US")}</dd></div>
              <div className="flex justify-between"><dt className="text-slate-600">{t("judgmentsWantedK", { redundancy })}</dt><dd className="tabular-nums" data-testid="preview-judgments">{p.judgmentsWanted.toLocaleString("en-US")}</dd></div>
              <div className="flex justify-between gap-2"><dt className="text-slate-600">{t("locales")}</dt><dd className="text-right">{p.locales.join(", ") || "—"}</dd></div>
              {p.filteredOut > 0 && <div className="flex justify-between"><dt className="text-slate-600">{t("promptsLeftOutByFilters")}</dt><dd className="tabular-nums">{p.filteredOut}</dd></div>}
              {p.missingResponses > 0 && <p className="rounded bg-amber-50 p-2 text-amber-900">{t("promptsLackAResponseFrom", { missingResponses: p.missingResponses })}</p>}
              {p.items === 0 && <p className="rounded bg-amber-50 p-2 text-amber-900">{t("noPromptMatchesWidenThe")}</p>}
            </dl>
          )}
        <ErrorMessage error={create.error} />
        {!name.trim() && <p className="text-xs text-slate-600">{t("giveTheStudyAName")}</p>}
        <Button type="submit" className="w-full" disabled={!canCreate}>{create.isPending ? t("creating") : t("createStudy")}</Button>
        <p className="text-xs text-slate-500">{t("theStudyStartsAsA")}</p>
      </aside>
    </form>
  );
}
