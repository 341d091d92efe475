"use client";
// A prompt or response as the grader or researcher reads it, rendered, with a switch to the raw
// text exactly as the model wrote it (so nothing the renderer does is taken on trust).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Markdown } from "./markdown";

export function ModelOutput({ text, label }: { text: string; label: string }) {
  const t = useTranslations("common");
  const [raw, setRaw] = useState(false);
  const action = raw ? t("showFormatted") : t("showRaw");
  return (
    <div>
      {raw
        ? <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-mono text-sm" data-rendered="raw" dir="auto">{text}</pre>
        : <Markdown text={text} />}
      <button type="button" aria-pressed={raw} onClick={() => setRaw((r) => !r)} className="mt-2 text-xs text-slate-500 underline hover:text-slate-700"
        aria-label={t("rawToggleLabel", { action, what: label })}>
        {action}
      </button>
    </div>
  );
}
