// A message beside what a page shows: a note (amber) says something the reader should know about
// the view, an alert (red) refuses what the address asked for. One look for both across pages.
import type { ReactNode } from "react";

const LOOK = {
  note: "rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950",
  alert: "rounded-lg border border-red-200 bg-red-50 p-4 text-red-800",
} as const;

export function Notice({ kind = "note", label, className = "", children }: { kind?: keyof typeof LOOK; label?: string; className?: string; children: ReactNode }) {
  return <div role={kind} aria-label={label} className={`${LOOK[kind]} text-sm ${className}`}>{children}</div>;
}
