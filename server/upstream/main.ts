// `npm run upstream`: the embedded upstream alone, for developing against it or pointing another site at it.
// The environment is parsed first: a bad value is one line naming it and exit 1, before anything loads or starts.
import { ConfigError } from "../../shared/env/parse.ts";
import { upstreamOptionsFromEnv, type UpstreamOptions } from "./config.ts";

let options: UpstreamOptions;
try {
  options = upstreamOptionsFromEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

try {
  const { startUpstream } = await import("./index.ts");
  const upstream = await startUpstream({ ...options, port: options.port || 3001 });
  console.log(`embedded upstream listening on ${upstream.url}`);
  // A host leaving a rolling release: no new connection, the calls in flight answered (a submit cut off here would
  // be a 502 the visitor cannot tell from a lost order), at most 8 s, within the 10 s a supervisor gives before
  // SIGKILL; then everything closes. A kept-alive connection closes as soon as its call is answered.
  let draining = false;
  upstream.server.on("request", (_req, res) => {
    if (draining) res.setHeader("Connection", "close");
    res.once("finish", () => {
      if (draining) setImmediate(() => upstream.server.closeIdleConnections());
    });
  });
  const stop = () => {
    draining = true;
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 8_000);
      timer.unref();
      upstream.server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      upstream.server.closeIdleConnections();
    });
    void drained.then(() => upstream.close()).then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
