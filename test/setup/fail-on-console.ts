// Every test fails on a console.error or console.warn it did not expect (README, Scripts: `npm test`;
// docs/decisions/033-rooms-and-import-rules.md): a warning is a bug someone has not read yet. A test that expects
// one replaces the method itself (vi.spyOn) and asserts on it; test/helpers/console.ts does so for the loaders'
// messages when a test's upstream fails on purpose.
import { afterEach, beforeEach, expect, vi } from "vitest";

const methods = ["error", "warn"] as const;
type Method = (typeof methods)[number];
let seen: Array<{ method: Method; args: unknown[] }> = [];
const originals = { error: console.error, warn: console.warn };

beforeEach(() => {
  seen = [];
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      seen.push({ method, args });
      originals[method](...args);
    };
  }
});

afterEach(() => {
  const unexpected = seen;
  for (const method of methods) console[method] = originals[method];
  vi.restoreAllMocks();
  expect(unexpected, "unexpected console.error or console.warn").toEqual([]);
});
