import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";
import { LocaleForm } from "./_components/locale-form";

export const metadata = { title: "Locales" };

export default async function LocalesPage() {
  const locales = await (await serverApi("admin")).locales.list();
  return (
    <>
      <PageHeader title="Locales" subtitle="Locales group graders and prompts; regions group locales in reports." />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">Code</th><th className="px-3 py-2">Name</th><th className="px-3 py-2">Region</th>
              <th className="px-3 py-2 text-right">Users</th><th className="px-3 py-2 text-right">Prompts</th></tr>
          </thead>
          <tbody>
            {locales.map((l) => (
              <tr key={l.code} className="border-b border-slate-100">
                <td className="px-3 py-2 font-mono">{l.code}</td><td className="px-3 py-2">{l.name}</td><td className="px-3 py-2">{l.region}</td>
                <td className="px-3 py-2 text-right tabular-nums">{l._count.users}</td><td className="px-3 py-2 text-right tabular-nums">{l._count.prompts}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <LocaleForm />
      </div>
    </>
  );
}
