"use client";
// Two image models' outputs compared as a grader compares photographs: side by side at the same
// scale, zoomed and panned together (a detail is looked at in both at once), or on top of each
// other, swiped or flickered, where small differences show. For an edit the source image sits
// beside them at the same zoom. Buttons, not letter keys: the task page's keys stay the answers.
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type PointerEvent, type WheelEvent } from "react";
import { directionOf, type Language } from "@/server/i18n/schema";
import { MediaFailed, useMediaLoad } from "@/app/_components/media-load";
import { clampZoom, ZOOM_STEP, type View } from "../_lib/image-view";

interface Shown { url: string; alt: string }
type Mode = "side" | "swipe" | "flicker";

export function ImageComparison({ left, right, source }: { left: Shown[]; right: Shown[]; source: Shown[] }) {
  const t = useTranslations("images");
  // "Response 1" and "Response 2" name the responses as the rest of the task does.
  const tTask = useTranslations("task");
  // Right to left: Response 1 stands on the right, in the swipe view too.
  const rtl = directionOf(useLocale() as Language) === "rtl";
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  const [mode, setMode] = useState<Mode>("side");
  const [index, setIndex] = useState(0);
  const [swipe, setSwipe] = useState(50);
  const [showing, setShowing] = useState<0 | 1>(0);
  const [auto, setAuto] = useState(false);
  const drag = useRef<{ x: number; y: number; from: View } | null>(null);
  const count = Math.max(left.length, right.length);
  const pair = [left[index] ?? null, right[index] ?? null] as const;

  useEffect(() => {
    if (!auto || mode !== "flicker") return;
    const timer = setInterval(() => setShowing((s) => (s === 0 ? 1 : 0)), 700);
    return () => clearInterval(timer);
  }, [auto, mode]);

  const transform = `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`;
  const zoomBy = (factor: number) => setView((v) => ({ ...v, zoom: clampZoom(v.zoom * factor) }));
  const handlers = {
    onWheel: (e: WheelEvent) => zoomBy(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP),
    onPointerDown: (e: PointerEvent) => {
      (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
      drag.current = { x: e.clientX, y: e.clientY, from: view };
    },
    onPointerMove: (e: PointerEvent) => {
      const d = drag.current;
      if (d) setView({ ...d.from, x: d.from.x + e.clientX - d.x, y: d.from.y + e.clientY - d.y });
    },
    onPointerUp: () => { drag.current = null; },
  };
  const pane = "relative h-80 touch-none select-none overflow-hidden rounded-md border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0%_25%,#fff_0%_50%)] bg-[length:16px_16px] cursor-grab";
  const img = (shown: Shown | null, testId: string) => shown && <PaneImage key={shown.url} shown={shown} testId={testId} transform={transform} />;
  const button = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-50";

  return (
    <section aria-label={t("label")} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div role="radiogroup" aria-label={t("view")} className="flex gap-1">
          {(["side", "swipe", "flicker"] as const).map((m) => (
            <button key={m} type="button" role="radio" aria-checked={mode === m} onClick={() => setMode(m)}
              className={`${button} ${mode === m ? "border-indigo-500 bg-indigo-50 text-indigo-800" : ""}`}>
              {t(m)}
            </button>
          ))}
        </div>
        <span className="mx-1 text-slate-300">|</span>
        <button type="button" className={button} onClick={() => zoomBy(ZOOM_STEP)}>{t("zoomIn")}</button>
        <button type="button" className={button} onClick={() => zoomBy(1 / ZOOM_STEP)}>{t("zoomOut")}</button>
        <button type="button" className={button} onClick={() => setView({ zoom: 1, x: 0, y: 0 })}>{t("reset")}</button>
        <span className="text-xs text-slate-500" data-testid="zoom-level" dir="ltr">{Math.round(view.zoom * 100)}%</span>
        {count > 1 && (
          <label className="ms-auto text-sm">{t("image")}
            <select value={index} onChange={(e) => setIndex(Number(e.target.value))} className="ms-1 rounded border border-slate-300 px-1">
              {Array.from({ length: count }, (_, i) => <option key={i} value={i}>{t("nOfCount", { n: i + 1, count })}</option>)}
            </select>
          </label>
        )}
      </div>

      {mode === "side" && (
        <div className={`grid gap-3 ${source.length ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
          {source.length > 0 && (
            <figure>
              <figcaption className="mb-1 text-xs font-semibold text-slate-600">{t("source")}</figcaption>
              <div className={pane} {...handlers}>{img(source[Math.min(index, source.length - 1)], "compare-source")}</div>
            </figure>
          )}
          {pair.map((shown, side) => (
            <figure key={side}>
              <figcaption className="mb-1 text-xs font-semibold text-indigo-700">{tTask("response", { n: side + 1 })}</figcaption>
              <div className={pane} {...handlers}>{shown ? img(shown, `compare-${side + 1}`) : <p className="p-3 text-sm text-slate-500">{t("noImage", { n: index + 1 })}</p>}</div>
            </figure>
          ))}
        </div>
      )}

      {mode === "swipe" && (
        <figure>
          <figcaption className="mb-1 flex justify-between text-xs font-semibold text-indigo-700"><span>{rtl ? "→" : "←"} {tTask("response", { n: 1 })}</span><span>{tTask("response", { n: 2 })} {rtl ? "←" : "→"}</span></figcaption>
          <div className={pane} {...handlers}>
            {img(pair[1], "compare-2")}
            <div className="absolute inset-0" style={{ clipPath: rtl ? `inset(0 0 0 ${100 - swipe}%)` : `inset(0 ${100 - swipe}% 0 0)` }}>{img(pair[0], "compare-1")}</div>
            <div aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 bg-indigo-600" style={{ left: `${rtl ? 100 - swipe : swipe}%` }} />
          </div>
          <input type="range" min={0} max={100} value={swipe} onChange={(e) => setSwipe(Number(e.target.value))} aria-label={t("swipeLabel")}
            className="mt-2 w-full" />
        </figure>
      )}

      {mode === "flicker" && (
        <figure>
          <figcaption className="mb-1 flex items-center gap-3 text-xs font-semibold text-indigo-700">
            <span data-testid="flicker-showing">{t("showing", { n: showing + 1 })}</span>
            <button type="button" className={button} onClick={() => setShowing((s) => (s === 0 ? 1 : 0))}>{t("show", { n: showing === 0 ? 2 : 1 })}</button>
            <label className="font-normal text-slate-700"><input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} className="me-1" />{t("alternate")}</label>
          </figcaption>
          <div className={pane} {...handlers}>{img(pair[showing], `compare-${showing + 1}`)}</div>
        </figure>
      )}
    </section>
  );
}

function PaneImage({ shown, testId, transform }: { shown: Shown; testId: string; transform: string }) {
  const load = useMediaLoad(shown.url, "image");
  if (load.failed) return <MediaFailed alt={shown.alt} onRetry={load.retry} className="absolute inset-2 z-10 cursor-default" />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- served from our own attachment route
    <img key={load.attempt} src={shown.url} alt={shown.alt} data-testid={testId} draggable={false} style={{ transform }}
      className="absolute inset-0 h-full w-full object-contain [transform-origin:center]" onError={load.failedNow} onLoad={load.loaded} />
  );
}
