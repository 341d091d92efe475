"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorMessage, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";

export function LocaleForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState({ code: "", name: "", region: "" });
  const save = useMutation(trpc.locales.save.mutationOptions({ onSuccess: () => { setForm({ code: "", name: "", region: "" }); router.refresh(); } }));
  return (
    <form className="space-y-3 self-start rounded-lg border border-slate-200 bg-white p-4" aria-label="Add or rename locale"
      onSubmit={(e) => { e.preventDefault(); save.mutate(form); }}>
      <h2 className="font-semibold">Add or rename a locale</h2>
      <TextField label="Code (BCP 47)" placeholder="ko-KR" required value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} />
      <TextField label="Name" placeholder="Korean (South Korea)" required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      <TextField label="Region" placeholder="Asia-Pacific" required value={form.region} onChange={(e) => setForm({ ...form, region: e.target.value })} />
      <ErrorMessage error={save.error} />
      <Button type="submit" disabled={save.isPending}>Save locale</Button>
    </form>
  );
}
