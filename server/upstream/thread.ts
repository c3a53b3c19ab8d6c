// The embedded upstream in a worker thread of the site's process: node:sqlite is synchronous, so a slow query
// (a large CSV export, a full-text search) would otherwise stall every page and health check of the site.
// Here it stalls only its own thread; the site talks to it over loopback HTTP as to any upstream.
import { parentPort, workerData } from "node:worker_threads";
import type { UpstreamOptions } from "./config.ts";
import { startUpstream } from "./index.ts";
import { collectWhenIdle, idleCollectDefaults, releaseFreedMemory } from "../../shared/http/idle-collect.ts";

/** What the thread tells the site: started (its URL), a log line, or that it could not start. */
export type UpstreamThreadMessage =
  | { type: "ready"; url: string }
  | { type: "log"; level: "info" | "error"; message: string; detail?: string }
  | { type: "failed"; message: string };

const post = (message: UpstreamThreadMessage) => parentPort!.postMessage(message);
const describe = (detail: unknown) => (detail instanceof Error ? (detail.stack ?? detail.message) : String(detail));

try {
  const upstream = await startUpstream(workerData as UpstreamOptions, (message, detail) =>
    post(detail === undefined ? { type: "log", level: "info", message } : { type: "log", level: "error", message, detail: describe(detail) }),
  );
  // Loading the content peaks this thread's heap (at 10,000 products about 450 MB of pages V8 would keep for
  // reuse for the life of the process); give them back before the first request, and after each spell of
  // traffic as the site's own thread does (shared/http/idle-collect.ts).
  releaseFreedMemory();
  const idle = collectWhenIdle(upstream.server, idleCollectDefaults);
  parentPort!.on("message", (message: unknown) => {
    if (message === "close") {
      idle.stop();
      void upstream.close().then(() => process.exit(0));
    }
  });
  post({ type: "ready", url: upstream.url });
} catch (error) {
  post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
