import type { ReactNode } from "react";
import type { Area } from "@/server/auth/domain/roles";
import { requireArea } from "@/server/web/page-session";
import { AppShell } from "./app-shell";

/** The layout of one role's area: refuses other roles, then draws the shared shell. */
export function areaLayout(area: Area) {
  return async function AreaLayout({ children }: { children: ReactNode }) {
    const user = await requireArea(area);
    return <AppShell user={user}>{children}</AppShell>;
  };
}
