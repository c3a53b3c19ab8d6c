// Server entry: the document handler, a Fetch Request in and a Fetch Response out, in which one static handler
// runs the matched loaders and then the whole document streams (docs/decisions/018-fetch-document-handler.md).
import { Writable } from "node:stream";
import { renderToPipeableStream, type PipeableStream } from "react-dom/server";
import { LRUCache } from "lru-cache";
import {
  StaticRouterProvider,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
} from "react-router-dom";
import type { StaticHandlerContext } from "react-router-dom";
import type { i18n } from "i18next";
import { htmlLang, type Language } from "../shared/languages.ts";
import { isLogin, queryOrderList } from "../shared/contract/index.ts";
import { routes, type RouteHandle } from "./routes.tsx";
import { Document, type DocumentAssets } from "./document.tsx";
import { AppProviders, createAppStore } from "./providers.tsx";
import { hydrationData } from "./runtime/hydration.ts";
import { pickNamespaces, trackNamespaces } from "./runtime/namespaces.ts";
import type { AppContext } from "./app-context.ts";
import type { Resources } from "../shared/locales.ts";
import type { ServerLoaderContext } from "./api/loader-context.ts";
import { createPageClient, type CallCache } from "./api/page-client.ts";
import { upstreamFailure, type UpstreamFailure } from "./api/upstream-failure.ts";
import { preloadIslands } from "./runtime/island.tsx";
import { memoizePlainKeys } from "./runtime/i18n-memo.ts";
import { FragmentCacheContext } from "./runtime/fragments.ts";
import { createFragmentCache } from "./runtime/fragment-cache.tsx";
import { I18nProvider } from "./runtime/i18n-react.tsx";

const handler = createStaticHandler(routes);

/** The site's constants, built once by the server: what every document needs besides its request. */
export interface DocumentSite {
  resources: Record<Language, Resources>;
  websiteCode: string;
  provider: string;
  publicOrigin: string;
  /** Asset URLs for the source modules of the matched routes. */
  assets: (modules: string[]) => DocumentAssets;
  /** A render that hangs (a stuck lazy module) is cut off after this. */
  renderTimeoutMs: number;
}

/** What the server knows of one request beyond the Request itself (docs/decisions/018-fetch-document-handler.md). */
export interface DocumentContext {
  site: DocumentSite;
  language: Language;
  /** The request's own i18next instance (i18next-http-middleware). */
  i18n: i18n;
  /** The Content-Security-Policy nonce of this response. */
  nonce: string;
  /** Crawlers get the whole document at once (onAllReady); people get the shell as soon as it is ready. */
  isBot: boolean;
  /** When preview mode ends (epoch ms), or null outside preview. */
  previewUntil: number | null;
  /** A session cookie came with the request: the header asks who is signed in. */
  hasSession: boolean;
  /** How the loaders' page client reaches the upstream; it is built inside this bundle (the loaders' ApiCallError
   * must be the client's). The visitor's cookie and the abort signal come from the Request. */
  pageClient: {
    base: string;
    /** The page's deadline for all its calls together: past it no loader waits any longer. */
    timeoutMs: number;
    /** The visitor's address (Express req.ip, trust proxy applied), for the upstream's per-client limits. */
    forwardedFor?: string | undefined;
    /** The server's fetch (it notes the content version and failures) and, for anonymous visitors outside
     * preview only, the shared cache of public reads. */
    fetch?: typeof fetch;
    cache?: CallCache | undefined;
  };
  /** A render error (logged by the server; the page then is not kept in the page cache). */
  onError: (error: unknown) => void;
  /** The page failed because the upstream did: its status (502, 503, 504) is the Response's. */
  onUpstreamFailure?: (failure: UpstreamFailure & { error: unknown }) => void;
}

/** Whether a path (with its language prefix) is a route of the site other than the catch-all 404. */
// react-router's matchRoutes flattens and ranks the whole route table on every call, which cost a page-cache
// hit more than everything else it does (npm run bench). A path's match never changes while the process
// runs, so the answer is kept, in a bounded cache: paths come from visitors, and unknown ones are endless.
const patterns = new LRUCache<string, { pattern: string | null }>({ max: 5000 });

