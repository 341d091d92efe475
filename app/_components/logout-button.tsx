"use client";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/app/_lib/trpc";

export function LogoutButton() {
  const trpc = useTRPC();
  const t = useTranslations("common");
  const logout = useMutation(trpc.auth.logout.mutationOptions({
    // A full navigation drops every cached query of the old session.
    onSettled: () => window.location.assign("/login?reason=logout"),
  }));
  return (
    <button type="button" onClick={() => logout.mutate()} disabled={logout.isPending}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-slate-700 hover:bg-slate-100">
      {t("logOut")}
    </button>
  );
}
