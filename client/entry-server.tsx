// Server entry: the document handler, a Fetch Request in and a Fetch Response out, in which one static handler
// runs the matched loaders and then the whole document streams (docs/decisions/018-fetch-document-handler.md).
// Its parts live in client/server/: which route a path is, React's stream as the Response's body, the upstream's
// failures as the page's status.
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter, type RouteObject } from "react-router-dom";
import type { i18n } from "i18next";
import { htmlLang, type Language } from "../shared/languages.ts";
import { hasSessionCookie } from "../shared/cookies.ts";
import { isCrawler } from "../shared/http/user-agent.ts";
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
import type { UpstreamFailure } from "./api/upstream-failure.ts";
import { preloadIslands } from "./runtime/island.tsx";
import { memoizePlainKeys } from "./runtime/i18n-memo.ts";
import { FragmentCacheContext } from "./runtime/fragments.ts";
import { createFragmentCache } from "./runtime/fragment-cache.tsx";
import { I18nProvider } from "./runtime/i18n-react.tsx";
import { documentBody } from "./server/document-body.ts";
import { reportUpstreamFailures } from "./server/upstream-failures.ts";

export { isKnownPath, routePattern } from "./server/route-patterns.ts";

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
  /** When preview mode ends (epoch ms), or null outside preview: the one fact of the request the entry cannot
   * read from it, since it takes the preview secret and the revocation list to check the cookie
   * (server/http/preview.ts). Whether the visitor is a crawler or has a session, the entry reads itself. */
  previewUntil: number | null;
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
}

/** What the document handler answers: the Response, and what went wrong making it (for the server's log and
 * its page cache), so nothing comes back through callbacks. */
export interface DocumentResult {
  response: Response;
  /** The page failed because the upstream did: its status (502, 503, 504) is the Response's. */
  upstreamFailure: (UpstreamFailure & { error: unknown }) | null;
  /** The render's errors that are bugs (a loader's, or a component's while streaming), every one of them once
   * the body has ended or was cancelled: a page with any is not kept. */
  errors: Promise<unknown[]>;
}

/** The handler for a route table: the site's (handleRequest below), or a test's own routes, which need no upstream. */
export function createDocumentHandler(routeList: RouteObject[]): (request: Request, context: DocumentContext) => Promise<DocumentResult> {
  const handler = createStaticHandler(routeList);
  return (request, context) => renderDocument(handler, request, context);
}

/**
 * The document handler: a Request in, a Response out. A redirect from a loader or action is returned as is;
 * otherwise the Response carries the router's status and the streamed `<html>` document, resolved when the
 * shell is ready (people) or when everything is (crawlers). Cancelling its body stops the render.
 */
export const handleRequest = createDocumentHandler(routes);

async function renderDocument(handler: ReturnType<typeof createStaticHandler>, request: Request, context: DocumentContext): Promise<DocumentResult> {
  const { site, language } = context;
  const isBot = isCrawler(request.headers.get("user-agent"));
  const hasSession = hasSessionCookie(request.headers.get("cookie"), site.publicOrigin);
  const errors: unknown[] = [];
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
  const user = hasSession
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
    return { response: result, upstreamFailure: null, errors: Promise.resolve(errors) };
  }
  const routerContext = result;
  const failure = reportUpstreamFailures(routerContext);
  for (const error of Object.values(routerContext.errors ?? {})) {
    if (!(error && typeof error === "object" && "status" in error && "internal" in error)) errors.push(error);
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
    hasSession,
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

  let ended!: () => void;
  const done = new Promise<unknown[]>((resolve) => {
    ended = () => resolve(errors);
  });
  return new Promise<DocumentResult>((resolve, reject) => {
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
          if (!isBot) ready();
        },
        onAllReady() {
          if (isBot) ready();
        },
        onShellError(error) {
          clearTimeout(timer);
          if (!settled) {
            settled = true;
            reject(error);
          }
        },
        onError(error) {
          errors.push(error);
        },
      },
    );
    const timer = setTimeout(() => stream.abort(new Error(`Render timed out after ${site.renderTimeoutMs} ms`)), site.renderTimeoutMs);
    function ready() {
      if (settled) return;
      settled = true;
      const body = documentBody(stream, () => {
        clearTimeout(timer);
        ended();
      });
      resolve({ response: new Response(body, { status: routerContext.statusCode, headers }), upstreamFailure: failure, errors: done });
    }
  });
}
