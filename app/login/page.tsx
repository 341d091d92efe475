import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { HOME_PATH } from "@/server/auth/domain/roles";
import { pageSession } from "@/server/web/page-session";
import { LoginForm } from "./_components/login-form";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  return { title: (await getTranslations("login"))("pageTitle") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ reason?: string }> }) {
  const session = await pageSession();
  if (session.status === "ok") redirect(HOME_PATH[session.user.role]);
  const { reason } = await searchParams;
  const t = await getTranslations();
  const notice = reason === "expired" ? t("login.expired") : reason === "inactive" ? t("login.inactive") : reason === "logout" ? t("login.loggedOut") : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4">
      <h1 className="text-3xl font-semibold tracking-tight">Verdict</h1>
      <p className="mt-1 text-sm text-slate-600">{t("common.tagline")}</p>
      {notice && <p role="status" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{notice}</p>}
      <LoginForm />
    </main>
  );
}
