import type { Metadata } from "next";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { directionOf } from "@/server/i18n/domain/languages";
import { requestLanguage } from "@/server/i18n/request";
import { HydrationGate } from "./_components/hydration-gate";
import { Providers } from "./_lib/trpc";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: { default: "Verdict", template: "%s · Verdict" },
    description: (await getTranslations("common"))("tagline"),
  };
}

// Every page is rendered per request: its scripts carry that response's CSP nonce (proxy.ts), which
// a prerendered page could not.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const language = await requestLanguage();
  const t = await getTranslations("common");
  return (
    <html lang={language} dir={directionOf(language)}>
      <body className="min-h-screen">
        <noscript><p role="alert" className="bg-amber-50 px-4 py-2 text-sm text-amber-900">{t("needsJavaScript")}</p></noscript>
        <NextIntlClientProvider>
          <Providers><HydrationGate>{children}</HydrationGate></Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
