// The whole HTML document, rendered by React on the server. The browser hydrates only #root, so the
// document's own tags (asset links, the data script) are never compared during hydration.
import type { ReactNode } from "react";
import { htmlLang, type Language } from "../shared/languages.ts";
import { serializeForScript } from "../shared/text/html.ts";
import type { AppContext } from "./app-context.ts";

export interface DocumentAssets {
  /** The client entry module (bootstrapped by React with the nonce). */
  entry: string | null;
  styles: string[];
  preloads: string[];
  /** Development only: inline module code run before the entry (the React refresh preamble). */
  devPreamble?: string | undefined;
  devScripts?: string[] | undefined;
}

export function Document({
  language,
  nonce,
  assets,
  appContext,
  hydrationData,
  usedResources,
  children,
}: {
  language: Language;
  nonce: string;
  assets: DocumentAssets;
  appContext: AppContext;
  hydrationData: unknown;
  /** The UI strings this page used, known only once the page has rendered (client/runtime/namespaces.ts). */
  usedResources?: () => AppContext["resources"];
  children: ReactNode;
}) {
  return (
    <html lang={htmlLang[language]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d91" />
        <meta name="format-detection" content="telephone=no" />
        {/* The ICO for browsers without SVG icons (and whatever asks /favicon.ico), the PNG for iOS home screens;
            scripts/make-icons.ts makes both from favicon.svg. */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* Low priority: on a slow link the stylesheets and the page's images come first (first paint from
            1.8 s to 1.2 s in Lighthouse's mobile run); the modules still load in parallel before hydration. */}
        {assets.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Vite's React refresh preamble, in development only; our own constant text. */}
        {assets.devPreamble ? <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: assets.devPreamble }} /> : null}
        {assets.devScripts?.map((src) => (
          <script key={src} type="module" src={src} nonce={nonce} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <DataScript nonce={nonce} appContext={appContext} hydrationData={hydrationData} usedResources={usedResources} />
      </body>
    </html>
  );
}

// A page's UI strings are the same for every page of its language that uses the same namespaces, and the
// server's resources do not change while it runs: each such set is serialised once (it was a quarter of
// the embedded data, and serialising the data the largest cost of a render after React's own).
const serializedStrings = new Map<string, string>();

function serializeStrings(language: string, resources: AppContext["resources"]): string {
  const key = `${language}|${Object.keys(resources).sort().join(",")}`;
  let json = serializedStrings.get(key);
  if (json === undefined) {
    json = serializeForScript(resources);
    if (serializedStrings.size < 1000) serializedStrings.set(key, json);
  }
  return json;
}

// A route's loader data that is the very same object on every request (the layout's menus and product
// tree: client/layouts/layout-data.ts keeps one per cached upstream answer) is serialised once; it was
// three fifths of every page's embedded data. Loader data is never changed after its loader returned.
const serializedLoaderData = new WeakMap<object, string>();

function serializeLoaderData(value: unknown): string {
  if (value === null || typeof value !== "object") return serializeForScript(value);
  let json = serializedLoaderData.get(value);
  if (json === undefined) {
    json = serializeForScript(value);
    serializedLoaderData.set(value, json);
  }
  return json;
}

/** The router state as serializeForScript would write it, each route's loader data through the cache above. */
function serializeHydrationData(hydrationData: unknown): string {
  const { loaderData, ...rest } = (hydrationData ?? {}) as { loaderData?: Record<string, unknown> };
  if (!loaderData) return serializeForScript(hydrationData);
  const entries = Object.entries(loaderData).map(([routeId, value]) => `${serializeForScript(routeId)}:${serializeLoaderData(value)}`);
  const head = serializeForScript(rest);
  return `{"loaderData":{${entries.join(",")}}${head === "{}" ? "" : `,${head.slice(1, -1)}`}}`;
}

/** The data script, after #root: React renders it after the page, when the namespaces it used are known. */
function DataScript({
  nonce,
  appContext: context,
  hydrationData,
  usedResources,
}: {
  nonce: string;
  appContext: AppContext;
  hydrationData: unknown;
  usedResources: (() => AppContext["resources"]) | undefined;
}) {
  const { resources, ...rest } = usedResources ? { ...context, resources: usedResources() } : context;
  const head = serializeForScript(rest);
  const app = `${head.slice(0, -1)}${head === "{}" ? "" : ","}"resources":${serializeStrings(context.language, resources)}}`;
  // zod builds object parsers with `new Function` when it may, and finds out by trying: under the CSP
  // (no 'unsafe-eval') that probe is a securitypolicyviolation on every page. zod reads this global
  // config when it loads, which is after this classic script (module scripts run last).
  const data = `window.__APP__=${app};window.__staticRouterHydrationData=${serializeHydrationData(hydrationData)};globalThis.__zod_globalConfig={jitless:true};`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the hydration data, every value escaped by serializeForScript (docs/decisions/005-lean-hydration-data.md).
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: data }} />;
}
