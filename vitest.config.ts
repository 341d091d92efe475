import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "server/test/server-only-stub.ts") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", sequence: { groupOrder: 0 }, include: ["{server,seed,scripts,app,bench}/**/*.test.ts"], exclude: ["**/*.int.test.ts", "node_modules/**"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "int", sequence: { groupOrder: 1 }, include: ["{server,seed,scripts}/**/*.int.test.ts"], environment: "node",
          testTimeout: 60_000, hookTimeout: 120_000,
          // Each file gets its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
