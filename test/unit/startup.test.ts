// The browser's start in tasks of its own (docs/decisions/009-startup-in-short-tasks.md): each step that can take
// a phone's main thread past 50 ms runs after a yield. Under 4× CPU throttling the home page's one remaining long
// task was evaluating the entry's modules, with React DOM's renderer set up and the route table ranked inside it;
// with both moved out it has none (README, "Budgets and measured figures"). Timings belong in benchmarks, so this
// checks the structure that gives them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const entry = readFileSync(path.join(import.meta.dirname, "..", "..", "client", "entry-client.tsx"), "utf8");
const startBody = entry.slice(entry.indexOf("async function start()"));

describe("the browser's start", () => {
  it("sets up React DOM's renderer by a dynamic import, not while the entry's modules are evaluated", () => {
    expect(entry).not.toMatch(/^import[^;]*from "react-dom\/client";/m);
    expect(startBody).toMatch(/await import\("react-dom\/client"\)/);
  });

  it("yields before its first step, so module evaluation and route matching are separate tasks", () => {
    const firstStatement = startBody.slice(startBody.indexOf("{") + 1).replace(/^\s*(\/\/.*\n\s*)*/, "");
    expect(firstStatement.startsWith("await yieldToMain();")).toBe(true);
    expect(startBody.indexOf("await yieldToMain()")).toBeLessThan(startBody.indexOf("matchRoutes("));
  });
});
