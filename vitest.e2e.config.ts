// Browser tests: the production build served by server/main.ts, driven by playwright-core in Debian's Chromium.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["test/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
    // A poll waits for the page, not for a deadline: under CI's load a hydrating page can hold its main thread
    // for over a second (vitest's default), and a poll that gives up then reports a bug the visitor never sees.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
