// Reading and refusing request bodies without ever destroying the socket under a response: the one body
// reader of the site (page form posts, the /api guards) and the one way a refused body is answered.
// A body that is too large is still drained (up to a bound) before the answer goes out with
// `Connection: close`, so the client reads its 413 instead of a TCP reset, and the socket closes cleanly.
import type { IncomingMessage, ServerResponse } from "node:http";

export type BodyResult = { kind: "body"; body: Buffer } | { kind: "too large" } | { kind: "aborted" };

/** How much of a refused body is read and thrown away, and for how long, before the answer goes out anyway. */
const DRAIN_BYTES = 1024 * 1024;
const DRAIN_MS = 2_000;
/** Requests whose body readBody already read or drained as far as it goes. */
const read = new WeakSet<IncomingMessage>();

export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

function declaredLength(req: IncomingMessage): number | null {
  const length = Number(req.headers["content-length"]);
  return req.headers["content-length"] !== undefined && Number.isSafeInteger(length) ? length : null;
}

/**
 * Reads the body when it is at most `limit` bytes. Past the limit the bytes are discarded (the socket is
 * never destroyed here) until the body ends, DRAIN_BYTES more arrived or DRAIN_MS passed: "too large".
 * "aborted": the client went away before the end (nobody is left to answer).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = declaredLength(req);
  read.add(req);
  // Declared far too large: nothing worth draining, answer at once.
  if (declared !== null && declared > limit + DRAIN_BYTES) return Promise.resolve({ kind: "too large" });
  // Already read by someone else: there is nothing more to come.
  if (req.readableEnded) return Promise.resolve({ kind: "aborted" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared !== null && declared > limit;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: BodyResult) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAborted);
      req.off("close", onClose);
      if (timer) clearTimeout(timer);
      // Whatever is left is Node's to discard (it dumps an unread request once the answer is sent).
      req.on("error", () => {});
      resolve(result);
    };
    const startDrainTimer = () => {
      timer ??= setTimeout(() => finish({ kind: "too large" }), DRAIN_MS);
      timer.unref();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (!tooLarge && size > limit) {
        tooLarge = true;
        chunks.length = 0;
      }
      if (tooLarge) {
        startDrainTimer();
        if (size > limit + DRAIN_BYTES) finish({ kind: "too large" });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(tooLarge ? { kind: "too large" } : { kind: "body", body: Buffer.concat(chunks) });
    const onAborted = () => finish({ kind: "aborted" });
    const onClose = () => {
      if (!req.complete) finish({ kind: "aborted" });
    };
    if (tooLarge) startDrainTimer();
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAborted);
    req.on("close", onClose);
  });
}

/**
 * Answers a request whose body is refused unread (wrong type, a body where none belongs): the body is
 * drained first, within the same bounds, so the answer is not lost to a reset; then `answer` runs with
 * `Connection: close` set. Nothing is answered when the client has gone.
 */
export async function refuseBody(req: IncomingMessage, res: ServerResponse, answer: () => void): Promise<void> {
  if (hasBody(req) && !req.complete && !read.has(req)) {
    const result = await readBody(req, 0);
    if (result.kind === "aborted") return;
  }
  if (res.headersSent || res.destroyed) return;
  res.setHeader("Connection", "close");
  answer();
}
