// `npm run bench` (docs/decisions/012-performance-budgets.md): autocannon on loopback against the built server
// (embedded upstream) with the headers a browser sends (Accept-Encoding: gzip, deflate, br; a browser
// User-Agent), and in the same run against a static server answering the very same documents precompressed
// (brotli 11 / gzip 9 by Accept-Encoding, test/bench/traffic.ts), so the figures are ratios that hold on a shared,
// noisy machine. Targets: page cache warm, SSR ÷ static ≥ 0.8 for every measured page; uncached (a new query
// string per request, so every request renders) ≥ 0.05 for the finder; no failed request; the RSS high-water
// mark of mixed browser-like traffic ≤ 350 MB, back within 10 % of its level before the traffic once it stops.
// Each target missed today has a floor that is enforced meanwhile (below).
// The identity-encoding figures (no Accept-Encoding) are printed beside, not enforced. Bounded: BENCH_SECONDS
// (default 5) per measurement, BENCH_MIXED_SECONDS (default 60) of mixed traffic.
import autocannon from "autocannon";
import { measuredPages } from "./pages.ts";
import { freePort, serveBuild } from "./serve-build.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { finish, judge as judgeFigure, type Budget } from "./budgets.ts";
import { browserHeaders, identityHeaders, mb, memoryBreakdown, mixedTraffic, rssOf, startStaticServer } from "./traffic.ts";

const cachesOffPage = "finder";
/** The measured pages and the news list (a page of teasers, not one article). */
const benchPages = [...measuredPages, { name: "news list", path: "/en/news" }];

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const CONNECTIONS = 20;
const misses: string[] = [];
const miss = (message: string) => misses.push(message);
// The targets (docs/decisions/012-performance-budgets.md) and the floors enforced while a target misses: a figure
// below its floor fails the run; one between floor and target is printed as TRACKED, so it stays in sight.
const WARM_RATIO = { target: 0.8, floor: 0.4 };
// Floor 0.01 since 2026-11-29: a kept page no longer compresses its render twice more (server/cache/page-cache.ts),
// uncached renders 1.5× as many; measured 0.030 on a loaded machine, CI 0.024 before it (docs/performance.md).
const COLD_RATIO = { target: 0.05, floor: 0.01 };
// Floors 420 MB and 20 % since the afternoon of 2026-11-29: peaks of 287-339 MB in this machine's runs (CI 370-406 MB
// before a signed-in render shared the upstream cache), and back within 1.6-4.2 % once the server collects its
// garbage when the traffic stops (shared/http/idle-collect.ts), where it stayed 10-13 % above; the margin is CI's
// noise on a busy two-core machine (docs/performance.md, "Memory").
const RSS_PEAK = { target: 350 * 1048576, floor: 420 * 1048576 };
const RSS_RETURN = { target: 0.1, floor: 0.2 };
// Floor 2.5× since the afternoon of 2026-11-29: a signed-in render's public reads come from the shared cache
// (docs/decisions/042-signed-in-public-reads.md), measured 1.03-1.09× an anonymous uncached render (2.0-3.4× before);
// the two are measured one after the other, so a neighbour's burst lands on one of them only.
const SESSION_SLOWER = { target: 2, floor: 2.5 };
const tracked: string[] = [];
/** A figure against its target (higher is better unless `lower`): a miss of the floor fails, of the target is tracked. */
function judge(label: string, value: number, budget: Budget, text: (value: number) => string, lower = false) {
  judgeFigure({ label, value, budget, text, lower }, { miss, track: (message) => tracked.push(message) });
}
const ratioText = (value: number) => value.toFixed(3);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

async function run(url: string, headers: Record<string, string>, options: Partial<autocannon.Options> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, ...options });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

/** SSR and static measured in alternating one-second slices, SECONDS of each: on a shared machine a neighbour's
 * burst then lands on both sides of the ratio, not on one of them (sequential runs of 5 s each swung the same
 * ratio from 0.12 to 1.1). Rates are the sums over the slices; latencies the slices' worst p50 and p99. */
async function pair(ssrUrl: string, staticUrl: string, headers: Record<string, string>, ssrOptions: Partial<autocannon.Options> = {}, sliceSeconds = 1) {
  const sum = (figures: Figures[]): Figures => ({
    rps: figures.reduce((total, f) => total + f.rps, 0) / figures.length,
    p50: Math.max(...figures.map((f) => f.p50)),
    p99: Math.max(...figures.map((f) => f.p99)),
    failed: figures.reduce((total, f) => total + f.failed, 0),
  });
  const ssr: Figures[] = [];
  const fast: Figures[] = [];
  for (let slice = 0; slice < Math.ceil(SECONDS / sliceSeconds); slice++) {
    ssr.push(await run(ssrUrl, headers, { ...ssrOptions, duration: sliceSeconds }));
    fast.push(await run(staticUrl, headers, { duration: sliceSeconds }));
  }
  return { ssr: sum(ssr), fast: sum(fast), ratio: sum(ssr).rps / sum(fast).rps };
}

const fmt = (f: Figures) => `${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms`;

// `npm run bench -- --scale`: the 51-product catalog against a generated one of 10,000 (test/bench/scale.ts), instead.
if (process.argv.includes("--scale")) await import("./scale.ts");

