import { areaLayout } from "@/app/_components/area-layout";

export const dynamic = "force-dynamic";
export default areaLayout("account");
