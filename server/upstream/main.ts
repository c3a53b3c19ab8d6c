// `npm run upstream`: the embedded upstream alone, for developing against it or pointing another site at it.
import { upstreamOptionsFromEnv } from "./config.ts";
import { startUpstream } from "./index.ts";

try {
  const options = upstreamOptionsFromEnv();
  const upstream = await startUpstream({ ...options, port: options.port || 3001 });
  console.log(`embedded upstream listening on ${upstream.url}`);
  const stop = () => void upstream.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