const metricsPort = await freePort();
const built = await serveBuild({ METRICS_PORT: String(metricsPort) });
const server = built.process;
const site = built.origin;
let stat: Awaited<ReturnType<typeof startStaticServer>> | undefined;
try {
  // The same HTML for the static server: what the SSR server answered, uncompressed.
  const documents = new Map<string, Buffer>();
  for (const page of benchPages) {
    const response = await fetch(site + page.path, { headers: identityHeaders });
    if (response.status !== 200) throw new Error(`${page.name} (${page.path}) answered ${response.status}`);
    documents.set(page.path, Buffer.from(await response.arrayBuffer()));
  }
  stat = await startStaticServer(documents);

  console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per measurement, loopback; warm = page cache filled`);
  console.log(`browser headers on every request: ${JSON.stringify(browserHeaders)}\n`);
  // The warm-up fills the page cache and its compressed copies, and compiles the hit path.
  console.log("-- warm-up (not compared)");
  for (const page of benchPages) await run(site + page.path, browserHeaders, { duration: Math.min(SECONDS, 3) });
  const warmed = rssOf(server.pid!);
  console.log(`server RSS after warm-up: ${mb(warmed)} (${await memoryBreakdown(`http://127.0.0.1:${metricsPort}`)})\n`);

  console.log(`-- page cache warm (SSR ÷ static with the browser's headers; identity beside, not enforced)`);
  for (const page of benchPages) {
    const { ssr, fast, ratio } = await pair(site + page.path, stat.origin + page.path, browserHeaders);
    const identity = await pair(site + page.path, stat.origin + page.path, identityHeaders);
    console.log(`${page.name.padEnd(15)} SSR    ${fmt(ssr)}${ssr.failed ? `  (${ssr.failed} failed)` : ""}`);
    console.log(`${"".padEnd(15)} static ${fmt(fast)}`);
    console.log(`${"".padEnd(15)} ratio  ${ratio.toFixed(3)} (target ≥ ${WARM_RATIO.target}, floor ${WARM_RATIO.floor})`);
    console.log(`${"".padEnd(15)} identity: SSR ${identity.ssr.rps.toFixed(0)} /s, static ${identity.fast.rps.toFixed(0)} /s, ratio ${identity.ratio.toFixed(3)}`);
    if (ssr.failed || identity.ssr.failed) miss(`${page.name}: ${ssr.failed + identity.ssr.failed} failed requests`);
    judge(`${page.name} warm ratio`, ratio, WARM_RATIO, ratioText);
  }

  const cold = benchPages.find((page) => page.name === cachesOffPage);
  if (!cold) miss(`the ${cachesOffPage} page is missing, so the uncached render cannot be measured`);
  else {
    let n = 0;
    const separator = cold.path.includes("?") ? "&" : "?";
    // A new query string each request: the page cache never hits, every request renders (upstream reads stay cached).
    const rendering = { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: `${cold.path}${separator}bench=${++n}` }) }] };
    // A warm-up as long as the measurement (not compared): the warm rounds served only cache hits, so the
    // render path's code would otherwise be measured while the JIT is still compiling it.
    await run(site + cold.path, browserHeaders, rendering);
    // One slice each: a render under this load takes most of a second, and a one-second slice counted only the
    // few that finished inside it.
    const { ssr, fast, ratio } = await pair(site + cold.path, stat.origin + cold.path, browserHeaders, rendering, SECONDS);
    console.log(`\n${cold.name} uncached  SSR    ${fmt(ssr)}${ssr.failed ? `  (${ssr.failed} failed)` : ""}`);
    console.log(`${"".padEnd(17)}static ${fmt(fast)}`);
    console.log(`${"".padEnd(17)}ratio  ${ratio.toFixed(3)} (target ≥ ${COLD_RATIO.target}, floor ${COLD_RATIO.floor})`);
    if (ssr.failed) miss(`${cold.name} uncached: ${ssr.failed} failed requests`);
    // A visitor with a session is never served from a cache: their finder against the anonymous uncached render.
    const signedIn = await run(site + cold.path, { ...browserHeaders, cookie: `${sessionCookie}=bench-not-a-session` }, rendering);
    const slower = ssr.rps / signedIn.rps;
    console.log(`${cold.name} with a session ${fmt(signedIn)}: ${slower.toFixed(2)}× slower than anonymous uncached (target ≤ ${SESSION_SLOWER.target})`);
    if (signedIn.failed) miss(`${cold.name} with a session: ${signedIn.failed} failed requests`);
    judge(`${cold.name} with a session, times slower than anonymous uncached`, slower, SESSION_SLOWER, (value) => `${value.toFixed(2)}×`, true);
    judge(`${cold.name} uncached ratio`, ratio, COLD_RATIO, ratioText);
  }

  console.log(`\n-- mixed browser-like traffic, ${MIXED_SECONDS} s (target: RSS peak ≤ ${mb(RSS_PEAK.target)}, back within ${percent(RSS_RETURN.target)} after)`);
  const mixed = await mixedTraffic(site, server.pid!, { seconds: MIXED_SECONDS, settleMs: 10_000, finderSeries: 120, part: "QCM040120K4" });
  const back = (mixed.after - mixed.before) / mixed.before;
  console.log(
    `${mixed.requests} requests, ${mixed.failed} failed; RSS before ${mb(mixed.before)}, peak ${mb(mixed.peak)}, 10 s after ${mb(mixed.after)} (${(back * 100).toFixed(1)} %)`,
  );
  console.log(`at the end: ${await memoryBreakdown(`http://127.0.0.1:${metricsPort}`)}`);
  if (mixed.failed) miss(`mixed traffic: ${mixed.failed} failed requests (${mixed.detail})`);
  judge("mixed traffic RSS peak", mixed.peak, RSS_PEAK, mb, true);
  judge("mixed traffic RSS 10 s after, above before", back, RSS_RETURN, percent, true);
} finally {
  stat?.close();
  await built.stop();
}
if (tracked.length) console.log(`\nTRACKED (between floor and target, not failing the run):\n  ${tracked.join("\n  ")}`);
finish("bench", misses);
