import { redirect } from "next/navigation";
import { HOME_PATH } from "@/server/auth/domain/roles";
import { SESSION_MESSAGES } from "@/server/auth/service";
import { pageSession } from "@/server/web/page-session";
import { LoginForm } from "./_components/login-form";

export const dynamic = "force-dynamic";
export const metadata = { title: "Log in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ reason?: string }> }) {
  const session = await pageSession();
  if (session.status === "ok") redirect(HOME_PATH[session.user.role]);
  const { reason } = await searchParams;
  const notice = reason === "expired" || reason === "inactive" ? SESSION_MESSAGES[reason] : reason === "logout" ? "You have been logged out." : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4">
      <h1 className="text-3xl font-semibold tracking-tight">Verdict</h1>
      <p className="mt-1 text-sm text-slate-600">Human-preference evaluation of AI models</p>
      {notice && <p role="status" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{notice}</p>}
      <LoginForm />
    </main>
  );
}
