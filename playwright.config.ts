import { defineConfig, devices } from "@playwright/test";

const PORT = 3123;

export default defineConfig({
  testDir: "./e2e",
  // Each test's budget holds at twice its time on a busy 2-core machine (the longest test on the
  // default budget took 14 s there); longer tests set their own.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://localhost:${PORT}`,
    ...devices["Desktop Chrome"],
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  webServer: {
    command: `node --import tsx scripts/e2e-server.ts`,
    url: `http://localhost:${PORT}/login`,
    // Never reuse a stray server: it could hold another run's data.
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT), NEXT_TELEMETRY_DISABLED: "1" },
  },
});
