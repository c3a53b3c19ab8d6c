// The document handler alone (client/entry-server.tsx, docs/decisions/018-fetch-document-handler.md): a Fetch
// Request in, a Fetch Response out — status, headers and the streamed HTML — with the test's own routes, so no
// HTTP server of the site and no upstream at all. What went wrong comes back in the result, not through callbacks.
import { Suspense, use } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import type { i18n } from "i18next";
import { redirect, useLoaderData, type RouteObject } from "react-router-dom";
import { createDocumentHandler, type DocumentContext } from "../../client/entry-server.tsx";
import { ApiCallError } from "../../client/api/page-client.ts";
import { createServerI18n, loadResources } from "../../server/http/i18n.ts";
import { noAssets } from "../../server/pages/assets.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import type { Language } from "../../shared/languages.ts";

let server: i18n;
const resources = loadResources();
const origin = "http://localhost:3000";

beforeAll(async () => {
  server = await createServerI18n(resources);
});

/** Per render (keyed by its loader data), a part that resolves after a while: it streams after the shell. */
const lateParts = new WeakMap<object, Promise<string>>();
function pageLoader(text: string) {
  return () => {
    const data = { text };
    lateParts.set(data, new Promise((resolve) => setTimeout(() => resolve("streamed later"), 50)));
    return data;
  };
}

function Late() {
  return <p>{use(lateParts.get(useLoaderData() as object)!)}</p>;
}

function Broken(): never {
  throw new Error("a component's bug");
}

function Page() {
  const { text } = useLoaderData() as { text: string };
  return (
    <main>
      <h1>{text}</h1>
      <Suspense fallback={<p>waiting</p>}>
        <Late />
      </Suspense>
    </main>
  );
}

function ErrorBoundary() {
  return <p>route error</p>;
}

const routes: RouteObject[] = [
  { id: "page___zh", path: "/zh/page", loader: pageLoader("页面"), Component: Page, ErrorBoundary },
  { id: "page___en", path: "/en/page", loader: pageLoader("page"), Component: Page, ErrorBoundary },
  {
    id: "moved___en",
    path: "/en/moved",
    loader: () => {
      throw redirect("/en/page", 301);
    },
  },
  {
    id: "down___en",
    path: "/en/down",
    loader: () => {
      throw new ApiCallError("NETWORK", 0, "connection refused");
    },
    Component: Page,
    ErrorBoundary,
  },
  {
    id: "bug___en",
    path: "/en/bug",
    loader: () => {
      throw new Error("a loader's bug");
    },
    Component: Page,
    ErrorBoundary,
  },
  {
    id: "broken___en",
    path: "/en/broken",
    Component: () => (
      <Suspense fallback={<p>waiting</p>}>
        <Broken />
      </Suspense>
    ),
    ErrorBoundary,
  },
  { id: "missing___en", path: "*", loader: () => Promise.reject(new Response(null, { status: 404 })), Component: Page, ErrorBoundary },
];
const handle = createDocumentHandler(routes);

/** Every call the page client makes goes here: the test's boundary in place of the upstream. */
function recordingFetch() {
  const calls: string[] = [];
  const fetchImpl = async (input: RequestInfo | URL) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return Response.json({ success: true, code: "00000000", message: "ok", data: false });
  };
  return { calls, fetch: fetchImpl as typeof fetch };
}

async function context(language: Language, overrides: Partial<DocumentContext> = {}): Promise<DocumentContext> {
  // What i18next-http-middleware gives each request: its own instance in the request's language.
  const instance = server.cloneInstance({ initAsync: false });
  await instance.changeLanguage(language);
  return {
    site: { resources, websiteCode: "qingyun", provider: "qingyun", publicOrigin: origin, assets: () => noAssets(), renderTimeoutMs: 10_000 },
    language,
    i18n: instance,
    nonce: "test-nonce",
    previewUntil: null,
    // Nothing listens on port 9: a call that escaped the test's fetch would fail loudly.
    pageClient: { base: "http://127.0.0.1:9", timeoutMs: 2_000, fetch: recordingFetch().fetch },
    ...overrides,
  };
}

async function chunksOf(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk).toString("utf8"));
  return chunks;
}

