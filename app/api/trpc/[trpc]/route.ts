import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { isAllowedOrigin } from "@/server/auth/domain/origin-check";
import { createRequestContext } from "@/server/context";
import { env } from "@/server/env";
import { appRouter } from "@/server/root";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  // Mutations are POSTs: refuse those a browser sent on behalf of another site.
  const allowed = env().VERDICT_ALLOWED_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean);
  if (req.method === "POST" && !isAllowedOrigin(req.headers.get("origin"), req.headers.get("host"), allowed)) {
    return Response.json({ error: { message: "Cross-site request refused." } }, { status: 403 });
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createRequestContext(req, resHeaders),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "?"} failed:`, error.cause ?? error);
    },
  });
}

export { handler as GET, handler as POST };
