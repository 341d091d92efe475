"use client";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button, ErrorMessage } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import { useMomentFormat } from "@/app/_lib/use-moment-format";

interface Lease { id: string; leasedAt: Date; expiresAt: Date; grader: { displayName: string; email: string }; item: { prompt: { externalId: string; localeCode: string } } }

export function LiveLeases({ leases }: { leases: Lease[] }) {
  const t = useTranslations("research.liveLeases");
  const moment = useMomentFormat();
  const trpc = useTRPC();
  const router = useRouter();
  const release = useMutation(trpc.grading.release.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 className="mb-2 font-semibold">{t("liveLeases", { count: leases.length })}</h2>
      <ErrorMessage error={release.error} />
      {leases.length === 0 ? <p className="text-slate-500">{t("nobodyIsWorkingOnAn")}</p> : (
        <ul className="divide-y divide-slate-100">
          {leases.map((l) => (
            <li key={l.id} className="flex items-center justify-between gap-2 py-2">
              <span><span className="font-medium">{l.grader.displayName}</span> · {l.item.prompt.externalId} ({l.item.prompt.localeCode})
                <span className="block text-xs text-slate-500">{t("expires", { value: moment(l.expiresAt, "time") })}</span></span>
              <Button variant="secondary" disabled={release.isPending} onClick={() => release.mutate({ assignmentId: l.id })}>{t("release")}</Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
