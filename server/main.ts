// The process: the environment parsed once into the config (a bad value: one line naming it, exit 1, before
// anything starts), then either one serving process (server/serve.ts) or, with WEB_CONCURRENCY > 1, a
// node:cluster primary that runs the embedded upstream once and forks the rendering workers (server/cluster.ts),
// which take the primary's config instead of parsing their own.
import cluster from "node:cluster";
import { ConfigError, loadConfig, type Config } from "./config/index.ts";

const dev = process.argv.includes("--dev");
// React and others choose their production build (no error details in the HTML) by NODE_ENV, read
// when they load: the build is always served as production unless said otherwise.
if (!dev) process.env.NODE_ENV ??= "production";

let config: Readonly<Config>;
if (cluster.isWorker) {
  config = await (await import("./cluster.ts")).configFromPrimary();
} else {
  try {
    config = loadConfig({ NODE_ENV: dev ? "development" : "production", ...process.env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
// Loaded only once the config holds: a bad value stops the process before the server's modules load.
const { createLogger } = await import("./metrics/logger.ts");
const base = createLogger(config.logLevel);
const logger = cluster.isWorker ? base.child({ worker: cluster.worker?.id }) : base;

const { serve, UpstreamStartError } = await import("./serve.ts");
try {
  if (!dev && cluster.isPrimary && config.webConcurrency > 1) await (await import("./cluster.ts")).runPrimary(config, logger);
  else await serve(config, logger, dev);
} catch (error) {
  // A refusal of the embedded upstream (a store newer than this code…) is its one line, like a bad setting.
  if (!(error instanceof UpstreamStartError)) throw error;
  console.error(error.message);
  process.exit(1);
}
