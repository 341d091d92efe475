"use client";
// A study's webhooks: add a URL (the signing secret shown once), send a test, remove, and the
// delivery log — what was sent, whether the receiver took it, and when a failed one is retried.
import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorMessage } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import { useMomentFormat } from "@/app/_lib/use-moment-format";


export function WebhooksPanel({ studyId }: { studyId: string }) {
  const t = useTranslations("research.webhooksPanel");
  const moment = useMomentFormat();
  const when = (d: Date | string | null) => (d ? moment(d, "medium") : "—");
  const trpc = useTRPC();
  const hooks = useQuery(trpc.webhooks.list.queryOptions({ studyId }, { refetchInterval: 10_000 }));
  const [url, setUrl] = useState("");
  const [thresholds, setThresholds] = useState("25,50,75,100");
  const [secret, setSecret] = useState<string | null>(null);
  const add = useMutation(trpc.webhooks.add.mutationOptions({ onSuccess: (w) => { setSecret(w.secret); setUrl(""); void hooks.refetch(); } }));
  const remove = useMutation(trpc.webhooks.remove.mutationOptions({ onSuccess: () => void hooks.refetch() }));
  const test = useMutation(trpc.webhooks.test.mutationOptions({ onSuccess: () => void hooks.refetch() }));
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" aria-label={t("webhooks")}>
      <h2 className="mb-1 font-semibold">{t("webhooks")}</h2>
      <p className="mb-3 text-slate-600">{t("verdictPostsASignedJson")}</p>
      {secret && (
        <div role="status" className="mb-3 rounded-md border border-emerald-300 bg-emerald-50 p-2">
          <p className="font-medium text-emerald-900">{t("signingSecretCopyItNow")}</p>
          <code data-testid="webhook-secret" className="break-all font-mono text-xs">{secret}</code>
        </div>
      )}
      {(hooks.data ?? []).map((h) => (
        <div key={h.id} className="mb-3 rounded-md border border-slate-200 p-2" data-testid="webhook">
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all font-mono text-xs">{h.url}</span>
            <span className="text-slate-500">{t("atAndOnCompletion", { value: h.thresholds.split(",").join("%, ") })}</span>
            <span className="ml-auto flex gap-2">
              <button type="button" className="rounded border border-slate-300 px-2 py-0.5" onClick={() => test.mutate({ webhookId: h.id })}>{t("sendTest")}</button>
              <button type="button" className="rounded border border-red-300 px-2 py-0.5 text-red-700"
                onClick={() => { if (window.confirm(t("removeThisWebhookAndIts"))) remove.mutate({ webhookId: h.id }); }}>{t("remove")}</button>
            </span>
          </div>
          {h.deliveries.length > 0 && (
            <table className="mt-2 w-full text-xs" aria-label={t("deliveries")}>
              <thead className="text-left text-slate-500"><tr><th>{t("event")}</th><th>{t("status")}</th><th>{t("attempts")}</th><th>{t("receiver")}</th><th>{t("queued")}</th><th>{t("nextTryDelivered")}</th></tr></thead>
              <tbody>
                {h.deliveries.map((d) => (
                  <tr key={d.id} className="border-t border-slate-100">
                    <td className="py-0.5">{d.event}</td>
                    <td data-testid="delivery-status" className={d.status === "delivered" ? "text-emerald-700" : d.status === "failed" ? "text-red-700" : "text-amber-700"}>{d.status}</td>
                    <td>{d.attempts}</td>
                    <td>{d.lastError ?? (d.lastStatus ? t("http", { lastStatus: d.lastStatus }) : "—")}</td>
                    <td>{when(d.createdAt)}</td>
                    <td>{d.status === "delivered" ? when(d.deliveredAt) : d.status === "pending" ? when(d.nextAttemptAt) : t("gaveUp")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}
      <form aria-label={t("addWebhook")} className="space-y-2" onSubmit={(e) => { e.preventDefault(); setSecret(null); add.mutate({ studyId, url, thresholds }); }}>
        <label className="block font-medium text-slate-700">{t("url")}<input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder={t("httpsCiExampleOrgHooks")}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-normal" /></label>
        <label className="block font-medium text-slate-700">{t("progressThresholds")}<input value={thresholds} onChange={(e) => setThresholds(e.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-normal" /></label>
        <ErrorMessage error={add.error ?? remove.error ?? test.error} />
        <button type="submit" disabled={add.isPending} className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white disabled:opacity-60">{t("addWebhook")}</button>
      </form>
    </section>
  );
}
