"use client";
// Ratings with their intervals, one row per model: drawn as plain SVG (the chart kit's downloads take any SVG).
import { useTranslations } from "next-intl";
import { ChartCard, DataTable } from "../../studies/[studyId]/dashboard/_components/chart-card";
import { BASELINE, CANDIDATE } from "../../studies/[studyId]/dashboard/_lib/palette";
import { elo, interval, type Standing } from "../_lib/leaderboard-table";

export function ForestPlot({ standings, stem }: { standings: Standing[]; stem: string }) {
  const t = useTranslations("research.forestPlot");
  const rated = standings.filter((s) => s.rating.value !== null);
  return (
    <ChartCard title={t("ratingsWith95Intervals")} fileStem={stem}
      description={t("eachModelSRatingDot")}
      legend={[{ label: t("rating"), color: CANDIDATE, mark: "dot" }, { label: t("styleControlled"), color: BASELINE, mark: "ring" }]}
      csvRows={rated.map((s) => ({ model: s.model, rating: s.rating.value, ci_low: s.rating.low, ci_high: s.rating.high, rating_style_controlled: s.styleControlled?.value ?? null,
        style_ci_low: s.styleControlled?.low ?? null, style_ci_high: s.styleControlled?.high ?? null, battles: s.rating.n }))}
      table={<DataTable caption={t("ratings")} columns={[t("model"), t("rating"), t("n95Interval"), t("styleControlled"), t("battles")]}
        rows={rated.map((s) => [s.model, elo(s.rating.value), interval(s.rating, elo), elo(s.styleControlled?.value ?? null), s.rating.n])} />}>
      <ForestSvg rows={rated.map((s) => ({ model: s.model, rating: s.rating.value!, low: s.rating.low, high: s.rating.high, style: s.styleControlled?.value ?? null }))} />
    </ChartCard>
  );
}

/** Ticks at a round step covering [lo, hi]. */
function ticks(lo: number, hi: number): number[] {
  const raw = (hi - lo) / 5;
  const step = [10, 20, 25, 50, 100, 200, 250, 500].find((s) => s >= raw) ?? 1000;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

/** The forest plot, drawn directly: a row per model, its interval as a line with caps, the rating as a dot, the style-controlled rating as a ring. */
function ForestSvg({ rows }: { rows: { model: string; rating: number; low: number | null; high: number | null; style: number | null }[] }) {
  const t = useTranslations("research.forestPlot");
  const values = rows.flatMap((r) => [r.rating, r.low, r.high, r.style]).filter((v): v is number => v !== null && Number.isFinite(v));
  const pad = Math.max(10, (Math.max(...values) - Math.min(...values)) * 0.05);
  const lo = Math.min(...values, 1000) - pad, hi = Math.max(...values, 1000) + pad;
  const label = 180, width = 760, row = 40, top = 10, axis = 40;
  const height = top + row * rows.length + axis;
  const x = (v: number) => label + ((v - lo) / (hi - lo)) * (width - label - 20);
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t("ratingsWith95Intervals")} className="h-auto w-full max-w-3xl">
      {ticks(lo, hi).map((tick) => (
        <g key={tick}>
          <line x1={x(tick)} x2={x(tick)} y1={top} y2={top + row * rows.length} stroke={tick === 1000 ? "#94a3b8" : "#e2e8f0"} strokeDasharray={tick === 1000 ? "4 4" : undefined} />
          <text x={x(tick)} y={top + row * rows.length + 16} textAnchor="middle" fontSize={12} fill="#475569">{tick}</text>
        </g>
      ))}
      <text x={(label + width) / 2} y={height - 4} textAnchor="middle" fontSize={12} fill="#475569">{t("ratingEloScale")}</text>
      {rows.map((r, i) => {
        const y = top + row * i + row / 2;
        return (
          <g key={r.model}>
            <text x={label - 8} y={y + 4} textAnchor="end" fontSize={12} fill="#334155">{r.model}</text>
            {r.low !== null && r.high !== null && Number.isFinite(r.low) && Number.isFinite(r.high) && (
              <g stroke={CANDIDATE} strokeWidth={2}>
                <line x1={x(r.low)} x2={x(r.high)} y1={y} y2={y} />
                <line x1={x(r.low)} x2={x(r.low)} y1={y - 6} y2={y + 6} />
                <line x1={x(r.high)} x2={x(r.high)} y1={y - 6} y2={y + 6} />
              </g>
            )}
            <circle cx={x(r.rating)} cy={y} r={5} fill={CANDIDATE}><title>{`${r.model}: ${r.rating.toFixed(0)} (${r.low?.toFixed(0) ?? "?"}–${r.high?.toFixed(0) ?? "?"})`}</title></circle>
            {r.style !== null && <circle cx={x(r.style)} cy={y} r={5} fill="none" stroke={BASELINE} strokeWidth={2} />}
          </g>
        );
      })}
    </svg>
  );
}

