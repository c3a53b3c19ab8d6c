import autocannon from "autocannon";
import { serveBuild } from "./serve-build.ts";
const site = await serveBuild(process.env.SERVER_ENV ? JSON.parse(process.env.SERVER_ENV) : {});
const path = process.argv[2] ?? "/zh/productAndService/products/120";
let n = 0;
const rendering = { requests: [{ setupRequest: (r: any) => ({ ...r, path: `${path}?bench=${++n}` }) }] };
try {
  for (const label of ["warm", "m1", "m2"]) {
    const r = await autocannon({ url: site.origin + path, connections: 20, duration: Number(process.env.S ?? 8), ...rendering });
    console.log(label, r.requests.average.toFixed(1), "req/s p50", r.latency.p50, "errors", r.non2xx + r.errors);
  }
} finally { await site.stop(); }
