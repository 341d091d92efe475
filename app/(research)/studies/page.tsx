import Link from "next/link";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { ProgressBar } from "@/app/_components/progress-bar";
import { StatusBadge } from "@/app/_components/status-badge";
import { serverApi } from "@/server/web/page-session";

export const metadata = { title: "Studies" };

export default async function StudiesPage() {
  const studies = await (await serverApi("research")).studies.list();
  return (
    <>
      <PageHeader title="Studies" subtitle="Side-by-side and single-sided human evaluations."
        actions={<Link href="/studies/new" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">New study</Link>} />
      {studies.length === 0 ? (
        <EmptyState title="No studies yet">Import study material (prompts and model responses) on the <Link className="text-indigo-700 underline" href="/imports">Imports</Link> page, then <Link className="text-indigo-700 underline" href="/studies/new">create a study</Link>.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
              <tr><th className="px-4 py-2">Study</th><th className="px-4 py-2">Type</th><th className="px-4 py-2">Models</th>
                <th className="px-4 py-2">Status</th><th className="w-56 px-4 py-2">Judged (k per item)</th></tr>
            </thead>
            <tbody>
              {studies.map((s) => (
                <tr key={s.id} className="border-b border-slate-100 hover:bg-slate-50">
                  <td className="px-4 py-3"><Link href={`/studies/${s.id}`} className="font-medium text-indigo-700 hover:underline">{s.name}</Link>
                    <div className="text-xs text-slate-500">{s.promptSet?.name ?? "no prompt set"} · {s._count.items} items · {s.locales.length} locales</div></td>
                  <td className="px-4 py-3">{s.type === "SIDE_BY_SIDE" ? "side-by-side" : "single-sided"}</td>
                  <td className="px-4 py-3 text-xs">{s.models.map((m) => (
                    <div key={m.model.id}>{m.model.name} <span className="text-slate-500">({m.role.toLowerCase()})</span></div>))}</td>
                  <td className="px-4 py-3"><StatusBadge status={s.status} /></td>
                  <td className="px-4 py-3"><ProgressBar done={s.submitted} total={s.wanted} label={`Progress of ${s.name}`} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
