import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "./_lib/trpc";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verdict", template: "%s · Verdict" },
  description: "Human-preference evaluation of AI models",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
