import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "./_lib/trpc";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verdict", template: "%s · Verdict" },
  description: "Human-preference evaluation of AI models",
};

// Every page is rendered per request: its scripts carry that response's CSP nonce (proxy.ts), which
// a prerendered page could not.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
