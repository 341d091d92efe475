"use client";
// The study dashboard. The headline arrives with the page (computed on the server for the URL's
// filters); breakdowns, quality, the over-time view and (side-by-side) the weighted verdicts load
// after it, one after the other (use-fetch-in-turn.ts), so the headline is never kept waiting
// behind heavier queries; the planner follows the breakdowns.
import { useTranslations } from "next-intl";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useOptimistic, useTransition, type ReactNode } from "react";
import type { ReportRow } from "@/server/analytics/domain/report-row";
import type { TDashboardFilter } from "@/server/dashboards/schema";
import type { AppRouter } from "@/server/root";
import { useTRPC } from "@/app/_lib/trpc";
import { paramsWithFilter } from "../_lib/filter-params";
import { useFetchInTurn } from "../_lib/use-fetch-in-turn";
import { BreakdownSection } from "./breakdown-section";
import { FilterBar } from "./filter-bar";
import { HeadlineSection } from "./headline-section";
import { OverTimeSection } from "./over-time-section";
import { PlanningSection } from "./planning-section";
import { QualitySection } from "./quality-section";
import { Notice } from "@/app/_components/notice";
import { useViewParam } from "../_lib/use-view-param";

export type DashboardStudy = inferRouterOutputs<AppRouter>["dashboards"]["study"];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-44">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Loading({ what }: { what: string }) {
  const t = useTranslations("research.dashboardView");
  return <div className="flex h-32 items-center justify-center rounded-lg border border-slate-200 bg-white text-sm text-slate-500" role="status">{t("computing", { what })}</div>;
}

function Failed({ error, retry }: { error: { message: string }; retry: () => void }) {
  const t = useTranslations("research.dashboardView");
  return <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">{t("couldNotComputeThisSection", { message: error.message })}{" "}<button type="button" className="underline" onClick={retry}>{t("tryAgain")}</button></div>;
}

