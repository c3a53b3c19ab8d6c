// The process: config, then either one serving process (server/serve.ts) or, with WEB_CONCURRENCY > 1,
// a node:cluster primary that runs the embedded upstream once and forks the rendering workers
// (server/cluster.ts).
import cluster from "node:cluster";
import { ConfigError, loadConfig, type Config } from "./config/index.ts";
import { createLogger } from "./logger.ts";
import { serve } from "./serve.ts";
import { runPrimary } from "./cluster.ts";

const dev = process.argv.includes("--dev");
// React and others choose their production build (no error details in the HTML) by NODE_ENV, read
// when they load: the build is always served as production unless said otherwise.
if (!dev) process.env.NODE_ENV ??= "production";

let config: Config;
try {
  config = loadConfig({ NODE_ENV: dev ? "development" : "production", ...process.env });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const base = createLogger(config.logLevel);
const logger = cluster.isWorker ? base.child({ worker: cluster.worker?.id }) : base;

if (!dev && cluster.isPrimary && config.webConcurrency > 1) await runPrimary(config, logger);
else await serve(config, logger, dev);
