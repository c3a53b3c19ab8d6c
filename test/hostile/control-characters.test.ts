// Text with control characters (a NUL from `?text=igbt%00`, C0, DEL, C1) in every call that searches: the
// site search (FTS5) and the keyword filters (LIKE) answer a valid result, never a server error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryAttachPage, queryRecruitmentByPage, querySiteListDataByPage, searchSite } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { callOk } from "../upstream/content-helpers.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

const hostileTexts = ["\0", "igbt\0", "\0igbt", "ig\0bt", "\u0001\u0002\u001f", "igbt\u007f", "igbt\u0085", '"\0', "碳\0化硅", "\0\0 \0", "*\0)", "\uD800igbt"];

describe("control characters in search text", () => {
  it("count as spaces: `igbt<NUL>` finds what `igbt` finds", async () => {
    const plain = (await callOk(upstream, searchSite, "en", { text: "IGBT" })).data;
    expect(plain.total).toBeGreaterThan(0);
    const withNul = (await callOk(upstream, searchSite, "en", { text: "IGBT\0" })).data;
    expect(withNul.total).toBe(plain.total);
    expect(withNul.text).toBe("IGBT");
  });

  it("never fail the site search, in either language and either matching mode", async () => {
    for (const language of ["zh", "en"] as const) {
      for (const text of hostileTexts) {
        const { data } = await callOk(upstream, searchSite, language, { text });
        expect(data.total, JSON.stringify(text)).toBeGreaterThanOrEqual(0);
      }
    }
    // Nothing but control characters: an empty result, not an error.
    const { data } = await callOk(upstream, searchSite, "en", { text: "\0\u0001" });
    expect(data).toMatchObject({ total: 0, list: [], text: "" });
  });

  it("never fail the keyword filters of products, jobs and documents", async () => {
    for (const keyword of hostileTexts) {
      await callOk(upstream, querySiteListDataByPage, "en", { siteListId: 110, keyword });
      await callOk(upstream, queryRecruitmentByPage, "zh", { keyword });
      await callOk(upstream, queryAttachPage, "en", { keyword });
    }
  });
});
