// Express ⇄ Fetch for the document handler (docs/decisions/018-fetch-document-handler.md), and nothing else:
// Express's request becomes a Fetch Request, and a Fetch Response goes back out through Express, streamed.
import { once } from "node:events";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * The Fetch Request of an Express request, on the configured origin (never the client's Host). Its signal
 * aborts when the connection closes before the answer finished (the visitor left), as React Router's Express
 * adapter does. HEAD runs the same loaders as GET; a POST carries its form (already read and bounded).
 */
export function fetchRequest(req: ExpressRequest, res: ExpressResponse, origin: string, form?: Buffer): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const url = new URL(req.url, origin);
  if (form) return new Request(url, { method: "POST", headers, signal: controller.signal, body: new Uint8Array(form) });
  return new Request(url, { method: "GET", headers, signal: controller.signal });
}

/**
 * Sends a Fetch Response: its status and headers (onto those already set), then its body chunk by chunk, each
 * flushed through compression at once (a chunk is one batch of the render: the shell reaches the visitor early).
 * `keep` sees every chunk. Resolves true once the whole body went out, false when it was cut off (the visitor
 * left, or the render failed after the headers), in which case the body is cancelled, stopping its render.
 */
export async function sendResponse(res: ExpressResponse, response: Response, options: { head?: boolean; keep?: (chunk: Uint8Array) => void } = {}): Promise<boolean> {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.append("Set-Cookie", cookies);
  if (!response.body || options.head) {
    await response.body?.cancel();
    res.end();
    return true;
  }
  const reader = response.body.getReader();
  const left = () => {
    if (!res.writableFinished) void reader.cancel().catch(() => {});
  };
  res.once("close", left);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return false;
      options.keep?.(value);
      const more = res.write(value);
      (res as ExpressResponse & { flush?: () => void }).flush?.();
      if (!more && !res.destroyed) await Promise.race([once(res, "drain"), once(res, "close")]);
    }
  } catch {
    // The render failed after its headers went out: the connection is cut, so nobody takes a truncated page for whole.
    res.destroy();
    return false;
  } finally {
    res.off("close", left);
  }
  if (res.destroyed) return false;
  res.end();
  return true;
}
