// Every /api/v1 endpoint, served from one registry (server/api/registry.ts) so that the routes and
// the OpenAPI document at /api/v1/openapi.json are the same list.
import { dispatch } from "@/server/api/dispatch";
import { db } from "@/server/db";

export const dynamic = "force-dynamic";

export const GET = (req: Request) => dispatch(db(), req);
export const POST = (req: Request) => dispatch(db(), req);
