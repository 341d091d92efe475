import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { pageSession } from "@/server/web/page-session";
import { HOME_PATH } from "@/server/auth/domain/roles";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  return { title: (await getTranslations("forbidden"))("pageTitle") };
}

const AREAS = ["grading", "research", "admin", "account"] as const;

export default async function Forbidden({ searchParams }: { searchParams: Promise<{ area?: string }> }) {
  const session = await pageSession();
  const { area } = await searchParams;
  const t = await getTranslations();
  const known = AREAS.find((a) => a === area) ?? "other";
  const where = t(`forbidden.areas.${known}`);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4">
      <h1 className="text-2xl font-semibold">{t("forbidden.pageTitle")}</h1>
      <p className="mt-2 text-slate-700">
        {session.status === "ok" ? t("forbidden.bodyWithRole", { role: t(`common.roles.${session.user.role}`), area: where }) : t("forbidden.body", { area: where })}
      </p>
      <Link href={session.status === "ok" ? HOME_PATH[session.user.role] : "/login"} className="mt-6 text-indigo-700 underline">
        {t("forbidden.goHome")}
      </Link>
    </main>
  );
}
