"use client";
// Exclusions: keep a grader's judgments (all, or those in a time window) out of every result,
// with a reason; undo at any time. Nothing is deleted.
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorMessage, SelectField, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import type { AppRouter } from "@/server/root";

type Data = inferRouterOutputs<AppRouter>["quality"]["exclusions"];
const when = (d: Date | string | null) => (d ? new Date(d).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : null);

export function ExclusionsPanel({ studyId, data, preselect }: { studyId: string; data: Data; preselect: string | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [graderId, setGraderId] = useState(preselect && data.graders.some((g) => g.id === preselect) ? preselect : "");
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  const [reason, setReason] = useState("");
  const exclude = useMutation(trpc.quality.exclude.mutationOptions({ onSuccess: () => { setReason(""); setFrom(""); setUntil(""); router.refresh(); } }));
  const undo = useMutation(trpc.quality.undoExclusion.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <section id="exclusions" aria-label="Exclusions" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">Exclusions</h2>
      <p className="mb-3 text-xs text-slate-600">
        Excluded judgments are kept but left out of the report and every dashboard, which say how many and why. {data.excludedJudgments.toLocaleString("en-US")} judgment{data.excludedJudgments === 1 ? " is" : "s are"} excluded now.
      </p>
      <form className="grid gap-3 md:grid-cols-2" onSubmit={(e) => {
        e.preventDefault();
        exclude.mutate({ studyId, graderId, reason, from: from ? new Date(from) : null, until: until ? new Date(until) : null });
      }}>
        <SelectField label="Grader" value={graderId} onChange={(e) => setGraderId(e.target.value)} required>
          <option value="">Choose a grader…</option>
          {data.graders.map((g) => <option key={g.id} value={g.id}>{g.displayName} ({g.email})</option>)}
        </SelectField>
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. failed 3 attention checks" required />
        <TextField label="From (optional; empty = from the start)" type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="Until (optional; empty = open-ended, later work too)" type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
        <div className="md:col-span-2 space-y-2">
          <ErrorMessage error={exclude.error} />
          <Button type="submit" variant="danger" disabled={exclude.isPending || !graderId}>Exclude judgments</Button>
        </div>
      </form>
      {data.exclusions.length > 0 && (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Exclusions</caption>
          <thead className="text-xs text-slate-500"><tr><th className="py-1 font-medium">Grader</th><th className="py-1 font-medium">Window</th><th className="py-1 font-medium">Reason</th><th className="py-1 text-right font-medium">Judgments</th><th className="py-1 font-medium">State</th><th /></tr></thead>
          <tbody>
            {data.exclusions.map((x) => (
              <tr key={x.id} className={`border-t border-slate-100 ${x.revokedAt ? "text-slate-500" : ""}`}>
                <td className="py-2">{x.grader.displayName}</td>
                <td className="py-2 text-xs">{x.fromAt || x.untilAt ? `${when(x.fromAt) ?? "start"} – ${when(x.untilAt) ?? "open"}` : "all work"}</td>
                <td className="py-2">{x.reason}<div className="text-xs text-slate-500">by {x.createdBy ?? "—"}, {when(x.createdAt)}</div></td>
                <td className="py-2 text-right tabular-nums">{x.revokedAt ? "—" : x.judgments.toLocaleString("en-US")}</td>
                <td className="py-2 text-xs">{x.revokedAt ? `undone ${when(x.revokedAt)}${x.revokedBy ? ` by ${x.revokedBy}` : ""}` : <span className="rounded bg-red-100 px-1.5 text-red-800">in force</span>}</td>
                <td className="py-2 text-right">{!x.revokedAt && <Button variant="secondary" disabled={undo.isPending} onClick={() => undo.mutate({ exclusionId: x.id })}>Undo</Button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorMessage error={undo.error} />
    </section>
  );
}
