"use client";
// One chart with everything a reader needs around it: title, what it shows, downloads of its data
// (CSV) and picture (PNG, SVG), and the same numbers as a table for screen readers and copying.
import { useTranslations } from "next-intl";
import { useRef, type ReactNode } from "react";
import { downloadCsv, downloadPng, downloadSvg, type LegendEntry } from "../_lib/chart-download";

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export function ChartCard({ title, description, legend = [], csvRows, table, children, fileStem, warning }: {
  title: string;
  description?: ReactNode;
  legend?: LegendEntry[];
  csvRows: Record<string, unknown>[];
  table: ReactNode;
  children: ReactNode;
  fileStem: string;
  warning?: ReactNode;
}) {
  const t = useTranslations("research.chartCard");
  const chartRef = useRef<HTMLDivElement>(null);
  const name = `${slug(fileStem)}-${slug(title)}`;
  const button = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100";
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={title}>
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          {description && <div className="text-xs text-slate-600">{description}</div>}
        </div>
        <div className="flex gap-1" role="group" aria-label={t("download", { title })}>
          <button type="button" className={button} onClick={() => downloadCsv(`${name}.csv`, csvRows)}>{t("csv")}</button>
          <button type="button" className={button} title={t("csvWithAByteOrder")} onClick={() => downloadCsv(`${name}.csv`, csvRows, { bom: true })}>{t("csvExcel")}</button>
          <button type="button" className={button} onClick={() => chartRef.current && void downloadPng(chartRef.current, `${name}.png`, title, legend)}>{t("png")}</button>
          <button type="button" className={button} onClick={() => chartRef.current && downloadSvg(chartRef.current, `${name}.svg`, title, legend)}>{t("svg")}</button>
        </div>
      </div>
      {legend.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
          {legend.map((l) => (
            <li key={l.label} className="flex items-center gap-1">
              <span data-mark={l.mark ?? "square"} className={`inline-block h-3 w-3 ${l.mark === "dot" || l.mark === "ring" ? "rounded-full" : "rounded-sm"}`}
                style={l.mark === "ring" ? { border: `2px solid ${l.color}` } : { background: l.color }} />
              {l.label}
            </li>
          ))}
        </ul>
      )}
      {warning}
      {/* The picture is hidden from screen readers, which get the data table below; the charts inside
          are drawn with recharts' accessibilityLayer off, which would otherwise make their svg a
          focus stop inside hidden content. */}
      <div ref={chartRef} aria-hidden="true">{children}</div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-xs font-medium text-indigo-700">{t("dataTable")}</summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </section>
  );
}

/** A plain, sortable-free data table with a caption, for chart alternatives. */
export function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-xs">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-slate-500"><tr>{columns.map((c, i) => <th key={i} scope="col" className="px-2 py-1 font-medium">{c}</th>)}</tr></thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-b border-slate-100">{r.map((v, j) => <td key={j} className={`px-2 py-1 ${typeof v === "number" ? "text-right tabular-nums" : ""}`}>{v}</td>)}</tr>
        ))}
      </tbody>
    </table>
  );
}

/** A chart tooltip: a bold first line, then the exact numbers. */
export function TooltipBox({ lines }: { lines: string[] }) {
  return <div className="rounded border border-slate-300 bg-white p-2 text-xs shadow">{lines.map((l, i) => <div key={i} className={i === 0 ? "font-semibold" : ""}>{l}</div>)}</div>;
}
