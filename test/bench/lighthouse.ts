// `npm run lighthouse`: Lighthouse (mobile, its default simulated throttling, the CPU slowdown calibrated to
// the host: test/bench/cpu-calibration.ts) with Debian's Chromium against the production build, on one page of
// each measured type.
// Budgets: performance ≥ 95, accessibility, best practices and SEO 100, CLS ≤ 0.05. Each page is measured
// RUNS times (default 3, as Lighthouse CI does) and judged on the median of each figure: one run's score
// moves by several points with what else the machine is doing, the median of three far less (Lighthouse's
// "Score variability" guide). Prints every run and the medians; exits 1 when a budget is missed.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { finish, median } from "./budgets.ts";
import { cpuSlowdownFor } from "./cpu-calibration.ts";
import { lighthousePages } from "./pages.ts";
import { serveBuild } from "./serve-build.ts";

const budgets = { performance: 0.95, accessibility: 1, "best-practices": 1, seo: 1 } as const;
const categories = Object.keys(budgets) as (keyof typeof budgets)[];
const MAX_CLS = 0.05;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const timings = { LCP: "largest-contentful-paint", TBT: "total-blocking-time", FCP: "first-contentful-paint", SI: "speed-index" } as const;

interface Run {
  scores: Record<string, number>;
  cls: number;
  ms: Record<string, number>;
  benchmarkIndex: number;
  /** The CPU slowdown this run was measured with. */
  slowdown: number;
  /** The category's audits that lost points, for the report of a miss. */
  lost: Record<string, string[]>;
}

const site = await serveBuild();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

// The host's speed moves within a run too (another process, thermal limits): each run is calibrated from the
// median benchmark index of the runs before it, starting from a calibration run that is not judged.
const benchmarkIndexes: number[] = [];

async function measure(url: string): Promise<Run> {
  const slowdown = benchmarkIndexes.length ? cpuSlowdownFor(median(benchmarkIndexes)) : 4;
  const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories, throttling: { cpuSlowdownMultiplier: slowdown } });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  const lost = Object.fromEntries(categories.map((id) => [id, Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && lhr.categories[id]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
    .map((audit) => audit.id)]));
  return {
    scores: Object.fromEntries(categories.map((id) => [id, lhr.categories[id]?.score ?? 0])),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Infinity,
    ms: Object.fromEntries(Object.entries(timings).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Infinity])),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    slowdown,
    lost,
  };
}

const line = (scores: Record<string, number>, cls: number, ms: Record<string, number>) =>
  `${categories.map((id) => `${id} ${Math.round(scores[id]! * 100)}`).join("  ")}  CLS ${cls.toFixed(3)}  (${Object.keys(timings).map((name) => `${name} ${Math.round(ms[name]!)} ms`).join(", ")})`;

const misses: string[] = [];
try {
  console.log(`Lighthouse mobile, ${RUNS} runs per page, judged on the medians; CPU slowdown = benchmarkIndex / 1000 (a mid-tier phone)\n`);
  const calibration = await measure(site.origin + lighthousePages[0]!.path);
  benchmarkIndexes.push(calibration.benchmarkIndex);
  console.log(`calibration run (not judged): benchmarkIndex ${calibration.benchmarkIndex} → CPU slowdown ${cpuSlowdownFor(calibration.benchmarkIndex)}×\n`);
  for (const page of lighthousePages) {
    const url = site.origin + page.path;
    const status = (await fetch(url)).status;
    if (status !== 200) throw new Error(`${page.name} (${page.path}) answered ${status}`);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(url);
      runs.push(run);
      benchmarkIndexes.push(run.benchmarkIndex);
      console.log(`${page.name.padEnd(15)} run ${i + 1}  ${line(run.scores, run.cls, run.ms)}; benchmarkIndex ${run.benchmarkIndex}, CPU slowdown ${run.slowdown}×`);
    }
    const scores = Object.fromEntries(categories.map((id) => [id, median(runs.map((run) => run.scores[id]!))]));
    const cls = median(runs.map((run) => run.cls));
    const ms = Object.fromEntries(Object.keys(timings).map((name) => [name, median(runs.map((run) => run.ms[name]!))]));
    console.log(`${page.name.padEnd(15)} median ${line(scores, cls, ms)}\n`);
    for (const id of categories) {
      if (scores[id]! < budgets[id]) {
        const lost = [...new Set(runs.flatMap((run) => run.lost[id]!))];
        misses.push(`${page.name}: ${id} ${Math.round(scores[id]! * 100)} < ${budgets[id] * 100} (median of ${RUNS}; audits that lost points: ${lost.slice(0, 6).join(", ")})`);
      }
    }
    if (cls > MAX_CLS) misses.push(`${page.name}: CLS ${cls.toFixed(3)} > ${MAX_CLS} (median of ${RUNS})`);
  }
} finally {
  chrome.kill();
  await site.stop();
}
finish("lighthouse", misses);
