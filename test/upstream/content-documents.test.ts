// Contract tests of the document calls: by page with filters, by id, the PDF download (a structurally
// valid file), and the download form (its requests on each store: docs/decisions/044-store-interface-and-postgresql.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDownloadRecord, callPath, documentTypes, errorEnvelope, queryAttachInfo, queryAttachPage, type DocumentMeta } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { downloadConsent } from "../../shared/forms/consent.ts";
import { body, callFails, callOk, checkPdfStructure, provider } from "./content-helpers.ts";
import { storeKinds, storeRows } from "./stores.ts";

let upstream: TestUpstream;
let all: DocumentMeta[];

beforeAll(async () => {
  upstream = await startTestUpstream();
  all = (await callOk(upstream, queryAttachPage, "en", { pageSize: 100 })).data.list;
});
afterAll(() => upstream.cleanup());

describe("queryAttachPage", () => {
  it("lists documents newest first with per-type counts", async () => {
    const { data } = await callOk(upstream, queryAttachPage, "en", { pageSize: 100 });
    expect(data.total).toBeGreaterThan(0);
    const dates = data.list.map((document: DocumentMeta) => document.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Object.values(data.typeCounts as Record<string, number>).reduce((sum, n) => sum + n, 0)).toBe(data.total);
  });

  it("filters by type, product and keyword, in both languages", async () => {
    for (const type of documentTypes) {
      const { data } = await callOk(upstream, queryAttachPage, "zh", { type });
      for (const document of data.list as DocumentMeta[]) expect(document.type).toBe(type);
      expect(data.total).toBe(data.typeCounts[type]);
    }
    const linked = all.find((document) => document.products.length > 0);
    expect(linked).toBeDefined();
    const product = linked!.products[0]!;
    for (const filter of [{ productId: product.id }, { partNumber: product.partNumber.toLowerCase() }]) {
      const { data } = await callOk(upstream, queryAttachPage, "en", filter);
      expect(data.list.some((document: DocumentMeta) => document.id === linked!.id)).toBe(true);
      for (const document of data.list as DocumentMeta[]) expect(document.products.map((p) => p.id)).toContain(product.id);
    }
    const word = all[0]!.title.split(/\s+/)[0]!;
    const { data } = await callOk(upstream, queryAttachPage, "en", { keyword: word });
    expect(data.list.some((document: DocumentMeta) => document.id === all[0]!.id)).toBe(true);
  });

  it("refuses bad input", async () => {
    await callFails(upstream, queryAttachPage, 400, "E40000002", body("en", { type: "manual" }));
    await callFails(upstream, queryAttachPage, 400, "E40000002", body("en", { pageSize: 1000 }));
    await callFails(upstream, queryAttachPage, 400, "E40000003", body("en", { sort: "date" }));
  });
});

describe("queryAttachInfo", () => {
  it("answers one document, localised", async () => {
    const id = all[0]!.id;
    const en = (await callOk(upstream, queryAttachInfo, "en", { id })).data;
    const zh = (await callOk(upstream, queryAttachInfo, "zh", { id })).data;
    expect(en).toEqual(all[0]);
    expect(zh.id).toBe(id);
    expect(zh.fileName).toBe(en.fileName);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    await callFails(upstream, queryAttachInfo, 404, "E40030005", body("en", { id: "no-such-document" }));
    await callFails(upstream, queryAttachInfo, 400, "E40000002", body("en", { id: "../etc/passwd" }));
    await callFails(upstream, queryAttachInfo, 400, "E40000002", body("en", {}));
  });
});

describe("PDF download", () => {
  it("serves every document as a valid PDF attachment", async () => {
    for (const document of all) {
      const response = await fetch(upstream.url + document.downloadPath);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${document.fileName}"`);
      expect(document.fileName).toMatch(/^[A-Za-z0-9.-]+\.pdf$/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(document.fileSize);
      expect(checkPdfStructure(bytes)).toBe(5 + 2 * document.pageCount);
    }
  });

  it("puts long documents on several pages", () => {
    expect(all.some((document) => document.pageCount > 1)).toBe(true);
  });

  it("answers 304 to a matching If-None-Match and 404 with the envelope for unknown ids", async () => {
    const first = await fetch(upstream.url + all[0]!.downloadPath);
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const again = await fetch(upstream.url + all[0]!.downloadPath, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const missing = await upstream.get("/front/attach/download/no-such-document?language=zh");
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ success: false, code: "E40030005", data: null, message: "未找到该文档" });
  });
});

