"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/app/_lib/use-error-text";
import { useTRPC } from "@/app/_lib/trpc";
import { HOME_PATH } from "@/server/auth/schema";

export function LoginForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations("login");
  const errorText = useErrorText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useMutation(trpc.auth.login.mutationOptions({
    onSuccess: ({ user }) => {
      router.replace(HOME_PATH[user.role]);
      router.refresh();
    },
  }));
  return (
    <form
      className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      onSubmit={(e) => { e.preventDefault(); login.mutate({ email, password }); }}
    >
      <label className="block text-sm font-medium">
        {t("email")}
        <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200" />
      </label>
      <label className="block text-sm font-medium">
        {t("password")}
        <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200" />
      </label>
      {login.error && <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{errorText(login.error)}</p>}
      <button type="submit" disabled={login.isPending}
        className="w-full rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
        {login.isPending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
