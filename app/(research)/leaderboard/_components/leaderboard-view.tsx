"use client";
// The leaderboard: which studies and dimension (in the URL), the ranked table, a forest plot of
// ratings with their intervals, and observed and predicted pairwise win rates as a heatmap.
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useOptimistic, useState, useTransition } from "react";
import type { Leaderboard } from "@/server/leaderboard/schema";
import { ChartCard, DataTable } from "../../studies/[studyId]/dashboard/_components/chart-card";
import { CANDIDATE, BASELINE, pct } from "../../studies/[studyId]/dashboard/_lib/palette";
import { elo, interval, slicesFor, standingsOf, winRateMatrix } from "../_lib/leaderboard-table";
import { ForestPlot } from "./forest-plot";
import { WinRateHeatmap } from "./win-rate-heatmap";

interface StudyOption { name: string; status: string; models: string[]; dimensions: string[] }


export function LeaderboardView({ studies, chosen, dimension, dimensions, slice, board, problem }: {
  studies: StudyOption[]; chosen: string[]; dimension: string | null; dimensions: string[]; slice: string; board: Leaderboard | null; problem: string | null;
}) {
  const t = useTranslations("research.leaderboardView");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [heat, setHeat] = useState<"observed" | "predicted">("observed");
  const [pending, startTransition] = useTransition();
  // The studies as ticked show at once, and the next change builds on them while the leaderboard
  // for the previous one is still being computed: built on the URL instead, a second box ticked
  // before the first's page arrived dropped the first.
  const [shownChosen, showChosen] = useOptimistic(chosen);
  const go = (change: (q: URLSearchParams) => void, studies = shownChosen) => startTransition(() => {
    showChosen(studies);
    const q = new URLSearchParams(params.toString());
    if (studies !== chosen) {
      q.delete("study");
      for (const s of studies) q.append("study", s);
    }
    change(q);
    router.push(`${pathname}?${q.toString()}`);
  });
  const toggleStudy = (name: string) =>
    go((q) => q.delete("slice"), shownChosen.includes(name) ? shownChosen.filter((s) => s !== name) : [...shownChosen, name]);
  const dim = dimension ?? "overall";
  const view = board?.slices.find((s) => s.dimension === dim && s.slice === slice);
  const standings = board ? standingsOf(board, dim, slice) : [];
  const order = standings.map((s) => s.model);
  const stem = `leaderboard-${dim}-${slice}`;
  const select = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

  return (
    <div className={`space-y-4 transition-opacity ${pending ? "opacity-70" : ""}`} aria-busy={pending}>
      <section aria-label={t("scope")} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <fieldset>
          <legend className="mb-2 font-medium text-slate-900">{t("studies")}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {studies.map((s) => (
              <label key={s.name} className="flex items-center gap-1.5">
                <input type="checkbox" checked={shownChosen.includes(s.name)} onChange={() => toggleStudy(s.name)} />
                <span>{s.name}</span><span className="text-xs text-slate-500">{t("models", { count: s.models.length })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {dimensions.length > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2">{t("dimension")}<select className={select} value={dim} onChange={(e) => go((q) => { q.set("dimension", e.target.value); q.delete("slice"); })}>
                {dimensions.map((d) => <option key={d} value={d}>{d}</option>)}
              </select>
            </label>
            {board && <>
              <label className="flex items-center gap-2">{t("slice")}<select className={select} value={slice} onChange={(e) => go((q) => q.set("slice", e.target.value))}>
                  {slicesFor(board, dim).map((s) => <option key={s} value={s}>{s}</option>)}
                  {!view && <option value={slice}>{t("sliceNotInLeaderboard", { slice })}</option>}
                </select>
              </label>
              <span className="text-xs text-slate-500">{t("bootstrapResamplesOfPromptsSeed", { resamples: board.options.resamples.toLocaleString("en-US"), seed: board.options.seed })}</span>
            </>}
          </div>
        )}
        {board && board.scope.leftOut.length > 0 && (
          <p className="mt-2 text-xs text-slate-600">{t("notIncludedTheyShareNo", { leftOut: board.scope.leftOut.join(", ") })}</p>
        )}
      </section>

      {problem && <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">{problem}</div>}
      {!board && !problem && <p className="text-sm text-slate-600">{t("thereIsNoSideBy")}</p>}
      {/* A slice from a link or another scope that this leaderboard does not have: say so, not a blank page. */}
      {board && !view && (
        <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {t("noSuchSlice", { slice, dim })}{" "}
          <button type="button" className="underline" onClick={() => go((q) => q.delete("slice"))}>{t("showAllPrompts")}</button>
        </div>
      )}
      {view?.refused && (
        <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {t("thisSliceCannotBeRated", { reason: view.refused.reason, value: view.refused.components.map((c) => c.join(", ")).join(" | ") })}</div>
      )}

      {standings.length > 0 && view && (
        <>
          <section aria-label={t("ranking")} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-1 font-semibold text-slate-900">{t("ranking2", { dim })}{" "}{slice === "all" ? t("allPrompts") : slice}</h2>
            <p className="mb-3 text-xs text-slate-600">
              {t("rank1TheModelsWhose", { prompts: view.prompts.toLocaleString("en-US") })}</p>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="leaderboard-table">
                <thead className="border-b border-slate-200 text-xs text-slate-500">
                  <tr><th className="py-1 pr-3 font-medium">{t("rank")}</th><th className="py-1 pr-3 font-medium">{t("model")}</th><th className="py-1 pr-3 text-right font-medium">{t("rating")}</th>
                    <th className="py-1 pr-3 font-medium">{t("n95Interval")}</th><th className="py-1 pr-3 text-right font-medium">{t("styleControlled")}</th>
                    <th className="py-1 pr-3 text-right font-medium">{t("winRate")}</th><th className="py-1 pr-3 text-right font-medium">{t("battles")}</th></tr>
                </thead>
                <tbody>
                  {standings.map((s) => (
                    <tr key={s.model} className="border-b border-slate-100 align-top">
                      <td className="py-1.5 pr-3 tabular-nums">{s.rank.value}<span className="text-xs text-slate-500"> ({s.rank.low}–{s.rank.high})</span></td>
                      <td className="py-1.5 pr-3 font-medium">{s.model}{s.notes.map((n) => <p key={n} className="text-xs font-normal text-amber-800">{n}</p>)}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{s.unbounded ? (s.unbounded === "above" ? "+∞" : s.unbounded === "below" ? "−∞" : "n/a") : elo(s.rating.value)}</td>
                      <td className="py-1.5 pr-3 tabular-nums text-slate-600">{interval(s.rating, elo)}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{s.styleControlled ? <>{elo(s.styleControlled.value)} <span className="text-xs text-slate-500">({interval(s.styleControlled, elo)})</span></> : "—"}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{pct(s.winRate.value)} <span className="text-xs text-slate-500">({pct(s.winRate.low)}–{pct(s.winRate.high)})</span></td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{s.rating.n.toLocaleString("en-US")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <ForestPlot standings={standings} stem={stem} />

          <ChartCard title={t("pairwiseWinRates", { heat })} fileStem={stem}
            description={<>
              {heat === "observed" ? t("shareOfBattlesTheRow") : t("whatTheFittedRatingsPredict")}
              <span className="mt-1 flex gap-2" role="group" aria-label={t("heatmapValues")}>
                {(["observed", "predicted"] as const).map((k) => (
                  <button key={k} type="button" aria-pressed={heat === k} onClick={() => setHeat(k)}
                    className={`rounded border px-2 py-0.5 ${heat === k ? "border-indigo-400 bg-indigo-50 text-indigo-800" : "border-slate-300 bg-white text-slate-700"}`}>{k}</button>
                ))}
              </span>
            </>}
            legend={[{ label: t("rowModelWinsMore"), color: CANDIDATE }, { label: t("columnModelWinsMore"), color: BASELINE }]}
            csvRows={(view.pairwise).map((p) => ({ model: p.a, opponent: p.b, battles: p.battles, observed_win_rate: p.observed, predicted_win_rate: p.predicted }))}
            table={<DataTable caption={t("pairwiseWinRates2")} columns={[t("model2"), t("opponent"), t("battles2"), t("observed"), t("predicted")]}
              rows={view.pairwise.map((p) => [p.a, p.b, p.battles, pct(p.observed), pct(p.predicted)])} />}>
            <WinRateHeatmap order={order} cells={winRateMatrix(board!, dim, slice, order, heat)} />
          </ChartCard>
        </>
      )}
    </div>
  );
}
