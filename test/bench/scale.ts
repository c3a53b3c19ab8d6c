// `npm run bench -- --scale`: the shipped catalog (51 products) against one generated at a real vendor's size
// (10,000 products, 1,000 news: npm run content:scale), both production builds running in one run, requests
// alternating between them, so each budget is a ratio or a bound that holds on a shared machine:
// - every page type's HTML at 10,000 products within 1.3× of its size at 51;
// - the finder's heavy requests (a new filter each request, sorted and filtered, the last page, size=100 on the
//   shipped catalog's largest family), a product detail of a different part each request, site search and the
//   filter-values call: median time at 10,000 within 3× of the same at 51;
// - the sitemap index and each child answer within 1 s and never 5xx;
// - the largest family's CSV completes within 10 s, meanwhile /healthz answers within 100 ms and /readyz 200;
// - the largest family's model pack (every generated part of a template with models has files) is whole and the
//   server's RSS grows by at most 96 MB while it is sent (test/bench/scale-model-pack.ts);
// - with 50,000 users and 200,000 orders, the sample-progress tabs, paging, order detail and sign-in within
//   50 ms at the upstream, on SQLite and on PostgreSQL (test/bench/scale-orders.ts);
// - the RSS high-water mark of the 10,000-product server under BENCH_SCALE_MIXED_SECONDS (default 30) of the mixed
//   browser-like traffic of `npm run bench` (test/bench/traffic.ts): target ≤ 450 MB, with an enforced floor while
//   the target is missed (as in test/bench/run.ts).
// Medians of BENCH_SCALE_SAMPLES (default 5) sequential requests; a few minutes in all, most of it start-up.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { queryDistinctProductFieldData, querySiteListDataByPage } from "../../shared/contract/index.ts";
import { callPath } from "../../shared/contract/call-path.ts";
import { lifecycleStates } from "../../shared/contract/lifecycle.ts";
import { DEFAULT_PAGE_SIZE, LIFECYCLE_PARAM } from "../../shared/query/finder.ts";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { root } from "../../scripts/build-if-needed.ts";
import { freePort, serveBuild, type BuiltSite } from "./serve-build.ts";
import { finish, judge, median, type Budget } from "./budgets.ts";
import { measureOrders } from "./scale-orders.ts";
import { measureModelPack } from "./scale-model-pack.ts";
import { browserHeaders, mb, memoryBreakdown, mixedTraffic, rssOf } from "./traffic.ts";

const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 5);
const MIXED_SECONDS = Number(process.env.BENCH_SCALE_MIXED_SECONDS ?? 30);
// The issue's 450 MB at 10,000 products (docs/decisions/012-performance-budgets.md). Met on the development machine
// since the filter values stopped answering every part of a series (450 and 443 MB in two runs, load average 13-14,
// where the day's earlier code measured 642-651 MB; CI 638-660 MB). Floor 700 MB (1,000 before): room for CI's noise
// while the target is only just met (docs/performance.md, "Memory at 10,000 products: the filter values").
const RSS_PEAK: Budget = { target: 450 * 1048576, floor: 700 * 1048576 };
const PRODUCTS = 10_000;
const NEWS = 1_000;
const HTML_RATIO = 1.3;
const TIME_RATIO = 3;
const SITEMAP_MS = 1_000;
const CSV_MS = 10_000;
const HEALTH_MS = 100;
/** The finder page measured: the largest series of the shipped catalog. */
const SERIES = 120;

const misses: string[] = [];
const miss = (message: string) => misses.push(message);
const tracked: string[] = [];

interface Node {
  id: number;
  parentId: number | null;
  partNumber?: string;
  status: string;
}