function matchedPattern(pathname: string): string | null {
  const kept = patterns.get(pathname);
  if (kept) return kept.pattern;
  const matches = matchRoutes(routes, pathname);
  const pattern =
    !matches || matches.some((match) => match.route.path === "*")
      ? null
      : `/${matches
          .map((match) => match.route.path ?? "")
          .filter(Boolean)
          .join("/")}`.replace(/\/{2,}/g, "/");
  patterns.set(pathname, { pattern });
  return pattern;
}

export function isKnownPath(pathname: string): boolean {
  return matchedPattern(pathname) !== null;
}

/** The matched route's pattern ("/en/news/newsDetail/:id") for logs and metrics: bounded, never the raw path. */
export function routePattern(pathname: string): string | null {
  return matchedPattern(pathname);
}

/**
 * The document handler: a Request in, a Response out. A redirect from a loader or action is returned as is;
 * otherwise the Response carries the router's status and the streamed `<html>` document, resolved when the
 * shell is ready (people) or when everything is (crawlers). Cancelling its body stops the render.
 */
export async function handleRequest(request: Request, context: DocumentContext): Promise<Response> {
  const { site, language } = context;
  // One deadline for the whole page, not one per call: a hung upstream must not hang the page, and a page
  // making several calls in turn must not wait several timeouts.
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(context.pageClient.timeoutMs)]);
  const cookie = request.headers.get("cookie") ?? "";
  // Cookies the upstream set (sign-in from a form): they go onto the Response, redirect or document.
  const setCookies: string[] = [];
  const loaderContext: ServerLoaderContext = {
    api: (callLanguage) =>
      createPageClient({
        ...context.pageClient,
        provider: site.provider,
        websiteCode: site.websiteCode,
        language: callLanguage,
        preview: context.previewUntil !== null,
        cookie,
        signal,
        onSetCookie: (lines) => setCookies.push(...lines),
      }),
  };
  // Who is signed in, asked beside the loaders and only with a session cookie (such pages are never cached):
  // the header is rendered with the user menu, so it is right without JavaScript and before hydration.
  const user = context.hasSession
    ? loaderContext
        .api(language)
        .call(isLogin)
        .catch(() => null)
    : Promise.resolve(null);
  // And what the signed-in visitor's sample list holds: the header shows its count, and a count the browser
  // learns only later would differ from the server's HTML, which React then throws away (a hydration error).
  const samples = user.then((signedIn) =>
    signedIn
      ? loaderContext
          .api(language)
          .call(queryOrderList)
          .catch(() => [])
      : [],
  );
  const result = await handler.query(request, { requestContext: loaderContext });
  if (result instanceof Response) {
    for (const line of setCookies) result.headers.append("Set-Cookie", line);
    return result;
  }
  const routerContext = result;
  const failure = reportUpstreamFailures(routerContext);
  if (failure) context.onUpstreamFailure?.(failure);
  for (const error of Object.values(routerContext.errors ?? {})) {
    if (!(error && typeof error === "object" && "status" in error && "internal" in error)) context.onError(error);
  }
  // Every island of the matched routes is loaded before rendering: the HTML holds them whole (island.tsx).
  await preloadIslands();
  const router = createStaticRouter(handler.dataRoutes, routerContext);
  const modules = routerContext.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.module).filter((module): module is string => !!module);
  const assets = site.assets(modules);
  const appContext: AppContext = {
    language,
    resources: site.resources[language],
    websiteCode: site.websiteCode,
    provider: site.provider,
    apiBase: "/api",
    previewUntil: context.previewUntil,
    // Pages with a session cookie are never cached, so a cached page's `false` holds for whoever gets it.
    hasSession: context.hasSession,
    publicOrigin: site.publicOrigin,
    user: await user,
    samples: await samples,
  };
  const store = createAppStore(appContext);
  // Only the UI strings this page uses travel in its HTML; the browser loads the rest later.
  memoizePlainKeys(context.i18n);
  const usedNamespaces = trackNamespaces(context.i18n);
  const fragments = createFragmentCache((node) => <I18nProvider i18n={context.i18n}>{node}</I18nProvider>);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Language": htmlLang[language] });
  if (failure?.retryAfterSeconds) headers.set("Retry-After", String(failure.retryAfterSeconds));
  // Every call that can set a cookie is over by now: the loaders ran and the header's user was awaited.
  for (const line of setCookies) headers.append("Set-Cookie", line);

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const stream = renderToPipeableStream(
      <Document
        language={language}
        nonce={context.nonce}
        assets={assets}
        appContext={appContext}
        hydrationData={hydrationData(routerContext)}
        usedResources={() => pickNamespaces(appContext.resources, usedNamespaces)}
      >
        <AppProviders i18n={context.i18n} store={store}>
          <FragmentCacheContext value={fragments}>
            <StaticRouterProvider router={router} context={routerContext} hydrate={false} nonce={context.nonce} />
          </FragmentCacheContext>
        </AppProviders>
      </Document>,
      {
        nonce: context.nonce,
        // Complete boundaries (islands, the page) go out in place, whatever their size: by default React moves
        // a large one to the end of the stream behind a script that swaps it in, which crawlers and visitors
        // without JavaScript would get as hidden markup.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        bootstrapModules: assets.entry ? [assets.entry] : [],
        onShellReady() {
          if (!context.isBot) ready();
        },
        onAllReady() {
          if (context.isBot) ready();
        },
        onShellError(error) {
          clearTimeout(timer);
          if (!settled) {
            settled = true;
            reject(error);
          }
        },
        onError(error) {
          context.onError(error);
        },
      },
    );
    const timer = setTimeout(() => stream.abort(new Error(`Render timed out after ${site.renderTimeoutMs} ms`)), site.renderTimeoutMs);
    function ready() {
      if (settled) return;
      settled = true;
      resolve(
        new Response(
          documentBody(stream, () => clearTimeout(timer)),
          { status: routerContext.statusCode, headers },
        ),
      );
    }
  });
}

