"use client";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorMessage } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import { ROLES, type Role } from "@/server/auth/schema";
import { useMomentFormat } from "@/app/_lib/use-moment-format";

interface UserRow {
  id: string; email: string; displayName: string; role: Role; active: boolean; canLogIn: boolean; locales: string[];
  lastLoginAt: Date | null;
}

export function UsersTable({ users, localeCodes, currentUserId }: { users: UserRow[]; localeCodes: string[]; currentUserId: string }) {
  const t = useTranslations("admin.usersTable");
  const moment = useMomentFormat();
  const trpc = useTRPC();
  const router = useRouter();
  const update = useMutation(trpc.users.update.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      {update.error && <div className="p-3"><ErrorMessage error={update.error} /></div>}
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
          <tr><th className="px-3 py-2">{t("user")}</th><th className="px-3 py-2">{t("role")}</th><th className="px-3 py-2">{t("locales")}</th>
            <th className="px-3 py-2">{t("lastLogin")}</th><th className="px-3 py-2">{t("status")}</th></tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className={`border-b border-slate-100 ${u.active ? "" : "bg-slate-50 text-slate-500"}`} data-testid={`user-${u.email}`}>
              <td className="px-3 py-2"><div className="font-medium">{u.displayName}</div><div className="text-xs text-slate-500">{u.email}{!u.canLogIn && t("importedCannotLogIn")}</div></td>
              <td className="px-3 py-2">
                <select aria-label={t("roleOf", { email: u.email })} value={u.role} disabled={update.isPending || u.id === currentUserId}
                  onChange={(e) => update.mutate({ id: u.id, role: e.target.value as Role })}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
                  {ROLES.map((r) => <option key={r} value={r}>{r.toLowerCase()}</option>)}
                </select>
              </td>
              <td className="px-3 py-2"><LocalesEditor user={u} localeCodes={localeCodes} onSave={(locales) => update.mutate({ id: u.id, locales })} /></td>
              <td className="px-3 py-2 text-xs text-slate-600">{u.lastLoginAt ? moment(u.lastLoginAt, "medium") : t("never")}</td>
              <td className="px-3 py-2">
                {u.id === currentUserId ? <span className="text-xs text-slate-500">{t("you")}</span> : (
                  <Button variant={u.active ? "danger" : "secondary"} disabled={update.isPending}
                    onClick={() => update.mutate({ id: u.id, active: !u.active })}>
                    {u.active ? t("deactivate") : t("reactivate")}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LocalesEditor({ user, localeCodes, onSave }: { user: UserRow; localeCodes: string[]; onSave: (l: string[]) => void }) {
  const t = useTranslations("admin.usersTable");
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState(user.locales);
  if (!editing) {
    return (
      <button type="button" className="text-left text-xs hover:underline" onClick={() => setEditing(true)}
        aria-label={t("editLocalesOf", { locales: user.locales.length ? user.locales.join(", ") : t("none"), email: user.email })}>
        {user.locales.length ? user.locales.join(", ") : <span className="text-slate-500">{t("none")}</span>}
      </button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {localeCodes.map((code) => (
        <label key={code} className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={selected.includes(code)}
            onChange={(e) => setSelected(e.target.checked ? [...selected, code] : selected.filter((c) => c !== code))} />
          {code}
        </label>
      ))}
      <Button onClick={() => { onSave(selected); setEditing(false); }}>{t("save")}</Button>
      <Button variant="secondary" onClick={() => { setSelected(user.locales); setEditing(false); }}>{t("cancel")}</Button>
    </div>
  );
}
