import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";
import { CreateUserForm } from "./_components/create-user-form";
import { UsersTable } from "./_components/users-table";

export async function generateMetadata() {
  return { title: (await getTranslations("admin.usersPage"))("pageTitle") };
}

export default async function UsersPage() {
  const t = await getTranslations("admin.usersPage");
  const api = await serverApi("admin");
  const [users, locales, me] = await Promise.all([api.users.list(), api.locales.list(), api.auth.me()]);
  const localeCodes = locales.map((l) => l.code);
  return (
    <>
      <PageHeader title={t("users")} subtitle={t("accountsGradersOnlyReceiveWork", { count: users.length })} />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <UsersTable users={users} localeCodes={localeCodes} currentUserId={me.id} />
        <CreateUserForm localeCodes={localeCodes} />
      </div>
    </>
  );
}
