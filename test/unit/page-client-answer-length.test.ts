// The server's cache of upstream answers counts each in bytes by the text it came as (answerLength), instead of
// serializing every answer again; an answer that does not say falls back to its serialization.
import { describe, expect, it } from "vitest";
import { answerLength, createPageClient } from "../../client/api/page-client.ts";
import { createUpstreamCache } from "../../server/cache/upstream-cache.ts";
import { searchSite } from "../../shared/contract/index.ts";

const text = JSON.stringify({
  success: true,
  code: "0",
  message: "",
  data: { list: [], total: 0, pageIndex: 1, pageSize: 10, text: "SiC", counts: { products: 0, documents: 0, news: 0, jobs: 0, pages: 0 } },
});

describe("answerLength", () => {
  it("is the length of the text a parsed answer came as, where the cache reads it", async () => {
    const cache = createUpstreamCache({ freshMs: 60_000, staleMs: 0, maxBytes: 1_000_000, timeoutMs: 1_000 });
    const client = createPageClient({
      base: "http://upstream.test",
      provider: "qingyun",
      websiteCode: "qingyun",
      language: "en",
      preview: false,
      cookie: "",
      cache,
      fetch: async () => new Response(text, { status: 200, headers: { "content-type": "application/json" } }),
    });
    const answer = await client.request(searchSite, { text: "SiC", pageIndex: 1, pageSize: 10 });
    expect(answerLength(answer)).toBe(text.length);
    // Not a property of the answer as a page or JSON sees it.
    expect(Object.keys(answer)).not.toContain("answerLength");
    expect(JSON.stringify(answer)).not.toContain("answerLength");
    expect(answerLength({ a: 1 })).toBeUndefined();
    expect(answerLength(null)).toBeUndefined();
  });
});