export function DashboardView({ study: whole, filter, headline }: { study: DashboardStudy; filter: TDashboardFilter; headline: ReportRow[] }) {
  const t = useTranslations("research.dashboardView");
  // A side-by-side study of more than two models is shown one pair at a time: model A as the candidate.
  const askedPair = whole.pairs.find((p) => filter.pair && p.a === filter.pair[0] && p.b === filter.pair[1]);
  const pair = askedPair ?? whole.pairs[0];
  const study = pair ? { ...whole, candidate: pair.a, baseline: pair.b } : whole;
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const sxs = study.type === "SIDE_BY_SIDE";
  const chosenBaseline = searchParams.get("baseline");
  const baseline = chosenBaseline && study.models.includes(chosenBaseline) ? chosenBaseline : study.models[0] ?? "";
  // A pair or baseline the address asks for that the study lacks (a link from another study) is
  // said, beside what is shown instead, rather than silently replaced.
  const pairNotInStudy = sxs && filter.pair && !askedPair ? filter.pair : null;
  const baselineNotInStudy = !sxs && chosenBaseline && !study.models.includes(chosenBaseline) ? chosenBaseline : null;
  // The filter as chosen shows at once, and the next choice builds on it while the page for the
  // previous one is still loading: built on the URL's filter instead, a second chip clicked before
  // the first's navigation finished dropped the first (and a quick second click on one chip did
  // not undo it).
  const [chosenFilter, showChosenFilter] = useOptimistic(filter);
  const setFilter = (f: TDashboardFilter) => startTransition(() => {
    showChosenFilter(f);
    router.replace(`${pathname}?${paramsWithFilter(new URLSearchParams(searchParams), f)}`, { scroll: false });
  });
  const setViewParam = useViewParam();
  const setBaseline = (m: string) => setViewParam("baseline", m); // the server's headline does not depend on it

  const input = { studyId: study.id, filter };
  // Each alone (skipBatch): it leaves as soon as it is asked for, not after the page has drawn the previous section.
  const options = { staleTime: 60_000, trpc: { context: { skipBatch: true } } };
  const sections = {
    report: trpc.dashboards.report.queryOptions(input, options),
    quality: trpc.dashboards.quality.queryOptions(input, options),
    overTime: trpc.dashboards.overTime.queryOptions(input, options),
    weighted: trpc.dashboards.weightedVerdicts.queryOptions(input, options),
  };
  // In this order; last, the Dawid–Skene fits, which at a million judgments take seconds no other section should wait for.
  useFetchInTurn([(c) => c.prefetchQuery(sections.report), (c) => c.prefetchQuery(sections.quality), (c) => c.prefetchQuery(sections.overTime),
    ...(sxs ? [(c: QueryClient) => c.prefetchQuery(sections.weighted)] : [])], JSON.stringify(input));
  // The sections only read what useFetchInTurn fetched (a retry after a failure refetches one).
  const report = useQuery({ ...sections.report, enabled: false });
  const quality = useQuery({ ...sections.quality, enabled: false });
  const overTime = useQuery({ ...sections.overTime, enabled: false });
  const weighted = useQuery({ ...sections.weighted, enabled: false });

  return (
    <div>
      {whole.pairs.length > 1 && (
        <div className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm" role="region" aria-label={t("pair")}>
          <label className="flex items-center gap-2 font-medium">{t("pairShown")}<select className="rounded-md border border-slate-300 bg-white px-2 py-1 font-normal" value={whole.pairs.indexOf(pair!)}
              onChange={(e) => { const p = whole.pairs[Number(e.target.value)]; setFilter({ ...chosenFilter, pair: [p.a, p.b] }); }}>
              {/* Options by position: a separator character inside the value (NUL was used) does not survive the server-rendered HTML. */}
              {whole.pairs.map((p, i) => <option key={i} value={i}>{t("vsItems", { a: p.a, b: p.b, items: p.items })}</option>)}
            </select>
          </label>
          <span className="text-slate-600">{t("models", { count: whole.models.length })}{" "}{whole.pairing === "balanced_random" ? t("oneBalancedRandomPairPer") : t("allPairsPerPrompt")}.{" "}
            <a className="text-indigo-700 underline" href={`/leaderboard?study=${encodeURIComponent(whole.name)}`}>{t("rankAllOnTheLeaderboard", { count: whole.models.length })}</a></span>
        </div>
      )}
      {(pairNotInStudy || baselineNotInStudy) && (
        <Notice className="mb-3">
          {pairNotInStudy ? t("pairNotInStudy", { a: pairNotInStudy[0], b: pairNotInStudy[1], shownA: pair?.a ?? "", shownB: pair?.b ?? "" })
            : t("baselineNotInStudy", { asked: baselineNotInStudy!, shown: baseline })}</Notice>
      )}
      <FilterBar filter={chosenFilter} dimensions={study.dimensions} locales={study.locales} categories={study.categories} modalities={study.modalities}
        onChange={setFilter} pending={pending} />
      {study.exclusions.length > 0 && (
        <Notice label={t("excludedJudgments")} className="mb-4">
          {t.rich("judgmentsExcludedFromEveryNumber", { value: study.exclusions.reduce((n, x) => n + x.judgments, 0).toLocaleString("en-US"), strong: (chunks) => <strong>{chunks}</strong> })}{" "}{study.exclusions.map((x, i) => <span key={i}>{i > 0 && "; "}{x.grader} ({x.judgments.toLocaleString("en-US")}{x.from || x.until ? t("inATimeWindow") : ""}): {x.reason}</span>)}.{" "}
          <a href={`/studies/${study.id}/quality`} className="text-indigo-700 underline">{t("manageExclusions")}</a>
        </Notice>
      )}
      <nav aria-label={t("dashboardSections")} className="mb-4 flex gap-3 text-sm">
        {[["headline", t("headline")], ["breakdowns", t("breakdowns")], ["quality", t("quality")], ["over-time", t("overTime")], ["planning", t("stableYetPlanning")]].map(([id, l]) => (
          <a key={id} href={`#${id}`} className="text-indigo-700 hover:underline">{l}</a>))}
      </nav>
      <div className={`space-y-8 transition-opacity ${pending ? "opacity-60" : ""}`}>
        <Section id="headline" title={t("headline")}><HeadlineSection study={study} rows={headline} reportRows={report.data} baseline={baseline} onBaseline={setBaseline} /></Section>
        <Section id="breakdowns" title={t("breakdowns")}>
          {report.error ? <Failed error={report.error} retry={() => void report.refetch()} /> : !report.data ? <Loading what={t("breakdowns2")} />
            : <BreakdownSection study={study} rows={report.data} baseline={baseline} />}
        </Section>
        <Section id="quality" title={t("quality")}>
          {quality.error ? <Failed error={quality.error} retry={() => void quality.refetch()} /> : !quality.data || !report.data ? <Loading what={t("graderQuality")} />
            : <QualitySection study={study} rows={report.data} quality={quality.data} weighted={!sxs ? null : {
              data: weighted.data,
              placeholder: weighted.error ? <Failed error={weighted.error} retry={() => void weighted.refetch()} /> : <Loading what={t("theReliabilityWeightedVerdicts")} />,
            }} />}
        </Section>
        <Section id="over-time" title={t("overTime")}>
          {overTime.error ? <Failed error={overTime.error} retry={() => void overTime.refetch()} /> : !overTime.data ? <Loading what={t("theHeadlineOverTime")} />
            : <OverTimeSection study={study} points={overTime.data} />}
        </Section>
        <Section id="planning" title={t("stableYetPlanning")}>
          {!report.data ? <Loading what={t("thePlan")} /> : <PlanningSection study={study} filter={filter} overTime={overTime.data} />}
        </Section>
      </div>
    </div>
  );
}
