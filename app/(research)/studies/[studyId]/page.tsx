import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { PageHeader } from "@/app/_components/page-header";
import { ProgressBar } from "@/app/_components/progress-bar";
import { StatusBadge } from "@/app/_components/status-badge";
import { serverApi } from "@/server/web/page-session";
import { LiveLeases } from "./_components/live-leases";
import { StatusControls } from "./_components/status-controls";

export default async function StudyPage({ params }: { params: Promise<{ studyId: string }> }) {
  const { studyId } = await params;
  const api = await serverApi("research");
  const study = await api.studies.get({ studyId }).catch((e) => {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const leases = await api.grading.liveLeases({ studyId });
  return (
    <>
      <PageHeader
        title={study.name}
        subtitle={<>{study.type === "SIDE_BY_SIDE" ? "Side-by-side" : "Single-sided"} · k = {study.redundancy} judgments per item · leases of {study.leaseMinutes} min · <StatusBadge status={study.status} /></>}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <a href={`/api/studies/${study.id}/report`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">Report CSV</a>
            <a href={`/api/studies/${study.id}/judgments`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">Raw judgments CSV</a>
            <StatusControls studyId={study.id} status={study.status} />
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <section className="rounded-lg border border-slate-200 bg-white p-4 lg:col-span-2">
          <h2 className="mb-3 font-semibold">Progress</h2>
          <ProgressBar done={study.submitted} total={study.wanted} label="Overall progress" />
          <table className="mt-4 w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500"><tr><th className="py-1">Locale</th><th className="py-1 text-right">Items</th><th className="w-1/2 py-1 pl-4">Judged</th></tr></thead>
            <tbody>
              {study.byLocale.map((l) => (
                <tr key={l.localeCode} className="border-t border-slate-100">
                  <td className="py-2 font-mono">{l.localeCode}</td><td className="py-2 text-right tabular-nums">{l.items}</td>
                  <td className="py-2 pl-4"><ProgressBar done={l.submitted} total={l.wanted} label={`Progress in ${l.localeCode}`} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="space-y-4">
          <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <h2 className="mb-2 font-semibold">Set-up</h2>
            <dl className="space-y-1">
              {study.models.map((m) => (<div key={m.model.id} className="flex justify-between gap-2"><dt className="text-slate-500">{m.role.toLowerCase()}</dt><dd>{m.model.name}</dd></div>))}
              <div className="flex justify-between gap-2"><dt className="text-slate-500">prompt set</dt><dd>{study.promptSet?.name ?? "—"}</dd></div>
              <div className="flex justify-between gap-2"><dt className="text-slate-500">dimensions</dt><dd className="text-right">{study.dimensions.map((d) => d.dimension.label).join(", ")}</dd></div>
              <div className="flex justify-between gap-2"><dt className="text-slate-500">scale</dt><dd>{study.dimensions[0] ? `${study.dimensions[0].scaleMin} … ${study.dimensions[0].scaleMax}` : "—"}</dd></div>
            </dl>
          </div>
          <LiveLeases leases={leases} />
        </section>
      </div>
    </>
  );
}