/**
 * React's output as a web stream, one chunk per batch: React writes a page in small pieces and calls flush()
 * after each batch (the shell, then each boundary that resolves), so a chunk is what should reach the visitor
 * at once (the adapter flushes compression after each). Cancelling the body aborts the render.
 */
function documentBody(stream: PipeableStream, done: () => void): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pending: Buffer[] = [];
  let open = true;
  const send = () => {
    if (!pending.length || !open) return;
    controller.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
    pending = [];
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      // React reuses nothing it has written (each piece is a fresh view), so keeping it until the flush is safe.
      pending.push(chunk);
      callback();
    },
    final(callback) {
      send();
      done();
      if (open) controller.close();
      open = false;
      callback();
    },
    destroy(error, callback) {
      done();
      if (open && error) controller.error(error);
      open = false;
      callback(error);
    },
  });
  Object.assign(sink, { flush: send });
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
      done();
      stream.abort();
    },
  });
  stream.pipe(sink);
  return body;
}

/**
 * A loader that failed because the upstream did is not a bug of ours: its error becomes a route error
 * response with the failure's status (so the error page, the status code and the hydration data agree), and
 * the page answers that status unless a real bug failed it as well.
 */
function reportUpstreamFailures(context: StaticHandlerContext): (UpstreamFailure & { error: unknown }) | null {
  let first: (UpstreamFailure & { error: unknown }) | null = null;
  for (const [routeId, error] of Object.entries(context.errors ?? {})) {
    const failure = upstreamFailure(error);
    if (!failure) continue;
    first ??= { ...failure, error };
    context.errors![routeId] = new ErrorResponseImpl(failure.status, statusTexts[failure.status], null);
  }
  // A bug met in the same render keeps its 500: that is what needs fixing, and no kept copy hides it.
  const bug = Object.values(context.errors ?? {}).some((error) => !isRouteErrorResponse(error) || error.status === 500);
  if (!first || bug) return null;
  context.statusCode = first.status;
  return first;
}

const statusTexts = { 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout" } as const;
