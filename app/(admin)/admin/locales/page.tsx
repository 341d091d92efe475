import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";
import { LocaleForm } from "./_components/locale-form";

export async function generateMetadata() {
  return { title: (await getTranslations("admin.localesPage"))("pageTitle") };
}

export default async function LocalesPage() {
  const t = await getTranslations("admin.localesPage");
  const locales = await (await serverApi("admin")).locales.list();
  return (
    <>
      <PageHeader title={t("locales")} subtitle={t("localesGroupGradersAndPrompts")} />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">{t("code")}</th><th className="px-3 py-2">{t("name")}</th><th className="px-3 py-2">{t("region")}</th>
              <th className="px-3 py-2 text-right">{t("users")}</th><th className="px-3 py-2 text-right">{t("prompts")}</th></tr>
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
