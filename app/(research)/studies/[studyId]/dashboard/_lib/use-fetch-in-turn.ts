"use client";
// The dashboard's later sections are fetched one after another, so that on a large study the
// breakdowns are not slowed by the heavier requests behind them. Chained through `enabled`, each
// request started only once the page had drawn the previous answer: on a small study drawing took
// longer than answering (about 0.2–0.3 s per section, 0.7 s of a 2.4 s load). Here each request
// starts the moment the previous answer arrives, and the page draws meanwhile; the sections read
// the answers from the query cache.
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/** One fetch: a `client.prefetchQuery(…)` (a fresh answer in the cache counts as fetched; it never throws). */
export type FetchStep = (client: QueryClient) => Promise<void>;

/** Runs `steps` in turn whenever `key` changes. */
export function useFetchInTurn(steps: readonly FetchStep[], key: string): void {
  const client = useQueryClient();
  useEffect(() => {
    let stopped = false;
    void (async () => {
      for (const step of steps) {
        if (stopped) return;
        await step(client); // a failure is the query's state, shown by its section
      }
    })();
    return () => { stopped = true; };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the steps are rebuilt on every render; `key` says when they fetch different queries
  }, [client, key]);
}
