"use client";
// Uploads with XMLHttpRequest, which reports upload progress; the server then streams JSON lines
// with its own progress (checking, writing) and the outcome.
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button, FILE_INPUT, TextField } from "@/app/_components/form-controls";

interface Problem { line: number; field: string; message: string }
type Outcome =
  | { type: "done"; summary: Record<string, unknown> }
  | { type: "rejected" | "error"; message: string; problems?: Problem[]; total?: number };

/** Phases the server reports while importing, each with a catalogue entry under importForm.phase. */
const PHASES = new Set(["upload", "checking", "preparing", "writing", "counting"]);

// The CLI's JSON summary keys that have a catalogue label under importForm.summary.
const SUMMARY_KEYS = new Set(["promptSet", "rows", "prompts", "models", "studies", "judgmentsAdded", "judgmentsAlreadyPresent"]);

export function ImportForm({ kind, title, help }: { kind: "material" | "judgments"; title: string; help: string }) {
  const t = useTranslations("research.importForm");
  const phaseLabel = (phase: string) => (PHASES.has(phase) ? t(`phase.${phase}`) : phase);
  const summaryLabel = (key: string) => (SUMMARY_KEYS.has(key) ? t(`summary.${key}`) : key);
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [promptSet, setPromptSet] = useState("");
  // fraction null: a phase of one step under way (one study's items or recount), which has no share done to show.
  const [progress, setProgress] = useState<{ phase: string; fraction: number | null } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function start() {
    const file = fileRef.current?.files?.[0];
    if (!file) return;
    setOutcome(null);
    setProgress({ phase: "upload", fraction: 0 });
    const xhr = new XMLHttpRequest();
    const query = kind === "material" && promptSet.trim() ? `?promptSet=${encodeURIComponent(promptSet.trim())}` : "";
    xhr.open("POST", `/api/imports/${kind}${query}`);
    xhr.setRequestHeader("x-file-name", encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress({ phase: "upload", fraction: e.loaded / e.total });
    let seen = 0;
    const readLines = () => {
      const text = xhr.responseText;
      const end = text.lastIndexOf("\n");
      if (end < seen) return;
      for (const line of text.slice(seen, end).split("\n").filter(Boolean)) {
        const msg = JSON.parse(line);
        if (msg.type === "progress") setProgress({ phase: msg.phase, fraction: msg.total === 1 && msg.done === 0 ? null : msg.total ? msg.done / msg.total : 1 });
        else {
          setOutcome(msg);
          setProgress(null);
          if (msg.type === "done") router.refresh();
        }
      }
      seen = end + 1;
    };
    xhr.onprogress = readLines;
    xhr.onload = () => {
      if (xhr.status !== 200) {
        setProgress(null);
        setOutcome({ type: "error", message: (() => { try { return JSON.parse(xhr.responseText).error; } catch { return t("uploadFailedStatus", { status: xhr.status }); } })() });
      } else readLines();
    };
    xhr.onerror = () => { setProgress(null); setOutcome({ type: "error", message: t("theUploadFailedCheckYour") }); };
    xhr.send(file);
  }

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={t("import", { kind })}>
      <h2 className="font-semibold">{title}</h2>
      <p className="text-sm text-slate-600">{help}</p>
      <label className="block text-sm font-medium text-slate-700">{kind === "material" ? t("fileCsvOrJsonlOr") : t("fileCsvOrJsonl")}
        <input ref={fileRef} type="file" accept={kind === "material" ? ".csv,.jsonl,.ndjson,.zip" : ".csv,.jsonl,.ndjson"} className={FILE_INPUT} />
      </label>
      {kind === "material" && <TextField label={t("promptSetDefaultTheFile")} value={promptSet} onChange={(e) => setPromptSet(e.target.value)} />}
      <Button onClick={start} disabled={progress !== null}>{progress ? t("importing") : t("import2")}</Button>
      {progress && (
        <div>
          <div role="progressbar" aria-label={phaseLabel(progress.phase)} aria-valuenow={progress.fraction === null ? undefined : Math.round(progress.fraction * 100)} aria-valuemin={0} aria-valuemax={100}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
            {progress.fraction === null
              ? <div className="h-full w-full animate-pulse bg-indigo-300" />
              : <div className="h-full bg-indigo-500 transition-all" style={{ width: `${progress.fraction * 100}%` }} />}
          </div>
          <p className="mt-1 text-xs text-slate-600">{phaseLabel(progress.phase)}{progress.fraction === null ? "…" : `: ${(progress.fraction * 100).toFixed(0)}%`}</p>
        </div>
      )}
      {outcome?.type === "done" && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t("imported", { value: Object.entries(outcome.summary).map(([k, v]) => `${summaryLabel(k)} ${Array.isArray(v) ? v.join(", ") : v}`).join(" · ") })}{kind === "material" && <> · <a className="font-medium underline" href="/studies/new">{t("createAStudyFromIt")}</a></>}
          {kind === "judgments" && <> · <a className="font-medium underline" href="/studies">{t("seeTheStudies")}</a></>}
        </p>
      )}
      {outcome && outcome.type !== "done" && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-medium">{outcome.message}</p>
          {outcome.problems && outcome.problems.length > 0 && (
            <ul className="mt-1 max-h-64 list-disc overflow-y-auto pl-5">
              {outcome.problems.map((p, i) => <li key={i}>{t("line", { line: p.line, field: p.field, message: p.message })}</li>)}
            </ul>
          )}
          {outcome.total && outcome.problems && outcome.total > outcome.problems.length && <p>{t("andMore", { total: outcome.total - outcome.problems.length })}</p>}
        </div>
      )}
    </section>
  );
}
