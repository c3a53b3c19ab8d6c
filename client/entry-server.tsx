// Server entry: runs the matched loaders through one static handler, then streams the whole document.
// People get the shell as soon as it is ready; crawlers wait for everything (onAllReady).
import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
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
import type { Language } from "../shared/languages.ts";
import { isLogin } from "../shared/contract/index.ts";
import { routes, type RouteHandle } from "./routes.tsx";
import { Document, type DocumentAssets } from "./document.tsx";
import { AppProviders, createAppStore } from "./providers.tsx";
import { hydrationData } from "./runtime/hydration.ts";
import { pickNamespaces, trackNamespaces } from "./runtime/namespaces.ts";
import type { AppContext } from "./app-context.ts";
import type { ServerLoaderContext } from "./api/loader-context.ts";
import { createPageClient, type CallCache } from "./api/page-client.ts";
import { upstreamFailure, type UpstreamFailure } from "./api/upstream-failure.ts";
import { preloadIslands } from "./runtime/island.tsx";
import { memoizePlainKeys } from "./runtime/i18n-memo.ts";
import { FragmentCacheContext } from "./runtime/fragments.ts";
import { createFragmentCache } from "./runtime/fragment-cache.tsx";
import { I18nProvider } from "./runtime/i18n-react.tsx";

const handler = createStaticHandler(routes);

export interface RenderInput {
  request: Request;
  language: Language;
  i18n: i18n;
  nonce: string;
  isBot: boolean;
  appContext: AppContext;
  /** Where the loaders reach the upstream: its URL and the visitor's cookie, forwarded as is. */
  upstream: {
    base: string;
    cookie: string;
    signal: AbortSignal;
    /** The page's deadline: past it, no loader waits for the upstream any longer (the visitor gets a
     * kept copy or the error page). */
    timeoutMs: number;
    onSetCookie?: (lines: string[]) => void;
    /** The visitor's address (Express req.ip, trust proxy applied), for the upstream's per-client limits. */
    forwardedFor?: string | undefined;
    /** The server's fetch (it notes the content version and failures) and, for anonymous visitors outside
     * preview only, the shared cache of public reads. */
    fetch?: typeof fetch;
    cache?: CallCache | undefined;
  };
  /** Asset URLs for the source modules of the matched routes. */
  assets: (modules: string[]) => DocumentAssets;
  timeoutMs: number;
  onError: (error: unknown) => void;
}

export type RenderOutput =
  | { kind: "response"; response: Response }
  | {
      kind: "document";
      statusCode: number;
      /** Set when the page failed because the upstream did (statusCode is then its 502, 503 or 504). */
      upstreamFailure?: UpstreamFailure & { error: unknown };
      pipe: (destination: Writable) => void;
      abort: () => void;
    };

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
      : `/${matches.map((match) => match.route.path ?? "").filter(Boolean).join("/")}`.replace(/\/{2,}/g, "/");
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

export async function render(input: RenderInput): Promise<RenderOutput> {
  // One deadline for the whole page, not one per call: a hung upstream must not hang the page, and a page
  // making several calls in turn must not wait several timeouts.
  const deadline = AbortSignal.timeout(input.upstream.timeoutMs);
  // The page client is built here, inside the bundle, so loaders and the client share one module
  // (an ApiCallError from it is the ApiCallError the loaders test for).
  const loaderContext: ServerLoaderContext = {
    api: (language) =>
      createPageClient({
        base: input.upstream.base,
        provider: input.appContext.provider,
        websiteCode: input.appContext.websiteCode,
        language,
        preview: input.appContext.previewUntil !== null,
        cookie: input.upstream.cookie,
        onSetCookie: input.upstream.onSetCookie,
        forwardedFor: input.upstream.forwardedFor,
        fetch: input.upstream.fetch,
        cache: input.upstream.cache,
        signal: AbortSignal.any([input.upstream.signal, deadline]),
      }),
  };
  // Who is signed in, asked beside the loaders and only with a session cookie (such pages are never cached):
  // the header is rendered with the user menu, so it is right without JavaScript and before hydration.
  const user = input.appContext.hasSession
    ? loaderContext.api(input.language).call(isLogin).catch(() => null)
    : Promise.resolve(null);
  const result = await handler.query(input.request, { requestContext: loaderContext });
  if (result instanceof Response) return { kind: "response", response: result };
  const context = result;
  const failure = reportUpstreamFailures(context);
  for (const error of Object.values(context.errors ?? {})) {
    if (!(error && typeof error === "object" && "status" in error && "internal" in error)) input.onError(error);
  }
  // Every island of the matched routes is loaded before rendering: the HTML holds them whole (island.tsx).
  await preloadIslands();
  const router = createStaticRouter(handler.dataRoutes, context);
  const modules = context.matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.module)
    .filter((module): module is string => !!module);
  const assets = input.assets(modules);
  const appContext: AppContext = { ...input.appContext, user: await user };
  const store = createAppStore(appContext);
  // Only the UI strings this page uses travel in its HTML; the browser loads the rest later.
  memoizePlainKeys(input.i18n);
  const usedNamespaces = trackNamespaces(input.i18n);
  const fragments = createFragmentCache((node) => <I18nProvider i18n={input.i18n}>{node}</I18nProvider>);

  return new Promise<RenderOutput>((resolve, reject) => {
    let settled = false;
    const stream = renderToPipeableStream(
      <Document language={input.language} nonce={input.nonce} assets={assets} appContext={appContext} hydrationData={hydrationData(context)}
        usedResources={() => pickNamespaces(input.appContext.resources, usedNamespaces)}
      >
        <AppProviders i18n={input.i18n} store={store}>
          <FragmentCacheContext value={fragments}>
            <StaticRouterProvider router={router} context={context} hydrate={false} nonce={input.nonce} />
          </FragmentCacheContext>
        </AppProviders>
      </Document>,
      {
        nonce: input.nonce,
        // Complete boundaries (islands, the page) go out in place, whatever their size: by default React moves
        // a large one to the end of the stream behind a script that swaps it in, which crawlers and visitors
        // without JavaScript would get as hidden markup.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        bootstrapModules: assets.entry ? [assets.entry] : [],
        onShellReady() {
          if (!input.isBot) ready();
        },
        onAllReady() {
          if (input.isBot) ready();
        },
        onShellError(error) {
          clearTimeout(timer);
          if (!settled) {
            settled = true;
            reject(error);
          }
        },
        onError(error) {
          input.onError(error);
        },
      },
    );
    // A render that hangs (a stuck lazy module) is cut off so the connection does not stay open forever.
    const timer = setTimeout(() => stream.abort(new Error(`Render timed out after ${input.timeoutMs} ms`)), input.timeoutMs);
    function ready() {
      if (settled) return;
      settled = true;
      resolve({
        kind: "document",
        statusCode: context.statusCode,
        ...(failure ? { upstreamFailure: failure } : {}),
        pipe(destination) {
          destination.on("close", () => clearTimeout(timer));
          destination.on("finish", () => clearTimeout(timer));
          stream.pipe(destination);
        },
        abort() {
          clearTimeout(timer);
          stream.abort();
        },
      });
    }
  });
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
