"use client";
import { useTranslations } from "next-intl";
import { choiceDescription, choicesFor, type Choice } from "../_lib/answer-scale";

export interface DimensionView {
  key: string;
  label: string;
  description: string;
  scaleMin: number;
  scaleMax: number;
}

export function DimensionControl({ dim, value, focused, onFocus, onPick, problem, locked = false, rtl = false }: {
  dim: DimensionView; value: number | undefined; focused: boolean; onFocus: () => void; onPick: (v: number) => void;
  /** Not yet answerable (an audio study's clips not yet heard in full): the choices show but do not take. */
  locked?: boolean;
  /** Shown beside the dimension, in plain words, until it is answered. */
  problem?: string;
  /** A right-to-left page: Response 1 stands on the right, and so do the choices that favour it. */
  rtl?: boolean;
}) {
  const t = useTranslations();
  const word = (c: Choice) => (c.word ? t(`scale.${c.word}`) : String(c.value));
  const describe = (c: Choice) => { const d = choiceDescription(c, dim.scaleMin); return t(`scale.${d.key}`, { ...d.values, label: word(c) }); };
  const choices = choicesFor(dim.scaleMin, dim.scaleMax);
  const preference = dim.scaleMin < 0;
  return (
    <fieldset onClick={onFocus} data-dimension={dim.key}
      className={`rounded-lg border p-3 ${focused ? "border-indigo-500 ring-2 ring-indigo-200" : problem ? "border-red-400" : "border-slate-200"} bg-white`}>
      <legend className="sr-only">{dim.label}</legend>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <span className="font-medium" dir="auto">{dim.label}</span>
        <details className="text-xs text-slate-600"><summary className="cursor-pointer select-none">{t("task.whatIsThis")}</summary><p className="mt-1 max-w-md" dir="auto">{dim.description}</p></details>
      </div>
      {preference && (
        <div className="mb-1 flex justify-between text-xs text-slate-500"><span>{rtl ? "→" : "←"} {t("task.response1Better")}</span><span>{t("task.response2Better")} {rtl ? "←" : "→"}</span></div>
      )}
      <div role="radiogroup" aria-label={dim.label} className={`grid gap-1 ${preference ? "grid-cols-7" : "grid-cols-5"}`}>
        {choices.map((c) => {
          const selected = value === c.value;
          return (
            <button key={c.value} type="button" role="radio" aria-checked={selected} aria-label={describe(c)}
              title={describe(c)} tabIndex={-1} onClick={() => onPick(c.value)} aria-disabled={locked || undefined}
              className={`flex flex-col items-center rounded-md border px-1 py-1.5 text-xs ${selected ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:bg-indigo-50"} ${locked ? "cursor-not-allowed opacity-50" : ""}`}>
              <kbd className={`font-mono text-[11px] ${selected ? "text-indigo-100" : "text-slate-500"}`}>{c.key}</kbd>
              <span className="leading-tight">{word(c)}</span>
            </button>
          );
        })}
      </div>
      {problem && <p className="mt-2 text-sm text-red-700" data-problem={dim.key}>{problem}</p>}
    </fieldset>
  );
}
