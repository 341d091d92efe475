"use client";
// A choice only the page reads (the breakdown's grouping, the baseline), kept in the address so a
// shared link shows the same view. It changes through the History API, which Next keeps
// useSearchParams in step with, not a navigation: that would render the page on the server again,
// headline included, for a change the server never sees.
import { usePathname, useSearchParams } from "next/navigation";

export function useViewParam(): (name: string, value: string) => void {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  return (name, value) => {
    const q = new URLSearchParams(searchParams);
    q.set(name, value);
    window.history.replaceState(null, "", `${pathname}?${q}`);
  };
}
