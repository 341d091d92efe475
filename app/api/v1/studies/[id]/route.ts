import { getStudyEndpoint } from "@/server/api/studies";
import { db } from "@/server/db";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return getStudyEndpoint(db(), req, (await params).id);
}