describe.each(storeKinds)("addDownloadRecord on %s", (store) => {
  let upstream: TestUpstream;
  let clock = Date.parse("2026-11-20T02:00:00Z");
  beforeAll(async () => {
    upstream = await startTestUpstream({ now: () => clock, store });
  });
  afterAll(() => upstream.cleanup());

  const form = () => ({
    attachId: all[0]!.id,
    name: "王工",
    phone: "+86 139-1234-5678",
    email: "Wang.Gong@Example.com",
    company: "苏州某电驱科技有限公司",
    position: "硬件工程师",
    productDemand: "1200 V SiC MOSFET，主驱逆变器，年用量 5 万只",
  });

  it("stores the form, committed before the answer", async () => {
    const { data } = await callOk(upstream, addDownloadRecord, "zh", form());
    expect(data.downloadPath).toBe(all[0]!.downloadPath);
    const [row] = await storeRows<Record<string, unknown>>(upstream, "SELECT * FROM download_records WHERE id = ?", [data.id]);
    expect(row).toMatchObject({ document_id: all[0]!.id, name: "王工", phone: "13912345678", email: "wang.gong@example.com", language: "zh" });
  });

  it("records the consent the form showed: what was agreed, to which policy version, when", async () => {
    const { data } = await callOk(upstream, addDownloadRecord, "en", { ...form(), consent: { policyVersion: downloadConsent.policyVersion } });
    const [row] = await storeRows<Record<string, unknown>>(upstream, "SELECT consent_text, policy_version, consented_at, created_at FROM download_records WHERE id = ?", [
      data.id,
    ]);
    expect(row).toMatchObject({ consent_text: downloadConsent.text.en, policy_version: "2026-06-01", consented_at: clock, created_at: clock });
    // Without a consent, none is recorded.
    const { data: plain } = await callOk(upstream, addDownloadRecord, "en", form());
    const [without] = await storeRows(upstream, "SELECT consent_text, policy_version, consented_at FROM download_records WHERE id = ?", [plain.id]);
    expect(without).toEqual({ consent_text: null, policy_version: null, consented_at: null });
    // Another version than the one in force is not a consent to this one.
    await callFails(upstream, addDownloadRecord, 400, "E40000002", body("en", { ...form(), consent: { policyVersion: "2020-01-01" } }));
  });

  it("checks every field with its own message", async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ phone: "12345" }, 400, "E40021001"],
      [{ email: "not-an-email" }, 400, "E40021002"],
      [{ name: "  " }, 400, "E40022009"],
      [{ name: "<b>x</b>" }, 400, "E40022009"],
      [{ company: " " }, 400, "E40022011"],
      [{ position: "" }, 400, "E40022012"],
      [{ productDemand: "" }, 400, "E40030010"],
      [{ attachId: "no-such-document" }, 404, "E40030005"],
      [{ name: "x".repeat(51) }, 400, "E40000002"],
      [{ productDemand: "x".repeat(501) }, 400, "E40000002"],
      [{ wechat: "abc" }, 400, "E40000003"],
    ];
    for (const [change, status, code] of cases) {
      await callFails(upstream, addDownloadRecord, status, code as never, body("en", { ...form(), ...change }));
    }
    const { email: _email, ...withoutEmail } = form();
    await callFails(upstream, addDownloadRecord, 400, "E40000002", body("en", withoutEmail));
    const english = await callFails(upstream, addDownloadRecord, 400, "E40021001", body("en", { ...form(), phone: "1" }));
    expect(english.message).toBe("please enter a valid mobile number");
  });

  it("limits one client to 30 requests an hour (429 with Retry-After)", async () => {
    clock += 2 * 60 * 60 * 1000;
    const path = callPath(addDownloadRecord, provider);
    for (let i = 0; i < 30; i++) expect((await upstream.post(path, body("en", form()))).status).toBe(200);
    const refused = await upstream.post(path, body("en", form()));
    expect(refused.status).toBe(429);
    expect(errorEnvelope.parse(refused.json).code).toBe("E42900001");
    // The hour ends when the oldest of the 30 is an hour old.
    clock += 10 * 60 * 1000;
    expect(Number((await upstream.post(path, body("en", form()))).headers.get("retry-after"))).toBe(50 * 60);
    clock += 50 * 60 * 1000 + 1;
    expect((await upstream.post(path, body("en", form()))).status).toBe(200);
  });
});
