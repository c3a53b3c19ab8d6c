// `npm run lighthouse` (issue 9 §8): Lighthouse (mobile, its default simulated throttling) with Debian's
// Chromium against the production build, on one page of each measured type. Budgets: performance ≥ 95,
// accessibility, best practices and SEO 100, CLS ≤ 0.05. Prints every figure; exits 1 when one is missed,
// except a tracked budget above its floor (tracked-budgets.ts; `--strict` fails on those too).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { lighthousePages } from "./pages.ts";
import { serveBuild } from "./serve-build.ts";
import { finish, type Miss } from "./tracked-budgets.ts";

const budgets = { performance: 0.95, accessibility: 1, "best-practices": 1, seo: 1 } as const;
const MAX_CLS = 0.05;

const site = await serveBuild();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const misses: Miss[] = [];
try {
  for (const page of lighthousePages) {
    const url = site.origin + page.path;
    const status = (await fetch(url)).status;
    if (status === 404) {
      console.log(`SKIPPED ${page.name} (${page.path} answers 404: its route is not built yet)`);
      continue;
    }
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: Object.keys(budgets) });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    const scores = Object.fromEntries(Object.keys(budgets).map((id) => [id, lhr.categories[id]?.score ?? 0]));
    const cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? Infinity;
    const figures = Object.entries(scores).map(([id, score]) => `${id} ${Math.round(score * 100)}`).join("  ");
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
    console.log(`${page.name.padEnd(15)} ${figures}  CLS ${cls.toFixed(3)}  (LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, FCP ${metric("first-contentful-paint")}, SI ${metric("speed-index")}; benchmarkIndex ${lhr.environment.benchmarkIndex})`);
    for (const [id, minimum] of Object.entries(budgets)) {
      if ((scores[id] ?? 0) < minimum) {
        const failed = Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && lhr.categories[id]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
        misses.push({ budget: `lighthouse ${id}`, value: scores[id] ?? 0, message: `${page.name}: ${id} ${Math.round((scores[id] ?? 0) * 100)} < ${minimum * 100}: ${failed.slice(0, 6).join(", ")}` });
      }
    }
    if (cls > MAX_CLS) misses.push({ budget: "lighthouse cls", value: cls, message: `${page.name}: CLS ${cls.toFixed(3)} > ${MAX_CLS}` });
  }
} finally {
  chrome.kill();
  await site.stop();
}
finish("lighthouse", misses);
