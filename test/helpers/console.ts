// For a test whose upstream fails on purpose: the loaders then log SPEC §8's console messages ("no nav data
// found", "no product info", and the pages' own "no … found"), which test/setup/fail-on-console.ts would
// otherwise count as unexpected. The test states that it expects them, and still fails on any other warning.
import { expect, onTestFinished, vi } from "vitest";

/** What a loader logs when an upstream call it can do without fails (SPEC §8: the menu stays empty, and so on). */
const loaderFailureMessages = ["no nav data found", "no product info", "no news found", "no join-us page found", "no related positions found"];

/**
 * Expects the current test to log only loaders' failure messages with console.warn: at least one unless `maybe`
 * (a render the test aborts may stop before a loader logs).
 */
export function expectLoaderFailureWarnings({ maybe = false } = {}): void {
  const seen: unknown[][] = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    seen.push(args);
  });
  onTestFinished(() => {
    if (!maybe) expect(seen.length, "a loader's failure message").toBeGreaterThan(0);
    for (const [message] of seen) expect(loaderFailureMessages, "a loader's failure message").toContain(message);
  });
}