/** The catalog of a content folder: its public part numbers and its largest family (level-1 category). */
function catalogOf(dir: string) {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, "catalog", file), "utf8")) as Node[];
  const products = read("products.json");
  const byId = new Map([...read("categories.json"), ...products].map((node) => [node.id, node]));
  const isPublic = (id: number | null): boolean => id === null || (byId.get(id)?.status === "on" && isPublic(byId.get(id)!.parentId));
  const familyOf = (node: Node): number => (node.parentId === null ? node.id : familyOf(byId.get(node.parentId)!));
  const parts = products.filter((product) => product.partNumber && isPublic(product.id));
  const families = new Map<number, number>();
  for (const part of parts) families.set(familyOf(part), (families.get(familyOf(part)) ?? 0) + 1);
  const [largest, size] = [...families].sort((a, b) => b[1] - a[1])[0]!;
  return { parts: parts.map((part) => part.partNumber!), largest, size };
}

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; bytes: number; text: string }> {
  const start = performance.now();
  // What a browser sends (test/bench/traffic.ts); sizes are of the decoded HTML.
  const response = await fetch(url, { ...init, headers: { ...browserHeaders, ...(init?.headers as Record<string, string> | undefined) } });
  const text = await response.text();
  return { ms: performance.now() - start, status: response.status, bytes: Buffer.byteLength(text), text };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;

const contentDir = mkdtempSync(path.join(tmpdir(), "qy-scale-content-"));
let small: BuiltSite | undefined;
let large: BuiltSite | undefined;
try {
  const generated = spawnSync(
    process.execPath,
    [path.join(root, "scripts/content-scale.ts"), "--products", String(PRODUCTS), "--news", String(NEWS), "--out", contentDir],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (generated.status !== 0) throw new Error("content:scale failed");
  const catalogs = { small: catalogOf(shippedContentDir), large: catalogOf(contentDir) };

  let started = performance.now();
  // Each its own metrics port: two servers on the default one would leave one without it (a warning).
  small = await serveBuild({ METRICS_PORT: String(await freePort()) });
  const largeMetricsPort = await freePort();
  large = await serveBuild({ CONTENT_DIR: contentDir, METRICS_PORT: String(largeMetricsPort) }, 300_000);
  console.log(`\nscale: ${catalogs.small.parts.length} and ${catalogs.large.parts.length} products; both servers ready in ${ms(performance.now() - started)}`);
  const sites = { small: small.origin, large: large.origin };
  // Where the 10,000-product server's memory stands after each section: the mixed traffic's RSS budget is measured
  // from what the sections before it leave.
  const memoryOfLarge = async (after: string) =>
    console.log(`(${PRODUCTS} products after ${after}: RSS ${mb(rssOf(large!.process.pid!))}; ${await memoryBreakdown(`http://127.0.0.1:${largeMetricsPort}`)})`);
  await memoryOfLarge("its start");

  // The sitemap first: production builds it at start, and a crawler's first request waits for that build.
  console.log("\n-- sitemap (index and every child; budget each ≤ 1 s, never 5xx)");
  for (const [size, origin] of Object.entries(sites)) {
    started = performance.now();
    const first = await timed(`${origin}/sitemap.xml`);
    console.log(`${size.padEnd(5)} first answer (the start-up build) ${ms(performance.now() - started)}, status ${first.status}`);
    const children = [...first.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    if (first.status >= 500 || children.length === 0) miss(`sitemap (${size}): the index answered ${first.status}`);
    let slowest = { path: "", ms: 0, bytes: 0 };
    for (const child of ["/sitemap.xml", ...children]) {
      const answer = await timed(origin + child);
      if (answer.status !== 200) miss(`sitemap (${size}) ${child}: ${answer.status}`);
      if (answer.ms > slowest.ms) slowest = { path: child, ms: answer.ms, bytes: answer.bytes };
      if (size === "large" && answer.ms > SITEMAP_MS) miss(`sitemap ${child}: ${ms(answer.ms)} > ${SITEMAP_MS} ms`);
    }
    console.log(`${size.padEnd(5)} ${children.length} children; slowest ${slowest.path} ${ms(slowest.ms)} (${kb(slowest.bytes)})`);
  }

  await memoryOfLarge("the sitemap");

  // Page weight: the HTML of every page type at both sizes.
  console.log(`\n-- HTML per page type (budget at ${PRODUCTS} ≤ ${HTML_RATIO}× at 51)`);
  const part = "QCM040120K4";
  const pageTypes: [string, string][] = [
    ["home", "/zh"],
    ["products", "/zh/productAndService/products"],
    // A page of 10 rows at both sizes: the series has 9 parts at 51 and hundreds at 10,000, so its default page
    // would compare 9 rows with 25 (the page shows more, not the catalog leaking into it).
    ["finder", `/zh/productAndService/products/${SERIES}?size=10`],
    ["product detail", `/zh/productAndService/productDetail/${part}`],
    ["compare", `/en/productAndService/compare?parts=${part},QCM080120K3`],
    ["news list", "/zh/news"],
    ["news article", "/zh/news/newsDetail/1"],
    ["jobs list", "/zh/about/joinUs"],
    ["job", "/en/about/joinUs/positionDetail/1"],
    ["support", "/zh/support/documents"],
    // Every family's model pack, listed with its part count (it answered 504 at 10,000 parts once).
    ["model packs", "/en/support/simulation-models"],
    ["search", "/zh/search?text=SiC"],
    // Over a thousand candidates at 10,000 products: the page shows the closest and counts the rest.
    ["cross-reference", "/en/productAndService/crossReference?part=C3M0040120K"],
    ["content page", "/zh/about/us"],
    ["login", "/zh/login"],
  ];
  for (const [name, pagePath] of pageTypes) {
    const [a, b] = [await timed(sites.small + pagePath), await timed(sites.large + pagePath)];
    const ratio = b.bytes / a.bytes;
    console.log(`${name.padEnd(16)} ${kb(a.bytes).padStart(10)} → ${kb(b.bytes).padStart(10)}  ×${ratio.toFixed(2)}`);
    if (a.status !== 200 || b.status !== 200) miss(`${name} (${pagePath}): ${a.status} / ${b.status}`);
    if (ratio > HTML_RATIO) miss(`${name} HTML: ${kb(b.bytes)} at ${PRODUCTS} is ×${ratio.toFixed(2)} of ${kb(a.bytes)} (budget ×${HTML_RATIO})`);
  }

  // Time: medians, alternating sizes, each request new to the page cache (and most to the upstream's).
  const totalOf = async (origin: string, siteListId: number) => {
    const answer = await timed(`${origin}/api${callPath(querySiteListDataByPage, "qingyun")}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ siteListId, pageIndex: 1, pageSize: 1, language: "zh", sitePageDataType: 1, websiteCode: "qingyun" }),
    });
    return (JSON.parse(answer.text) as { data: { total: number } }).data.total;
  };
  const lastPage = {
    small: Math.ceil((await totalOf(sites.small, SERIES)) / DEFAULT_PAGE_SIZE),
    large: Math.ceil((await totalOf(sites.large, SERIES)) / DEFAULT_PAGE_SIZE),
  };
  // size=100 on the shipped catalog's largest family at both sizes: a series of 9 parts against a page of 100
  // rows compared the rows' count, not the catalog's cost. The rows shown still differ (the family's parts at
  // 51, 100 at 10,000), and each row's cost is in the figure.
  const wide = catalogs.small.largest;
  const wideRows = { small: Math.min(100, await totalOf(sites.small, wide)), large: Math.min(100, await totalOf(sites.large, wide)) };
  const terms = ["SiC", "MOSFET", "1200", "碳化硅", "驱动", "IGBT", "650", "二极管", "模块", "TO-247", "车规"];
  const shortTerms = ["V", "65", "K4", "A", "碳", "12"];
  const finder = `/zh/productAndService/products/${SERIES}`;
  const measures: { name: string; request: (size: "small" | "large", n: number) => [string, RequestInit?] }[] = [
    { name: "finder, new filter", request: (_size, n) => [`${finder}?vds=${n + 1}~`] },
    { name: "finder, sort+filter", request: (_size, n) => [`${finder}?vds=${n + 1}~&sort=rdson:asc`] },
    { name: "finder, last page", request: (size, n) => [`${finder}?page=${lastPage[size]}&vds=~${5000 + n}`] },
    { name: "finder, size=100", request: (_size, n) => [`/zh/productAndService/products/${wide}?size=100&vds=${n + 1}~`] },
    {
      name: "product detail",
      request: (size, n) => {
        const parts = catalogs[size].parts;
        return [`/zh/productAndService/productDetail/${encodeURIComponent(parts[(n * 7919) % parts.length]!)}`];
      },
    },
    { name: "search", request: (_size, n) => [`/zh/search?text=${encodeURIComponent(terms[n % terms.length]!)}&b=${n}`] },
    // One- and two-character terms, from the index of characters and pairs, not a scan of every row.
    { name: "search, short term", request: (_size, n) => [`/en/search?text=${encodeURIComponent(shortTerms[n % shortTerms.length]!)}&b=${n}`] },
    {
      name: "filter values (API)",
      request: (size) => [
        `/api${callPath(queryDistinctProductFieldData, "qingyun")}`,
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: sites[size] },
          body: JSON.stringify({ siteListId: catalogs[size].largest, language: "zh", sitePageDataType: 1, websiteCode: "qingyun" }),
        },
      ],
    },
  ];
  await memoryOfLarge("the pages");
  console.log(`\n-- time, medians of ${SAMPLES} (budget at ${PRODUCTS} ≤ ${TIME_RATIO}× at 51)`);
  console.log(
    `(finder pages: series ${SERIES}; size=100: family ${wide}, the shipped catalog's largest, ${wideRows.small} rows at 51 and ${wideRows.large} at ${PRODUCTS})`,
  );
  for (const measure of measures) {
    const times = { small: [] as number[], large: [] as number[] };
    // Sample 0 is a warm-up (not counted): the code path's first run compiles.
    for (let n = 0; n <= SAMPLES; n++) {
      for (const size of ["small", "large"] as const) {
        const [requestPath, init] = measure.request(size, n);
        const answer = await timed(sites[size] + requestPath, init);
        if (answer.status !== 200) miss(`${measure.name} (${size}) ${requestPath}: ${answer.status}`);
        if (n > 0) times[size].push(answer.ms);
      }
    }
    const [a, b] = [median(times.small), median(times.large)];
    console.log(`${measure.name.padEnd(20)} ${ms(a).padStart(9)} → ${ms(b).padStart(9)}  ×${(b / a).toFixed(2)}`);
    if (b / a > TIME_RATIO) miss(`${measure.name}: median ${ms(b)} at ${PRODUCTS} is ×${(b / a).toFixed(2)} of ${ms(a)} (budget ×${TIME_RATIO})`);
  }

  await memoryOfLarge("the timings");

  // The largest family's CSV, with /healthz and /readyz polled meanwhile.
  console.log(`\n-- CSV of the largest family (budget ≤ 10 s at ${PRODUCTS}; meanwhile /healthz ≤ ${HEALTH_MS} ms, /readyz 200)`);
  for (const size of ["small", "large"] as const) {
    const origin = sites[size];
    let running = true;
    const health: number[] = [];
    const ready: number[] = [];
    const poll = async (probe: string, into: number[], everyMs: number) => {
      while (running) {
        // A refused connection counts as a failed probe (and must not end the bench without its clean-up).
        const answer = await timed(origin + probe).catch(() => ({ status: 0, ms: Number.POSITIVE_INFINITY }));
        into.push(answer.status === 200 ? answer.ms : Number.POSITIVE_INFINITY);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    };
    const pollers = [poll("/healthz", health, 50), poll("/readyz", ready, 250)];
    // Every lifecycle state: the finder's default hides obsolete parts, and the budget is for the whole family.
    const everyState = lifecycleStates.map((state) => `${LIFECYCLE_PARAM}=${state}`).join("&");
    const csv = await timed(`${origin}/zh/productAndService/products/${catalogs[size].largest}.csv?${everyState}`).catch((error: unknown) => ({
      status: 0,
      ms: Number.NaN,
      bytes: 0,
      text: String(error),
    }));
    running = false;
    await Promise.all(pollers);
    const child = (size === "small" ? small : large)!.process;
    if (child.exitCode !== null || child.signalCode !== null) {
      miss(`the server of ${size} stopped during its CSV (exit code ${child.exitCode}, signal ${child.signalCode})`);
    }
    const rows = csv.text.trimEnd().split("\r\n").length - 1;
    const worstHealth = Math.max(...health);
    const notReady = ready.filter((value) => !Number.isFinite(value)).length;
    console.log(
      `${size.padEnd(5)} family ${catalogs[size].largest}: ${rows} rows (${kb(csv.bytes)}) in ${ms(csv.ms)}; /healthz worst ${ms(worstHealth)} of ${health.length}, /readyz ${ready.length - notReady}/${ready.length} ready`,
    );
    if (csv.status !== 200) miss(`CSV (${size}): ${csv.status}`);
    if (rows !== catalogs[size].size) miss(`CSV (${size}): ${rows} rows, the family has ${catalogs[size].size} products`);
    if (size === "large") {
      if (csv.ms > CSV_MS) miss(`CSV of ${catalogs[size].size} rows: ${ms(csv.ms)} > ${CSV_MS} ms`);
      if (worstHealth > HEALTH_MS) miss(`/healthz during the CSV: worst ${ms(worstHealth)} > ${HEALTH_MS} ms`);
      if (notReady) miss(`/readyz during the CSV: ${notReady} of ${ready.length} answers not 200`);
    }
  }

  await memoryOfLarge("the CSV");

  // The largest family's model pack: streamed, so the server's memory stays well below the archive's size.
  await measureModelPack(large.origin, large.process.pid!, miss);

  await memoryOfLarge("the model pack");

  // Memory at a vendor's size: the same mixed traffic as `npm run bench`, on the 10,000-product server after all
  // of the above (its caches and the CSV's buffers as a day of use leaves them).
  console.log(`\n-- mixed browser-like traffic at ${PRODUCTS} products, ${MIXED_SECONDS} s (target: RSS peak ≤ ${mb(RSS_PEAK.target)})`);
  // Requests may take 30 s here: in one of the first two runs on the busy development machine, 20 requests of this
  // traffic went unanswered for autocannon's default 10 s, none in the other; its cross-reference page takes 3.4 s
  // alone at this size and holds the other connections behind it (docs/performance.md, "Memory at 10,000
  // products"). A request unanswered after 30 s still fails the run.
  const mixed = await mixedTraffic(large.origin, large.process.pid!, { seconds: MIXED_SECONDS, settleMs: 10_000, finderSeries: SERIES, part, timeoutSeconds: 30 });
  console.log(
    `${mixed.requests} requests, ${mixed.failed} failed; RSS before ${mb(mixed.before)}, peak ${mb(mixed.peak)}, 10 s after ${mb(mixed.after)} (${(((mixed.after - mixed.before) / mixed.before) * 100).toFixed(1)} %)`,
  );
  console.log(`at the end: ${await memoryBreakdown(`http://127.0.0.1:${largeMetricsPort}`)}`);
  if (mixed.failed) miss(`mixed traffic at ${PRODUCTS}: ${mixed.failed} failed requests (${mixed.detail})`);
  judge(
    { label: `mixed traffic RSS peak at ${PRODUCTS}`, value: mixed.peak, budget: RSS_PEAK, text: mb, lower: true },
    { miss, track: (message) => tracked.push(message) },
  );
} finally {
  await small?.stop();
  await large?.stop();
  rmSync(contentDir, { recursive: true, force: true });
}
// The signed-in side: its cost grows with users and orders, not products (test/bench/scale-orders.ts).
await measureOrders(SAMPLES, miss);
if (tracked.length) console.log(`\nTRACKED (between floor and target, not failing the run):\n  ${tracked.join("\n  ")}`);
finish("bench --scale", misses);
