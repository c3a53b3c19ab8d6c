// Unit, upstream and route tests (node). Browser tests live in vitest.e2e.config.ts; the build-measuring
// JavaScript budget in vitest.budgets.config.ts (npm run budgets).
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { routeModules } from "./scripts/vite-plugin-route-modules.ts";

export default defineConfig({
  plugins: [react(), routeModules()],
  test: {
    include: ["test/unit/**/*.test.{ts,tsx}", "test/upstream/**/*.test.ts", "test/routes/**/*.test.{ts,tsx}", "test/ops/**/*.test.ts", "test/hostile/**/*.test.ts"],
    environment: "node",
    setupFiles: ["test/setup/fail-on-console.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Every core: vitest's default left one of CI's two idle, and most files wait on a child process, a
    // database or a socket as much as they compute (npm test 12.7 → about 9 minutes there).
    maxWorkers: availableParallelism(),
  },
});
