import type { Metadata } from "next";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { directionOf } from "@/server/i18n/domain/languages";
import { requestLanguage } from "@/server/i18n/request";
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
  return (
    <html lang={language} dir={directionOf(language)}>
      <body className="min-h-screen">
        <NextIntlClientProvider>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
