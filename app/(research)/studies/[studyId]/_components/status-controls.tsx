"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button, ErrorMessage } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";

type Status = "DRAFT" | "RUNNING" | "PAUSED" | "COMPLETED";
const ACTIONS: Record<Status, { to: Status; label: string; variant?: "secondary" | "danger" }[]> = {
  DRAFT: [{ to: "RUNNING", label: "Start" }],
  RUNNING: [{ to: "PAUSED", label: "Pause", variant: "secondary" }, { to: "COMPLETED", label: "Complete", variant: "danger" }],
  PAUSED: [{ to: "RUNNING", label: "Resume" }, { to: "COMPLETED", label: "Complete", variant: "danger" }],
  COMPLETED: [],
};

export function StatusControls({ studyId, status }: { studyId: string; status: Status }) {
  const trpc = useTRPC();
  const router = useRouter();
  const set = useMutation(trpc.studies.setStatus.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <div className="flex items-center gap-2">
      <ErrorMessage error={set.error} />
      {ACTIONS[status].map((a) => (
        <Button key={a.to} variant={a.variant} disabled={set.isPending}
          onClick={() => (a.to !== "COMPLETED" || confirm("Complete this study? Graders will get no more of its tasks.")) && set.mutate({ studyId, status: a.to })}>
          {a.label}
        </Button>
      ))}
    </div>
  );
}
