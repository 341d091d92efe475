import { setStudyStatusEndpoint } from "@/server/api/studies";
import { db } from "@/server/db";

export const dynamic = "force-dynamic";

export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return setStudyStatusEndpoint(db(), req, (await params).id);
}
