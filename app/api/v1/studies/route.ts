import { listStudiesEndpoint } from "@/server/api/studies";
import { db } from "@/server/db";

export const dynamic = "force-dynamic";

export const GET = (req: Request) => listStudiesEndpoint(db(), req);
