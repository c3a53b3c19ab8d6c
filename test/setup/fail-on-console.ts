// Every test fails on a console.error it did not expect (DEVELOPERS.md "Honest tests").
// A test that expects one replaces console.error itself (vi.spyOn) and asserts on it.
import { afterEach, beforeEach, expect, vi } from "vitest";

let errors: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
});

afterEach(() => {
  const seen = errors;
  console.error = original;
  vi.restoreAllMocks();
  expect(seen, "unexpected console.error").toEqual([]);
});
