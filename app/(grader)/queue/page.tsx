import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { ProgressBar } from "@/app/_components/progress-bar";
import { serverApi } from "@/server/web/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("queue"))("pageTitle") };
}

export default async function QueuePage() {
  const api = await serverApi("grading");
  const [me, studies] = await Promise.all([api.auth.me(), api.grading.queue()]);
  const t = await getTranslations("queue");
  return (
    <>
      <PageHeader title={t("pageTitle")} subtitle={t("subtitle", { locales: me.locales.join(", ") || t("noLocales") })} />
      {studies.length === 0 ? (
        <EmptyState title={t("emptyTitle")}>
          {me.locales.length ? t("emptyNoStudy") : t("emptyNoLocales")}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {studies.map((s) => (
            <li key={s.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-semibold" dir="auto">{s.title}</h2>
              <p className="text-xs text-slate-500">{s.type === "SIDE_BY_SIDE" ? t("sideBySide") : t("singleSided")} · {t("doneByMe", { count: s.doneByMe })}</p>
              <div className="mt-3"><ProgressBar done={s.poolSubmitted} total={s.poolWanted} label={t("progressLabel", { title: s.title })} /></div>
              <Link href={`/queue/${s.id}`} className="mt-4 self-start rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">{t("start")}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
