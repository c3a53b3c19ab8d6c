// Contract tests of a document's revision history (docs/decisions/040-document-revisions.md): newest first in the
// request's language, each revision at its permanent URL, a moved id answering under its new one, an unknown 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachRevisionPath, queryAttachHistory } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callFails, callOk } from "./content-helpers.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

describe("queryAttachHistory", () => {
  it("lists the revisions newest first, the first the current one, in the request's language", async () => {
    const zh = (await callOk(upstream, queryAttachHistory, "zh", { id: "ds-qcm040120k4" })).data;
    const en = (await callOk(upstream, queryAttachHistory, "en", { id: "ds-qcm040120k4" })).data;
    expect(zh.revisions.map((entry: { revision: string }) => entry.revision)).toEqual(["1.1", "1.0"]);
    expect(zh.revisions[0].revision).toBe(zh.document.version);
    expect(zh.revisions[1]).toEqual({ revision: "1.0", date: "2024-06-03", changes: ["首次发布。"], downloadPath: attachRevisionPath("ds-qcm040120k4", "1.0") });
    expect(en.revisions[1].changes).toEqual(["First release."]);
  });

  it("answers a moved id with the document under its new id", async () => {
    const { data } = await callOk(upstream, queryAttachHistory, "en", { id: "an-to247-4-layout" });
    expect(data.document.id).toBe("an-kelvin-source-layout");
    expect(data.revisions[0].downloadPath).toBe(attachRevisionPath("an-kelvin-source-layout", data.document.version));
  });

  it("refuses an unknown document with a 404", async () => {
    await callFails(upstream, queryAttachHistory, 404, "E40030005", { language: "en", sitePageDataType: 1, websiteCode: "qingyun", id: "no-such-document" });
  });
});
