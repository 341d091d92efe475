import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { ProgressBar } from "@/app/_components/progress-bar";
import { StatusBadge } from "@/app/_components/status-badge";
import { serverApi } from "@/server/web/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("research.studiesPage"))("pageTitle") };
}

export default async function StudiesPage() {
  const t = await getTranslations("research.studiesPage");
  const role = await getTranslations("research.modelRoles");
  const studies = await (await serverApi("research")).studies.list();
  return (
    <>
      <PageHeader title={t("studies")} subtitle={t("sideBySideAndSingle")}
        actions={<Link href="/studies/new" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">{t("newStudy")}</Link>} />
      {studies.length === 0 ? (
        <EmptyState title={t("noStudiesYet")}>{t.rich("importStudyMaterialPromptsAnd", { link: (chunks) => <Link className="text-indigo-700 underline" href="/imports">{chunks}</Link>, link2: (chunks) => <Link className="text-indigo-700 underline" href="/studies/new">{chunks}</Link> })}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
              <tr><th className="px-4 py-2">{t("study")}</th><th className="px-4 py-2">{t("type")}</th><th className="px-4 py-2">{t("models")}</th>
                <th className="px-4 py-2">{t("status")}</th><th className="w-56 px-4 py-2">{t("judgedKPerItem")}</th></tr>
            </thead>
            <tbody>
              {studies.map((s) => (
                <tr key={s.id} className="border-b border-slate-100 hover:bg-slate-50">
                  <td className="px-4 py-3"><Link href={`/studies/${s.id}`} className="font-medium text-indigo-700 hover:underline">{s.name}</Link>
                    <div className="text-xs text-slate-500">{s.promptSet?.name ?? t("noPromptSet")} {" "}{t("itemsLocales", { items: s._count.items, count: s.locales.length })}</div></td>
                  <td className="px-4 py-3">{s.type === "SIDE_BY_SIDE" ? t("sideBySide") : t("singleSided")}</td>
                  <td className="px-4 py-3 text-xs">{s.models.map((m) => (
                    <div key={m.model.id}>{m.model.name} <span className="text-slate-500">({role(m.role)})</span></div>))}</td>
                  <td className="px-4 py-3"><StatusBadge status={s.status} /></td>
                  <td className="px-4 py-3"><ProgressBar done={s.submitted} total={s.wanted} label={t("progressOf", { name: s.name })} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
