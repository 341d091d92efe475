"use client";
// Control items: import a file of expected answers, mark one item at a time, see how graders did
// on each, and turn an item back into study material.
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorMessage, FILE_INPUT, SelectField, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import type { AppRouter } from "@/server/root";

type Control = inferRouterOutputs<AppRouter>["quality"]["control"];
const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);

export function ControlItemsPanel({ studyId, type, dimensions, items }: { studyId: string; type: Control["study"]["type"]; dimensions: Control["dimensions"]; items: Control["items"] }) {
  const t = useTranslations("research.controlItemsPanel");
  const trpc = useTRPC();
  const router = useRouter();
  const [result, setResult] = useState<string | null>(null);
  const done = (r: { marked: number; GOLD: number; ATTENTION: number; QUALIFICATION: number }) => {
    setResult(t("markedItems", { marked: r.marked, gold: r.GOLD, attention: r.ATTENTION, qualification: r.QUALIFICATION }));
    router.refresh();
  };
  const importFile = useMutation(trpc.quality.importControlItems.mutationOptions({ onSuccess: done }));
  const markOne = useMutation(trpc.quality.markControlItem.mutationOptions({ onSuccess: done }));
  const unmark = useMutation(trpc.quality.unmarkControlItem.mutationOptions({ onSuccess: () => router.refresh() }));
  const [row, setRow] = useState<Record<string, string>>({ kind: "gold" });
  const sxs = type === "SIDE_BY_SIDE";
  const example = sxs ? `prompt_id,kind,${dimensions.map((d) => d.key).join(",")},explanation` : `prompt_id,model,kind,${dimensions.map((d) => d.key).join(",")},explanation`;

  return (
    <section aria-label={t("controlItems")} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">{t("controlItems")}</h2>
      <p className="mt-1 text-xs text-slate-600">
        {t.rich("controlItemsNote", { type: sxs ? "sideBySide" : "singleSided", example, code: (chunks) => <code className="rounded bg-slate-100 px-1">{chunks}</code> })}</p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div className="rounded-md border border-slate-200 p-3">
          <h3 className="mb-2 text-sm font-semibold">{t("importAFile")}</h3>
          <label className="block text-sm font-medium text-slate-700">{t("controlItemFileCsvOr")}<input type="file" accept=".csv,.jsonl,.ndjson" className={FILE_INPUT} disabled={importFile.isPending}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (!file) return;
                setResult(null);
                importFile.mutate({ studyId, fileName: file.name, content: await file.text() });
              }} />
          </label>
          <div className="mt-2"><ErrorMessage error={importFile.error} /></div>
        </div>
        <form className="grid gap-2 rounded-md border border-slate-200 p-3 md:grid-cols-2" aria-label={t("markOneItem")} onSubmit={(e) => {
          e.preventDefault();
          setResult(null);
          markOne.mutate({ studyId, row: Object.fromEntries(Object.entries(row).filter(([, v]) => v !== "")) });
        }}>
          <h3 className="text-sm font-semibold md:col-span-2">{t("markOneItem")}</h3>
          <TextField label={t("promptId")} value={row.prompt_id ?? ""} onChange={(e) => setRow({ ...row, prompt_id: e.target.value })} required />
          {!sxs && <TextField label={t("model")} value={row.model ?? ""} onChange={(e) => setRow({ ...row, model: e.target.value })} required />}
          <SelectField label={t("kindColumn")} value={row.kind} onChange={(e) => setRow({ ...row, kind: e.target.value })}>
            <option value="gold">{t("gold")}</option><option value="attention">{t("attentionCheck")}</option><option value="qualification">{t("qualification")}</option>
          </SelectField>
          {dimensions.map((d) => sxs ? (
            <SelectField key={d.key} label={t("expected", { label: d.label })} value={row[d.key] ?? ""} onChange={(e) => setRow({ ...row, [d.key]: e.target.value })}>
              <option value="">{t("notChecked")}</option><option value="candidate">{t("candidateBetter")}</option><option value="baseline">{t("baselineBetter")}</option><option value="same">{t("aboutTheSame")}</option>
            </SelectField>
          ) : (
            <TextField key={d.key} label={t("expectedEG45", { label: d.label })} value={row[d.key] ?? ""} onChange={(e) => setRow({ ...row, [d.key]: e.target.value })} />
          ))}
          <label className="block text-sm font-medium text-slate-700 md:col-span-2">{t("explanationShownToGradersAfter")}<textarea value={row.explanation ?? ""} onChange={(e) => setRow({ ...row, explanation: e.target.value })} rows={2} required
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
          </label>
          <div className="space-y-2 md:col-span-2">
            <ErrorMessage error={markOne.error} />
            <Button type="submit" disabled={markOne.isPending}>{t("markItem")}</Button>
          </div>
        </form>
      </div>
      {result && <p role="status" className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{result}</p>}
      <ErrorMessage error={unmark.error} />
      {items.length === 0 ? <p className="mt-4 text-sm text-slate-600">{t("noControlItemsYet")}</p> : (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">{t("controlItems")}</caption>
          <thead className="text-xs text-slate-500">
            <tr><th className="py-1 font-medium">{t("prompt")}</th><th className="py-1 font-medium">{t("kindColumn")}</th><th className="py-1 font-medium">{t("expected2")}</th><th className="py-1 font-medium">{t("explanation")}</th><th className="py-1 text-right font-medium">{t("gradersCorrect")}</th><th /></tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.id} className="border-t border-slate-100 align-top">
                <td className="py-2 pr-3"><span className="font-mono">{i.promptId}</span>{i.model && <span className="text-xs text-slate-500"> · {i.model}</span>}<div className="line-clamp-2 text-xs text-slate-500">{i.promptText}</div></td>
                <td className="whitespace-nowrap py-2 pr-3">{t(`kind.${i.kind}`)}</td>
                <td className="py-2 pr-3 text-xs">{i.expectations.map((e) => <div key={e.dimension}>{e.label}: <strong>{e.expected}</strong></div>)}</td>
                <td className="py-2 pr-3 text-xs">{i.explanation}</td>
                <td className="py-2 text-right tabular-nums">{i.accuracy ? <>{pct(i.accuracy.value)}<div className="text-xs text-slate-500">{t("n95CiNAnswersGraders", { low: pct(i.accuracy.low), high: pct(i.accuracy.high), n: i.accuracy.n, graders: i.graders })}</div></> : "—"}</td>
                <td className="py-2 text-right"><Button variant="secondary" disabled={unmark.isPending}
                  onClick={() => confirm(t("turnThisItemBackInto")) && unmark.mutate({ itemId: i.id })}>{t("unmark")}</Button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
