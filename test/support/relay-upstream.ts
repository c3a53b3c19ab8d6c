// A relay in front of the embedded test upstream that counts the calls it passes on and can change their
// answers (a cookie, another content version): how cache tests see what reached the upstream.
import express from "express";
import { listen } from "../helpers/site.ts";
import { contentVersionHeader } from "../../shared/http/content-version.ts";

export interface Relay {
  url: string;
  /** Calls passed on, by the last path segment (querySitePageData, querySiteList…). */
  counts: Map<string, number>;
  /** Set-Cookie lines to add to answers whose path ends with the key. */
  setCookies: Map<string, string>;
  /** When set, replaces the upstream's content version header. */
  contentVersion: string | null;
  /** Answer every call with this status (an upstream outage) while set. */
  failWith: number | null;
  /** Hold every call open without an answer (an upstream that stopped answering) while set. */
  hang: boolean;
  reset(): void;
  close(): Promise<void>;
}

export async function startRelay(target: string): Promise<Relay> {
  const app = express();
  app.use(express.raw({ type: "*/*", limit: "1mb" }));
  const relay = {
    counts: new Map<string, number>(),
    setCookies: new Map<string, string>(),
    contentVersion: null as string | null,
    failWith: null as number | null,
    hang: false,
  };
  app.use(async (req, res) => {
    const name = req.path.split("/").pop() ?? "";
    relay.counts.set(name, (relay.counts.get(name) ?? 0) + 1);
    if (relay.hang) return;
    if (relay.failWith) return res.status(relay.failWith).json({ success: false, code: "E50000001", message: "down", data: null });
    const headers: Record<string, string> = {};
    for (const header of ["content-type", "cookie", "accept"]) {
      const value = req.headers[header];
      if (typeof value === "string") headers[header] = value;
    }
    const body = Buffer.isBuffer(req.body) && req.body.length ? new Uint8Array(req.body) : undefined;
    const answer = await fetch(target + req.originalUrl, { method: req.method, headers, ...(body ? { body } : {}) });
    res.status(answer.status);
    res.setHeader("content-type", answer.headers.get("content-type") ?? "application/json");
    res.setHeader(contentVersionHeader, relay.contentVersion ?? answer.headers.get(contentVersionHeader) ?? "");
    for (const line of answer.headers.getSetCookie()) res.append("set-cookie", line);
    for (const [suffix, line] of relay.setCookies) if (req.path.endsWith(suffix)) res.append("set-cookie", line);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  const server = await listen(app);
  return Object.assign(relay, {
    url: server.url,
    reset() {
      relay.counts.clear();
      relay.setCookies.clear();
      relay.contentVersion = null;
      relay.failWith = null;
      relay.hang = false;
    },
    close: server.close,
  });
}
