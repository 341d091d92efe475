import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// The interface language of each request (server/i18n/request.ts).
const withNextIntl = createNextIntlPlugin("./server/i18n/request.ts");

const config: NextConfig = {
  // Native and driver packages stay outside the bundle and load from node_modules at run time.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  async headers() {
    return [{
      source: "/:path*",
      headers: [
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "X-Frame-Options", value: "DENY" },
        { key: "Referrer-Policy", value: "same-origin" },
      ],
    }];
  },
};

export default withNextIntl(config);
