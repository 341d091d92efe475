import { redirect } from "next/navigation";
import { HOME_PATH } from "@/server/auth/domain/roles";
import { pageSession } from "@/server/web/page-session";

export const dynamic = "force-dynamic";

export default async function Home() {
  const session = await pageSession();
  redirect(session.status === "ok" ? HOME_PATH[session.user.role] : "/login");
}
