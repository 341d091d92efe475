import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/app/_components/page-header";
import { LANGUAGE_NAMES, userLanguage } from "@/server/i18n/domain/languages";
import { requireArea } from "@/server/web/page-session";
import { LanguageForm } from "./_components/language-form";

export async function generateMetadata() {
  return { title: (await getTranslations("profile"))("pageTitle") };
}

export default async function ProfilePage() {
  const user = await requireArea("account");
  const t = await getTranslations("profile");
  // What "follow my first locale" means for this user today.
  const fromLocale = userLanguage({ uiLanguage: null, locales: user.locales });
  return (
    <>
      <PageHeader title={t("pageTitle")} subtitle={t("subtitle")} />
      <div className="max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-sm text-slate-600">{user.displayName} · <span dir="ltr">{user.email}</span></p>
        {user.locales.length > 0 && <p className="text-sm text-slate-600">{t("locales", { locales: user.locales.join(", ") })}</p>}
        <LanguageForm current={user.uiLanguage ?? null} followName={LANGUAGE_NAMES[fromLocale]} />
      </div>
    </>
  );
}
