// /metrics for Prometheus on its own listener (METRICS_HOST:METRICS_PORT, loopback unless configured),
// never on the public port: the figures tell an attacker too much about traffic and internals.
// One process serves its own registry; a cluster's primary serves the sum of its workers (cluster.ts).
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "./logger.ts";
import { registry } from "./index.ts";

export interface MetricsSource {
  contentType: string;
  metrics: () => Promise<string>;
}

const processMetrics: MetricsSource = { contentType: registry.contentType, metrics: () => registry.metrics() };

export interface MetricsServer {
  url: string;
  close: () => Promise<void>;
}

/** Starts the listener; a port already taken (another instance on the host) costs the metrics, not the site. */
export function startMetricsServer(options: { host: string; port: number; logger: Logger; source?: MetricsSource }): Promise<MetricsServer | undefined> {
  const source = options.source ?? processMetrics;
  if (options.port === 0) return Promise.resolve(undefined);
  const server: Server = http.createServer(async (req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    try {
      const body = await source.metrics();
      res.writeHead(200, { "content-type": source.contentType, "cache-control": "no-store" }).end(body);
    } catch (error) {
      options.logger.warn({ err: error }, "metrics collection failed");
      res.writeHead(500, { "content-type": "text/plain" }).end("metrics unavailable");
    }
  });
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve) => {
    server.once("error", (error) => {
      options.logger.warn({ err: error, host: options.host, port: options.port }, "metrics listener not started");
      resolve(undefined);
    });
    server.listen(options.port, options.host, () => {
      const { address, port } = server.address() as AddressInfo;
      options.logger.info({ address, port }, "metrics listening");
      resolve({
        url: `http://${address.includes(":") ? `[${address}]` : address}:${port}/metrics`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
