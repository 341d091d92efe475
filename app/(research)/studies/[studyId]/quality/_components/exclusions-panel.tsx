"use client";
// Exclusions: keep a grader's judgments (all, or those in a time window) out of every result,
// with a reason; undo at any time. Nothing is deleted.
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorMessage, SelectField, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import type { AppRouter } from "@/server/root";
import { useMomentFormat } from "@/app/_lib/use-moment-format";

type Data = inferRouterOutputs<AppRouter>["quality"]["exclusions"];

export function ExclusionsPanel({ studyId, data, preselect }: { studyId: string; data: Data; preselect: string | null }) {
  const t = useTranslations("research.exclusionsPanel");
  const moment = useMomentFormat();
  const when = (d: Date | string | null) => (d ? moment(d, "medium") : null);
  const trpc = useTRPC();
  const router = useRouter();
  const [graderId, setGraderId] = useState(preselect && data.graders.some((g) => g.id === preselect) ? preselect : "");
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  const [reason, setReason] = useState("");
  const exclude = useMutation(trpc.quality.exclude.mutationOptions({ onSuccess: () => { setReason(""); setFrom(""); setUntil(""); router.refresh(); } }));
  const undo = useMutation(trpc.quality.undoExclusion.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <section id="exclusions" aria-label={t("exclusions")} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">{t("exclusions")}</h2>
      <p className="mb-3 text-xs text-slate-600">
        {t("excludedJudgmentsAreKeptBut", { count: data.excludedJudgments })}</p>
      <form className="grid gap-3 md:grid-cols-2" onSubmit={(e) => {
        e.preventDefault();
        exclude.mutate({ studyId, graderId, reason, from: from ? new Date(from) : null, until: until ? new Date(until) : null });
      }}>
        <SelectField label={t("grader")} value={graderId} onChange={(e) => setGraderId(e.target.value)} required>
          <option value="">{t("chooseAGrader")}</option>
          {data.graders.map((g) => <option key={g.id} value={g.id}>{g.displayName} ({g.email})</option>)}
        </SelectField>
        <TextField label={t("reason")} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t("eGFailed3Attention")} required />
        <TextField label={t("fromOptionalEmptyFromThe")} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label={t("untilOptionalEmptyOpenEnded")} type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
        <div className="md:col-span-2 space-y-2">
          <ErrorMessage error={exclude.error} />
          <Button type="submit" variant="danger" disabled={exclude.isPending || !graderId}>{t("excludeJudgments")}</Button>
        </div>
      </form>
      {data.exclusions.length > 0 && (
        <table className="mt-4 w-full text-left text-sm [&_td]:pr-3 [&_th]:pr-3">
          <caption className="sr-only">{t("exclusions")}</caption>
          <thead className="text-xs text-slate-500"><tr><th className="py-1 font-medium">{t("grader")}</th><th className="py-1 font-medium">{t("window")}</th><th className="py-1 font-medium">{t("reason")}</th><th className="py-1 text-right font-medium">{t("judgments")}</th><th className="py-1 font-medium">{t("state")}</th><th /></tr></thead>
          <tbody>
            {data.exclusions.map((x) => (
              <tr key={x.id} className={`border-t border-slate-100 ${x.revokedAt ? "text-slate-500" : ""}`}>
                <td className="py-2">{x.grader.displayName}</td>
                <td className="py-2 text-xs">{x.fromAt || x.untilAt ? t("windowFromUntil", { from: when(x.fromAt) ?? t("windowStart"), until: when(x.untilAt) ?? t("windowOpen") }) : t("allWork")}</td>
                <td className="py-2">{x.reason}<div className="text-xs text-slate-500">{t("by", { createdBy: x.createdBy ?? "—", createdAt: when(x.createdAt) ?? "" })}</div></td>
                <td className="py-2 text-right tabular-nums">{x.revokedAt ? "—" : x.judgments.toLocaleString("en-US")}</td>
                <td className="py-2 text-xs">{x.revokedAt ? t("undone", { revokedAt: when(x.revokedAt) ?? "", revokedBy: x.revokedBy ?? "none" }) : <span className="rounded bg-red-100 px-1.5 text-red-800">{t("inForce")}</span>}</td>
                <td className="py-2 text-right">{!x.revokedAt && <Button variant="secondary" disabled={undo.isPending} onClick={() => undo.mutate({ exclusionId: x.id })}>{t("undo")}</Button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorMessage error={undo.error} />
    </section>
  );
}