describe("handleRequest with the test's routes and no upstream", () => {
  it("answers a page with the router's status, its language and the whole document, every script nonced", async () => {
    const result = await handle(new Request(`${origin}/zh/page`), await context("zh"));
    expect(result.upstreamFailure).toBeNull();
    const { response } = result;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-language")).toBe("zh-CN");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="zh-CN"/);
    expect(html).toContain("<h1>页面</h1>");
    expect(html).toContain("streamed later");
    expect(html).toContain("</html>");
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain('nonce="test-nonce"');
    expect(await result.errors).toEqual([]);
  });

  it("answers an unmatched path with the router's 404 in the path's language", async () => {
    const { response } = await handle(new Request(`${origin}/en/no/such/page`), await context("en"));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-language")).toBe("en-US");
    expect(await response.text()).toContain("route error");
  });

  it("tells a crawler from its User-Agent and gives it the whole document in one piece, a person the shell first", async () => {
    const bot = await handle(
      new Request(`${origin}/en/page`, { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } }),
      await context("en"),
    );
    const person = await handle(
      new Request(`${origin}/en/page`, {
        headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36" },
      }),
      await context("en"),
    );
    const botChunks = await chunksOf(bot.response.body!);
    const personChunks = await chunksOf(person.response.body!);
    // onAllReady: nothing was left to stream after the first batch; the person's shell came before the late part.
    expect(botChunks).toHaveLength(1);
    expect(botChunks[0]).toContain("streamed later");
    expect(personChunks.length).toBeGreaterThan(1);
    expect(personChunks[0]).not.toContain("streamed later");
    expect(personChunks.join("")).toContain("streamed later");
  });

  it("asks who is signed in only when the Request carries a session cookie", async () => {
    const anonymous = recordingFetch();
    await (
      await handle(new Request(`${origin}/en/page`), await context("en", { pageClient: { base: "http://127.0.0.1:9", timeoutMs: 2_000, fetch: anonymous.fetch } }))
    ).response.text();
    expect(anonymous.calls).toEqual([]);
    const signedIn = recordingFetch();
    const request = new Request(`${origin}/en/page`, { headers: { Cookie: `lang=en; ${sessionCookie}=abc` } });
    await (await handle(request, await context("en", { pageClient: { base: "http://127.0.0.1:9", timeoutMs: 2_000, fetch: signedIn.fetch } }))).response.text();
    expect(signedIn.calls.some((url) => url.includes("isLogin"))).toBe(true);
  });

  it("returns a loader's redirect as it is, with no render", async () => {
    const result = await handle(new Request(`${origin}/en/moved`), await context("en"));
    expect([result.response.status, result.response.headers.get("location")]).toEqual([301, "/en/page"]);
    expect(await result.errors).toEqual([]);
  });

  it("answers an upstream failure with its status and returns it as the failure, not as a bug", async () => {
    const result = await handle(new Request(`${origin}/en/down`), await context("en"));
    expect(result.response.status).toBe(502);
    expect(result.upstreamFailure?.status).toBe(502);
    expect(result.upstreamFailure?.error).toBeInstanceOf(ApiCallError);
    expect(await result.response.text()).toContain("route error");
    expect(await result.errors).toEqual([]);
  });

  it("returns a loader's bug in the errors, with a 500", async () => {
    const result = await handle(new Request(`${origin}/en/bug`), await context("en"));
    expect(result.response.status).toBe(500);
    expect(result.upstreamFailure).toBeNull();
    await result.response.text();
    expect((await result.errors).map((error) => (error as Error).message)).toEqual(["a loader's bug"]);
  });

  it("returns a component's error met while streaming once the body has ended", async () => {
    const result = await handle(new Request(`${origin}/en/broken`), await context("en"));
    expect(result.response.status).toBe(200);
    await result.response.text();
    expect((await result.errors).map((error) => (error as Error).message)).toEqual(["a component's bug"]);
  });

  it("stops the render when the body is cancelled (the visitor left), and the result says when it is over", async () => {
    const result = await handle(new Request(`${origin}/zh/page`), await context("zh"));
    await result.response.body!.cancel();
    expect(result.response.bodyUsed).toBe(true);
    // Settled although the body was never read to its end (a render left hanging would time this test out).
    await expect(result.errors).resolves.toBeInstanceOf(Array);
  });
});
