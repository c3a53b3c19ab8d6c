// A refused call carries the answer's Retry-After, so the login page can say how long a lock still holds.
import { describe, expect, it } from "vitest";
import { ApiCallError, createPageClient } from "../../client/api/page-client.ts";
import { authAndRegisterBySms } from "../../shared/contract/index.ts";

function clientAnswering(status: number, headers: Record<string, string>) {
  const body = { success: false, code: "E40021005", message: "Account has been locked, please try again later.", data: null };
  return createPageClient({
    base: "http://upstream.test",
    provider: "qingyun",
    websiteCode: "qingyun",
    language: "en",
    preview: false,
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } }),
  });
}

describe("ApiCallError.retryAfterSeconds", () => {
  it("is the answer's Retry-After in seconds", async () => {
    const error = await clientAnswering(429, { "retry-after": "840" })
      .call(authAndRegisterBySms, { phone: "13800138000", code: "123456" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ code: "E40021005", status: 429, retryAfterSeconds: 840 });
  });

  it("is left out when the answer has none or a date", async () => {
    const answers: Record<string, string>[] = [{}, { "retry-after": "Wed, 25 Nov 2026 04:00:00 GMT" }];
    for (const headers of answers) {
      const error = await clientAnswering(429, headers)
        .call(authAndRegisterBySms, { phone: "13800138000", code: "123456" })
        .catch((caught: unknown) => caught);
      expect((error as ApiCallError).retryAfterSeconds).toBeUndefined();
    }
  });
});
