"use client";
// The browser's tRPC client and React Query provider.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import type { AppRouter } from "@/server/root";
import { MAX_BATCH, UNBATCHED_PROCEDURES } from "@/server/web/schema";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }));
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [splitLink({
        // The server refuses a login inside a batch, and batches of more than MAX_BATCH calls. A
        // query may also ask to go alone (context.skipBatch): a batch leaves a tick later, after
        // whatever the page is busy drawing, where a lone request leaves at once.
        condition: (op) => UNBATCHED_PROCEDURES.has(op.path) || op.context.skipBatch === true,
        true: httpLink({ url: "/api/trpc", transformer: superjson }),
        false: httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: MAX_BATCH }),
      })],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
