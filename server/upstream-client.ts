// The one way the site's server reaches the upstream for pages, CSV files and the sitemap: every call is
// metered (server/metrics/upstream-calls.ts) and an anonymous visitor's public reads share the upstream cache.
import type { Request, Response as ExpressResponse } from "express";
import type { StartedConfig } from "./config/index.ts";
import { createPageClient, type CallCache, type PageClient } from "../client/api/page-client.ts";
import type { Language } from "../shared/languages.ts";
import { renderUpstream, type SiteCaches } from "./cache/index.ts";
import { hasPersonalCookies } from "./cache/cache-policy.ts";
import { meteredFetch } from "./metrics/upstream-calls.ts";

export interface UpstreamTransport {
  fetch: typeof fetch;
  cache: CallCache | undefined;
  /** Whether a call failed or an expired answer stood in (a render that did is not kept in the page cache). */
  readonly degraded: boolean;
  /** Whether an expired answer stood in because the upstream failed to refresh it. */
  readonly stale: boolean;
}

/**
 * One request's way to the upstream: a metered fetch that notes the content version and failures, and the
 * shared cache only when `shared` (an anonymous visitor outside preview). The render hands this to the page
 * client it builds inside the server bundle; the CSV files and the sitemap get it through serverPageClient.
 */
export function upstreamTransport(caches: SiteCaches | undefined, shared: boolean, requestId?: string): UpstreamTransport {
  const transport = renderUpstream(caches, shared);
  return {
    fetch: meteredFetch(transport.fetch, requestId),
    cache: transport.cache,
    get degraded() {
      return transport.degraded;
    },
    get stale() {
      return transport.stale;
    },
  };
}

/** Whether a request may use the shared cache: no preview and no cookie that can make an answer personal. */
export function isAnonymous(req: Request, previewUntil: unknown): boolean {
  if (previewUntil != null) return false;
  // Without the cookie parser in front (a handler mounted alone) nothing tells which cookies came: any is personal.
  if (req.cookies === undefined) return req.headers.cookie === undefined;
  return !hasPersonalCookies(req.cookies);
}

export interface ServerPageClientOptions {
  config: StartedConfig;
  caches: SiteCaches | undefined;
  language: Language;
  preview: boolean;
  /** The visitor's Cookie header ("" for the site's own reads, such as the sitemap's). */
  cookie: string;
  /** Whether public reads may come from (and fill) the shared cache. */
  shared: boolean;
  signal?: AbortSignal | undefined;
  requestId?: string | undefined;
  /** Sees every answer the upstream sends (the sitemap reads the content version from it). */
  onAnswer?: ((response: Response) => void) | undefined;
}

/**
 * A page client for a visitor's request outside the render (the CSV files, the notices feed): it carries their
 * cookies, preview and request id, and reads the shared cache only when the visitor is anonymous.
 */
export function visitorPageClient(req: Request, res: ExpressResponse, options: Pick<ServerPageClientOptions, "config" | "caches" | "language" | "signal">): PageClient {
  return serverPageClient({
    ...options,
    shared: isAnonymous(req, res.locals.previewUntil),
    preview: res.locals.previewUntil != null,
    cookie: req.headers.cookie ?? "",
    requestId: res.locals.requestId,
  });
}

/** A page client for server work outside the render (CSV files, the sitemap), on the same transport as the render's. */
export function serverPageClient(options: ServerPageClientOptions): PageClient {
  const transport = upstreamTransport(options.caches, options.shared, options.requestId);
  const { onAnswer } = options;
  return createPageClient({
    base: options.config.upstreamUrl,
    provider: options.config.upstreamProvider,
    websiteCode: options.config.websiteCode,
    language: options.language,
    preview: options.preview,
    cookie: options.cookie,
    signal: options.signal,
    cache: transport.cache,
    fetch: onAnswer
      ? async (input, init) => {
          const response = await transport.fetch(input, init);
          onAnswer(response);
          return response;
        }
      : transport.fetch,
  });
}
