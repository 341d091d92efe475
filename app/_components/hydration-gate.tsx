"use client";
// Every form control on a page stays disabled until React has hydrated it. Before that the page is
// the server's HTML: a choice made there is shown but never reaches React's state (a grader picked
// in a select left its submit button disabled), and a form submitted there is the browser's own
// GET submission, which would put the login's password in the address. A disabled fieldset
// disables every control inside it; `display: contents` keeps it out of the layout and
// role="presentation" out of the accessibility tree.
import type { ReactNode } from "react";
import { useHydrated } from "@/app/_lib/use-hydrated";

export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return <fieldset role="presentation" disabled={!hydrated} data-hydrating={hydrated ? undefined : ""} className="contents">{children}</fieldset>;
}
