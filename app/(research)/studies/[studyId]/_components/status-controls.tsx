"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button, ErrorMessage } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";

type Status = "DRAFT" | "RUNNING" | "PAUSED" | "COMPLETED";
/** The transitions offered from each status, each named by its catalogue key. */
const ACTIONS: Record<Status, { to: Status; action: "start" | "pause" | "complete" | "resume"; variant?: "secondary" | "danger" }[]> = {
  DRAFT: [{ to: "RUNNING", action: "start" }],
  RUNNING: [{ to: "PAUSED", action: "pause", variant: "secondary" }, { to: "COMPLETED", action: "complete", variant: "danger" }],
  PAUSED: [{ to: "RUNNING", action: "resume" }, { to: "COMPLETED", action: "complete", variant: "danger" }],
  COMPLETED: [],
};

export function StatusControls({ studyId, status }: { studyId: string; status: Status }) {
  const t = useTranslations("research.statusControls");
  const trpc = useTRPC();
  const router = useRouter();
  const set = useMutation(trpc.studies.setStatus.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <div className="flex items-center gap-2">
      <ErrorMessage error={set.error} />
      {ACTIONS[status].map((a) => (
        <Button key={a.to} variant={a.variant} disabled={set.isPending}
          onClick={() => (a.to !== "COMPLETED" || confirm(t("confirmComplete"))) && set.mutate({ studyId, status: a.to })}>
          {t(a.action)}
        </Button>
      ))}
    </div>
  );
}
