import Link from "next/link";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { ProgressBar } from "@/app/_components/progress-bar";
import { serverApi } from "@/server/web/page-session";

export const metadata = { title: "My queue" };

export default async function QueuePage() {
  const api = await serverApi("grading");
  const [me, studies] = await Promise.all([api.auth.me(), api.grading.queue()]);
  return (
    <>
      <PageHeader title="My queue" subtitle={`Studies open in your locales (${me.locales.join(", ") || "none assigned"}).`} />
      {studies.length === 0 ? (
        <EmptyState title="Nothing to grade right now">
          {me.locales.length ? "No running study includes your locales. Check back later." : "You have no locales yet; ask an administrator to assign some."}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {studies.map((s) => (
            <li key={s.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-semibold">{s.title}</h2>
              <p className="text-xs text-slate-500">{s.type === "SIDE_BY_SIDE" ? "Compare two responses" : "Score one response"} · you have done {s.doneByMe}</p>
              <div className="mt-3"><ProgressBar done={s.poolSubmitted} total={s.poolWanted} label={`Progress of ${s.title} in your locales`} /></div>
              <Link href={`/queue/${s.id}`} className="mt-4 self-start rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">Start</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
