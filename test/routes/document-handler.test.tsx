// The document handler alone (client/entry-server.tsx, docs/decisions/018-fetch-document-handler.md): a Fetch
// Request in, a Fetch Response out — status, headers and the streamed HTML — with no HTTP server of the site.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { i18n } from "i18next";
import { handleRequest, type DocumentContext } from "../../client/entry-server.tsx";
import { createServerI18n, loadResources } from "../../server/http/i18n.ts";
import { noAssets } from "../../server/pages/assets.ts";
import type { Language } from "../../shared/languages.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { expectLoaderFailureWarnings } from "../helpers/console.ts";

let upstream: TestUpstream;
let server: i18n;
const resources = loadResources();

beforeAll(async () => {
  upstream = await startTestUpstream();
  server = await createServerI18n(resources);
});
afterAll(() => upstream.cleanup());

async function context(language: Language, overrides: Partial<DocumentContext> = {}): Promise<DocumentContext & { errors: unknown[] }> {
  // What i18next-http-middleware gives each request: its own instance in the request's language.
  const instance = server.cloneInstance({ initAsync: false });
  await instance.changeLanguage(language);
  const errors: unknown[] = [];
  return {
    site: { resources, websiteCode: "qingyun", provider: "qingyun", publicOrigin: "http://localhost:3000", assets: () => noAssets(), renderTimeoutMs: 10_000 },
    language,
    i18n: instance,
    nonce: "test-nonce",
    isBot: false,
    previewUntil: null,
    hasSession: false,
    pageClient: { base: upstream.url, timeoutMs: 5_000 },
    onError: (error) => errors.push(error),
    errors,
    ...overrides,
  };
}

describe("handleRequest", () => {
  it("answers a page with the router's status, its language and the whole document, every script nonced", async () => {
    const response = await handleRequest(new Request("http://localhost:3000/zh/about/us"), await context("zh"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-language")).toBe("zh-CN");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="zh-CN"/);
    expect(html).toContain("</html>");
    // Data blocks (JSON-LD) run nothing; every script that runs carries the response's nonce.
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain('nonce="test-nonce"');
  });

  it("answers an unknown path with the 404 page in the path's language", async () => {
    const response = await handleRequest(new Request("http://localhost:3000/en/no/such/page"), await context("en"));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-language")).toBe("en-US");
    expect(await response.text()).toMatch(/<html lang="en-US"/);
  });

  it("gives a crawler the whole document in one piece, the same page a person gets", async () => {
    const bot = await handleRequest(new Request("http://localhost:3000/en/news"), await context("en", { isBot: true }));
    const person = await handleRequest(new Request("http://localhost:3000/en/news"), await context("en"));
    const chunks: Uint8Array[] = [];
    for await (const chunk of bot.body!) chunks.push(chunk);
    // onAllReady: nothing was left to stream after the first batch.
    expect(chunks).toHaveLength(1);
    expect(Buffer.concat(chunks).toString("utf8").length).toBe((await person.text()).length);
  });

  it("answers an upstream failure with its status and reports it, not as a bug", async () => {
    expectLoaderFailureWarnings();
    const failures: unknown[] = [];
    const ctx = await context("zh", { pageClient: { base: "http://127.0.0.1:9", timeoutMs: 2_000 }, onUpstreamFailure: (failure) => failures.push(failure) });
    const response = await handleRequest(new Request("http://localhost:3000/zh/news"), ctx);
    expect(response.status).toBeGreaterThanOrEqual(502);
    expect(failures).toHaveLength(1);
    expect(await response.text()).toMatch(/<html lang="zh-CN"/);
  });

  it("stops the render when the body is cancelled (the visitor left)", async () => {
    const response = await handleRequest(new Request("http://localhost:3000/zh"), await context("zh"));
    await response.body!.cancel();
    expect(response.bodyUsed).toBe(true);
  });
});
