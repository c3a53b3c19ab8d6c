// The process: config, the embedded upstream when UPSTREAM_URL is unset, the app, listen, and a
// graceful shutdown that lets running requests finish.
import path from "node:path";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { createLogger } from "./logger.ts";
import { createApp, rootDir } from "./app.ts";
import { devAssets, manifestAssets } from "./assets.ts";
import type { EntryServer } from "./render.ts";
import { startUpstream, type RunningUpstream } from "./upstream/index.ts";

const dev = process.argv.includes("--dev");

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
const logger = createLogger(config.logLevel);

let upstream: RunningUpstream | undefined;
if (!config.upstreamUrl) {
  upstream = await startUpstream(
    {
      host: "127.0.0.1",
      port: 0,
      provider: config.upstreamProvider,
      websiteCode: config.websiteCode,
      dataDir: config.dataDir,
      publicOrigin: config.publicOrigin,
      env: process.env,
    },
    (message, detail) => (detail === undefined ? logger.info(message) : logger.error({ err: detail }, message)),
  );
  config.upstreamUrl = upstream.url;
  logger.info({ url: upstream.url }, "embedded upstream started");
}

let app;
if (dev) {
  const { createServer } = await import("vite");
  const react = (await import("@vitejs/plugin-react")).default;
  const vite = await createServer({ root: rootDir, server: { middlewareMode: true }, appType: "custom" });
  app = await createApp(config, {
    logger,
    vite,
    entry: () => vite.ssrLoadModule("/client/entry-server.tsx") as Promise<EntryServer>,
    assets: devAssets(react.preambleCode.replace("__BASE__", "/")),
  });
} else {
  const clientDir = path.join(rootDir, "dist", "client");
  const serverEntry = path.join(rootDir, "dist", "server", "entry-server.js");
  if (!existsSync(serverEntry)) {
    console.error("No build found in dist/: run `npm run build` (or `npm start`, which builds when needed).");
    process.exit(1);
  }
  const entry = (await import(pathToFileURL(serverEntry).href)) as EntryServer;
  app = await createApp(config, { logger, clientDir, entry: async () => entry, assets: manifestAssets(clientDir) });
}

const server: Server = app.listen(config.port, config.host, () => {
  logger.info(`Qingyun website listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`);
});
server.keepAliveTimeout = 65_000;

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await upstream?.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
