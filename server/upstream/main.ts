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
  const stop = () => void upstream.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
