"use client";
// Dates in client components that the server also renders. The server prints in its own zone (UTC
// on a server), the browser in the reader's: the same date formatted in both hydrates different
// text, which React treats as a failed hydration and re-renders the page's tree on the client.
// Until hydration is done both print UTC, marked; afterwards the reader's own time.
import { useCallback } from "react";
import { formatMoment, type MomentStyle } from "./format-moment";
import { useHydrated } from "./use-hydrated";

export function useMomentFormat(): (at: Date | string | number, style?: MomentStyle) => string {
  const hydrated = useHydrated();
  return useCallback((at: Date | string | number, style: MomentStyle = "short") => formatMoment(at, style, hydrated ? "local" : "UTC"), [hydrated]);
}
