const STYLES: Record<string, string> = {
  DRAFT: "bg-slate-100 text-slate-700",
  RUNNING: "bg-emerald-100 text-emerald-800",
  PAUSED: "bg-amber-100 text-amber-800",
  COMPLETED: "bg-sky-100 text-sky-800",
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status] ?? STYLES.DRAFT}`}>{status.toLowerCase()}</span>;
}
