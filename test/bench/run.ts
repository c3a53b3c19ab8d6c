// `npm run bench`: throughput of the production server on loopback, reported as ratios measured in one
// run (never as absolute thresholds): SSR page vs /healthz, and /api through the proxy vs the upstream
// directly (the proxy's overhead). Bounded: a fixed duration per case, a fixed number of connections.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded, root } from "../../scripts/build-if-needed.ts";
import { startUpstream } from "../../server/upstream/index.ts";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const CONNECTIONS = 8;

async function measure(name: string, url: string, init?: RequestInit): Promise<number> {
  const end = Date.now() + DURATION_MS;
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (response.ok) done++;
        else failed++;
      }
    }),
  );
  const rate = done / (DURATION_MS / 1000);
  console.log(`${name.padEnd(32)} ${rate.toFixed(0).padStart(7)} req/s${failed ? `  (${failed} failed)` : ""}`);
  return rate;
}

buildIfNeeded();
const dataDir = mkdtempSync(path.join(tmpdir(), "qy-bench-"));
const upstream = await startUpstream(
  { host: "127.0.0.1", port: 0, provider: "qingyun", websiteCode: "qingyun", dataDir, publicOrigin: "http://127.0.0.1:3199", env: {} },
  () => {},
);
const server = spawn(process.execPath, [path.join(root, "server", "main.ts")], {
  cwd: root,
  env: { ...process.env, PORT: "3199", HOST: "127.0.0.1", UPSTREAM_URL: upstream.url, LOG_LEVEL: "warn", NODE_ENV: "production", RATE_LIMIT_PER_MINUTE: "1000000" },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  const site = "http://127.0.0.1:3199";
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${site}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const body = JSON.stringify({ language: "zh", websiteCode: "qingyun", sitePageDataType: 1, templateCode: "menu" });
  const post = { method: "POST", headers: { "content-type": "application/json" }, body };
  const health = await measure("GET /healthz", `${site}/healthz`);
  const page = await measure("GET /zh (SSR)", `${site}/zh`);
  const direct = await measure("upstream querySitePageData", `${upstream.url}/open/proxy/qingyun/basic/sitePageData/querySitePageData`, post);
  const proxied = await measure("/api querySitePageData (proxy)", `${site}/api/open/proxy/qingyun/basic/sitePageData/querySitePageData`, post);
  console.log(`\nSSR page / healthz: ${(page / health).toFixed(3)}`);
  console.log(`proxied / direct upstream call: ${(proxied / direct).toFixed(3)}`);
} finally {
  server.kill("SIGTERM");
  await upstream.close();
  rmSync(dataDir, { recursive: true, force: true });
}
