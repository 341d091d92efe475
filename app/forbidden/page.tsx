import Link from "next/link";
import { pageSession } from "@/server/web/page-session";
import { HOME_PATH } from "@/server/auth/domain/roles";

export const dynamic = "force-dynamic";
export const metadata = { title: "Not allowed" };

const AREA_NAMES: Record<string, string> = { grading: "the grading workspace", research: "the research workspace", admin: "administration" };

export default async function Forbidden({ searchParams }: { searchParams: Promise<{ area?: string }> }) {
  const session = await pageSession();
  const { area } = await searchParams;
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-2 text-slate-700">
        Your role{session.status === "ok" ? ` (${session.user.role.toLowerCase()})` : ""} does not give access to {AREA_NAMES[area ?? ""] ?? "that page"}.
      </p>
      <Link href={session.status === "ok" ? HOME_PATH[session.user.role] : "/login"} className="mt-6 text-indigo-700 underline">
        Go to your start page
      </Link>
    </main>
  );
}
