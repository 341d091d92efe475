"use client";
// Whether this render happens after hydration. False while the server renders and while the browser
// hydrates its HTML, true afterwards (and on renders that only ever happen in the browser).
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
