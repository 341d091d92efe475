// Downloads of a chart: its data as CSV, its picture as SVG or PNG. The picture is the chart's own
// SVG with the title and legend drawn in (recharts renders its legend as HTML), on white.
import { stringify } from "csv-stringify/browser/esm/sync";
import { SAFE_CSV, UTF8_BOM } from "@/server/exports/schema";

export interface LegendEntry {
  label: string;
  color: string;
  /** how the chart draws the series: a filled square (bars, areas; the default), a dot, or a ring (an unfilled dot) */
  mark?: "square" | "dot" | "ring";
}

/** A legend entry's mark as SVG at (x, y), 12 pixels square: the same shape the chart draws. */
export function legendMarkSvg(l: LegendEntry, x: number, y: number): { name: string; attrs: Record<string, string | number> } {
  if (l.mark === "dot") return { name: "circle", attrs: { cx: x + 6, cy: y + 6, r: 5, fill: l.color } };
  if (l.mark === "ring") return { name: "circle", attrs: { cx: x + 6, cy: y + 6, r: 4.5, fill: "none", stroke: l.color, "stroke-width": 2 } };
  return { name: "rect", attrs: { x, y, width: 12, height: 12, fill: l.color } };
}

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Numbers as the analytics meant them. Shares, rates and differences are rounded to 12 decimal
 * places, so float arithmetic's residue (1 − 0.7 − 0.3 = 1.3877787807814457e-17) is written as 0;
 * p-values keep their full precision, since a tiny p is a real result.
 */
export function csvNumber(v: number, column = ""): number {
  if (!Number.isFinite(v) || /(^|_)p($|_)|p_value/.test(column)) return v;
  const rounded = Math.round(v * 1e12) / 1e12;
  return rounded === 0 ? 0 : rounded;
}

/** `bom`: start with a UTF-8 byte-order mark, so that Excel reads accents and CJK text right. */
export function chartCsv(rows: Record<string, unknown>[], opts: { bom?: boolean } = {}): string {
  const clean = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? csvNumber(v, k) : v])));
  return `${opts.bom ? UTF8_BOM : ""}${stringify(clean, { header: true, ...SAFE_CSV })}`;
}

export function downloadCsv(filename: string, rows: Record<string, unknown>[], opts: { bom?: boolean } = {}) {
  save(new Blob([chartCsv(rows, opts)], { type: "text/csv;charset=utf-8" }), filename);
}

const SVG_NS = "http://www.w3.org/2000/svg";
const HEADER = 56;

function el(name: string, attrs: Record<string, string | number>, text?: string) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A standalone SVG document of the chart inside `container`, with title and legend on top. */
export function chartSvg(container: HTMLElement, title: string, legend: LegendEntry[]): { svg: string; width: number; height: number } | null {
  const chart = container.querySelector("svg.recharts-surface") ?? container.querySelector("svg");
  if (!chart) return null;
  const width = Number(chart.getAttribute("width")) || chart.clientWidth;
  const height = Number(chart.getAttribute("height")) || chart.clientHeight;
  const root = el("svg", { xmlns: SVG_NS, width, height: height + HEADER, viewBox: `0 0 ${width} ${height + HEADER}`, "font-family": "system-ui, sans-serif" });
  root.appendChild(el("rect", { width: "100%", height: "100%", fill: "#ffffff" }));
  root.appendChild(el("text", { x: 8, y: 20, "font-size": 15, "font-weight": 600, fill: "#0f172a" }, title));
  let x = 8;
  for (const l of legend) {
    const mark = legendMarkSvg(l, x, 32);
    root.appendChild(el(mark.name, mark.attrs));
    root.appendChild(el("text", { x: x + 16, y: 42, "font-size": 12, fill: "#334155" }, l.label));
    x += 28 + l.label.length * 7;
  }
  const body = chart.cloneNode(true) as SVGElement;
  body.setAttribute("y", String(HEADER));
  body.removeAttribute("style");
  root.appendChild(body);
  return { svg: new XMLSerializer().serializeToString(root), width, height: height + HEADER };
}

export function downloadSvg(container: HTMLElement, filename: string, title: string, legend: LegendEntry[]) {
  const out = chartSvg(container, title, legend);
  if (out) save(new Blob([out.svg], { type: "image/svg+xml" }), filename);
}

export async function downloadPng(container: HTMLElement, filename: string, title: string, legend: LegendEntry[]) {
  const out = chartSvg(container, title, legend);
  if (!out) return;
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(out.svg)}`;
  await img.decode();
  const scale = 2; // sharp enough for a slide or a paper
  const canvas = document.createElement("canvas");
  canvas.width = out.width * scale;
  canvas.height = out.height * scale;
  const ctx = canvas.getContext("2d")!;
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (blob) save(blob, filename);
}
