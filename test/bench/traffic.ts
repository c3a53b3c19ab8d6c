// What the benches send and what they compare against (docs/decisions/012-performance-budgets.md): the headers a
// browser sends on every request, a static server answering the same documents precompressed as nginx's
// brotli_static/gzip_static would, the process's resident memory, and a bounded spell of mixed browser-like
// traffic (pages of every type, renders of new URLs, a visitor with a session, CSV, search, sign-in, API).
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { callPath } from "../../shared/contract/call-path.ts";
import { authAndRegisterBySms, queryDistinctProductFieldData, querySiteListDataByPage } from "../../shared/contract/index.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { lighthousePages } from "./pages.ts";

/** What Chromium sends with a navigation (its Accept-Encoding and a desktop User-Agent). */
export const browserHeaders = {
  "accept-encoding": "gzip, deflate, br",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
} as const;

/** The same User-Agent without Accept-Encoding: the identity figures printed beside, for comparison. */
export const identityHeaders = { "user-agent": browserHeaders["user-agent"] } as const;

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/**
 * A plain Node server answering each document as a file server with precompressed copies would: brotli 11 or
 * gzip 9 made once here, chosen by Accept-Encoding, with Content-Length, Vary and an ETag. `documents` maps a
 * path to its HTML.
 */
export async function startStaticServer(documents: Map<string, Buffer>): Promise<{ origin: string; close: () => void }> {
  const kept = new Map(
    [...documents].map(([path, identity], index) => [
      path,
      {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
        gzip: gzipSync(identity, { level: 9 }),
        etag: `"static-${index}"`,
      },
    ]),
  );
  const server = http.createServer((req, res) => {
    const file = kept.get(req.url ?? "");
    if (!file) return void res.writeHead(404).end();
    const accept = req.headers["accept-encoding"] ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : "identity";
    const body = file[encoding];
    const headers: Record<string, string | number> = {
      "content-type": "text/html; charset=utf-8",
      "content-length": body.length,
      vary: "Accept-Encoding",
      etag: `${file.etag.slice(0, -1)}-${encoding}"`,
    };
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

export interface MixedTrafficResult {
  /** Resident memory before the traffic (after the caller's warm-up), its high-water mark, and after it stopped. */
  before: number;
  peak: number;
  after: number;
  requests: number;
  /** Socket errors, timeouts and 5xx answers (a 4xx is an answer: a wrong sign-in code is refused). */
  failed: number;
  /** What the failures were, and the answers by status, for the bench's log. */
  detail: string;
}

/**
 * `seconds` of mixed browser-like traffic on 20 connections, the server's RSS sampled every 100 ms; then `settleMs`
 * without traffic before the RSS is read again. `finderSeries` and `part` name pages of the catalog served; a request
 * unanswered after `timeoutSeconds` (10 by default, autocannon's) is a failure.
 */
export async function mixedTraffic(
  origin: string,
  pid: number,
  options: { seconds: number; settleMs: number; finderSeries: number; part: string; timeoutSeconds?: number },
): Promise<MixedTrafficResult> {
  const api = (path: string, body: unknown): autocannon.Request => ({
    method: "POST",
    path: `/api${path}`,
    headers: { ...browserHeaders, "content-type": "application/json", origin, accept: "application/json" },
    body: JSON.stringify(body),
  });
  let n = 0;
  const fresh = (path: string): autocannon.Request => ({
    path,
    headers: browserHeaders,
    setupRequest: (request: autocannon.Request) => ({ ...request, path: `${path}${path.includes("?") ? "&" : "?"}mixed=${++n}` }),
  });
  const finder = `/zh/productAndService/products/${options.finderSeries}`;
  const requests: autocannon.Request[] = [
    // Every page type in both languages, as anonymous visitors get them (mostly from the page cache).
    ...lighthousePages.map((page) => ({ path: page.path, headers: browserHeaders })),
    // Renders of URLs nobody asked for before: new filters, another product, a new search.
    fresh(`${finder}?vds=~1200`),
    fresh(`/en/productAndService/productDetail/${options.part}`),
    fresh("/zh/search?text=SiC"),
    fresh("/en/news"),
    // A visitor with a session cookie (an unknown one: the page is rendered for them, never from a cache).
    { path: finder, headers: { ...browserHeaders, cookie: `${sessionCookie}=bench-not-a-session` } },
    // The finder's CSV, the filter values and a page of rows from the API, a sign-in with a wrong code.
    { path: `${finder}.csv`, headers: browserHeaders },
    api(callPath(queryDistinctProductFieldData, "qingyun"), {
      siteListId: options.finderSeries,
      language: "zh",
      sitePageDataType: 1,
      websiteCode: "qingyun",
    }),
    api(callPath(querySiteListDataByPage, "qingyun"), {
      siteListId: options.finderSeries,
      pageIndex: 1,
      pageSize: 25,
      language: "en",
      sitePageDataType: 1,
      websiteCode: "qingyun",
    }),
    api(callPath(authAndRegisterBySms, "qingyun"), { phone: "13800138000", code: "000000" }),
  ];
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);
  let result: autocannon.Result;
  try {
    result = await autocannon({ url: origin, connections: 20, duration: options.seconds, requests, timeout: options.timeoutSeconds ?? 10 });
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssOf(pid));
  await new Promise((resolve) => setTimeout(resolve, options.settleMs));
  const serverErrors = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, stats]) => sum + (stats as { count: number }).count, 0);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stats]) => `${code}: ${(stats as { count: number }).count}`)
    .join(", ");
  return {
    before,
    peak,
    after: rssOf(pid),
    requests: result.requests.total,
    failed: result.errors + result.timeouts + serverErrors,
    detail: `errors ${result.errors}, timeouts ${result.timeouts}, 5xx ${serverErrors}; answers ${statuses}`,
  };
}

/** Where the main thread's memory is, from the server's own /metrics (prom-client's default metrics). */
export async function memoryBreakdown(metricsOrigin: string): Promise<string> {
  const text = await fetch(`${metricsOrigin}/metrics`).then(
    (response) => response.text(),
    () => "",
  );
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+]+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  return [
    `heap used ${mb(value("nodejs_heap_size_used_bytes"))} of ${mb(value("nodejs_heap_size_total_bytes"))}`,
    `external ${mb(value("nodejs_external_memory_bytes"))}`,
    `upstream thread heap ${mb(Number(/^qy_upstream_thread_heap_bytes\{kind="used"\} (\S+)$/m.exec(text)?.[1]))} of ${mb(Number(/^qy_upstream_thread_heap_bytes\{kind="total"\} (\S+)$/m.exec(text)?.[1]))}`,
  ].join(", ");
}
