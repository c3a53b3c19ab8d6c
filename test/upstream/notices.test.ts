// Change notices (PCN, PDN): the content file's rules, its agreement with the parts' lifecycle, and the
// calls: the list with its filters (part, family, type, year) and paging, one notice by number, an unknown
// number's 404, and the notices on an affected part's detail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callPath,
  errorEnvelope,
  queryNoticeByNumber,
  queryNoticeByPage,
  querySiteListDataByPage,
  type NoticePage,
  type ProductPage,
} from "../../shared/contract/index.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { addMonths, documentFile, lifecycleFile, noticeFile, productFile } from "../../server/upstream/content/schema.ts";
import { checkNotices } from "../../server/upstream/content/notices.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { body, callOk } from "./content-helpers.ts";

const notices = readContent("notices.json", noticeFile.array(), shippedContentDir);
const products = readContent("catalog/products.json", productFile.array(), shippedContentDir);
const lifecycle = readContent("catalog/lifecycle.json", lifecycleFile.array(), shippedContentDir);
const documents = readContent("documents.json", documentFile.array(), shippedContentDir);

describe("notices.json", () => {
  it("ships at least 6 notices of both types, each naming parts of the catalogue", () => {
    expect(notices.length).toBeGreaterThanOrEqual(6);
    expect(new Set(notices.map((notice) => notice.type))).toEqual(new Set(["change", "discontinuation"]));
    expect(() => checkNotices(notices, products, documents)).not.toThrow();
  });

  it("agrees with the lifecycle: a discontinued part is in last-time buy or obsolete with the notice's dates and replacement", () => {
    for (const notice of notices.filter((candidate) => candidate.type === "discontinuation")) {
      for (const part of notice.parts) {
        const entry = lifecycle.find((candidate) => candidate.partNumber === part)!;
        expect(["ltb", "obsolete"], part).toContain(entry.state);
        expect(entry.lastOrder, part).toBe(notice.lastOrder);
        expect(entry.lastDelivery, part).toBe(notice.lastDelivery);
        expect(notice.replacements, part).toContain(entry.replacement);
        // The last-time buy began the day the notice was issued.
        expect([entry.since, ...(entry.history ?? []).map((step) => step.since)], part).toContain(notice.issued);
      }
    }
  });

  const pcn = {
    number: "PCN-2026-101",
    type: "change",
    issued: "2026-01-05",
    parts: ["QCM040120K4"],
    title: { zh: "变更", en: "Change" },
    summary: { zh: "摘要", en: "Summary" },
    changes: { zh: ["a"], en: ["a"] },
    reason: { zh: ["b"], en: ["b"] },
    changeClass: "major",
    effective: "2026-04-05",
    responseDays: 30,
  };
  const pdn = {
    ...pcn,
    number: "PDN-2026-101",
    type: "discontinuation",
    changeClass: undefined,
    effective: undefined,
    lastOrder: "2027-01-05",
    lastDelivery: "2027-07-05",
    replacements: ["QCM020120K4"],
    responseDays: 90,
  };
  it("takes a well-formed PCN and PDN", () => {
    expect(noticeFile.safeParse(pcn).success).toBe(true);
    expect(noticeFile.safeParse(pdn).success).toBe(true);
  });
  it.each([
    ["a major change effective before 90 days", { ...pcn, effective: "2026-04-04" }],
    ["a change without its J-STD-046 class", { ...pcn, changeClass: undefined }],
    ["a PCN number on a discontinuation", { ...pdn, number: "PCN-2026-102" }],
    ["a number of another year", { ...pcn, number: "PCN-2025-101" }],
    ["a last order before 12 months", { ...pdn, lastOrder: "2027-01-04" }],
    ["a last delivery before 6 months after the last order", { ...pdn, lastDelivery: "2027-07-04" }],
    ["a discontinuation without a replacement", { ...pdn, replacements: [] }],
    ["no parts", { ...pcn, parts: [] }],
    ["a missing translation", { ...pcn, title: { zh: "变更" } }],
  ])("refuses %s", (_name, notice) => {
    expect(noticeFile.safeParse(notice).success).toBe(false);
  });
  it("refuses unknown parts and documents and a number used twice", () => {
    const valid = noticeFile.parse(pcn);
    expect(() => checkNotices([{ ...valid, parts: ["QXX1"] }], products, documents)).toThrow(/QXX1 is not a part/);
    expect(() => checkNotices([{ ...valid, qualification: "no-such-doc" }], products, documents)).toThrow(/no-such-doc is not a document/);
    expect(() => checkNotices([valid, valid], products, documents)).toThrow(/used twice/);
  });
  it("adds calendar months, clamped to the month's end", () => {
    expect(addMonths("2025-09-30", 12)).toBe("2026-09-30");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
  });
});

describe("the notice calls", () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream();
  });
  afterAll(() => upstream.cleanup());
  const list = async (language: "zh" | "en", fields: Record<string, unknown> = {}) => (await callOk(upstream, queryNoticeByPage, language, fields)).data as NoticePage;

  it("lists every notice newest first, paged, in both languages", async () => {
    const all = await list("en", { pageSize: 100 });
    expect(all.total).toBe(notices.length);
    const issued = all.list.map((notice) => notice.issued);
    expect(issued).toEqual([...issued].sort().reverse());
    expect(all.years).toEqual([...new Set(notices.map((notice) => Number(notice.issued.slice(0, 4))))].sort().reverse());
    const second = await list("en", { pageSize: 3, pageIndex: 2 });
    expect(second.list.map((notice) => notice.number)).toEqual(all.list.slice(3, 6).map((notice) => notice.number));
    const zh = await list("zh", { pageSize: 100 });
    const first = notices.find((notice) => notice.number === zh.list[0]!.number)!;
    expect(zh.list[0]!.title).toBe(first.title.zh);
    expect(all.list[0]!.title).toBe(first.title.en);
  });

  it("filters by type, year, part and family", async () => {
    const pdn = await list("en", { type: "discontinuation", pageSize: 100 });
    expect(pdn.list.map((notice) => notice.number).sort()).toEqual(
      notices
        .filter((notice) => notice.type === "discontinuation")
        .map((notice) => notice.number)
        .sort(),
    );
    const year = await list("en", { year: 2025, pageSize: 100 });
    expect(year.list.every((notice) => notice.issued.startsWith("2025"))).toBe(true);
    expect(year.total).toBe(notices.filter((notice) => notice.issued.startsWith("2025")).length);
    const part = "QCM040120K4";
    const ofPart = await list("en", { partNumber: part, pageSize: 100 });
    expect(ofPart.list.map((notice) => notice.number).sort()).toEqual(
      notices
        .filter((notice) => notice.parts.includes(part))
        .map((notice) => notice.number)
        .sort(),
    );
    expect(ofPart.list[0]!.parts.map((item) => item.partNumber)).toContain(part);
    // The gate-driver family (500): every notice naming one of its parts, and no other.
    const drivers = new Set(products.filter((product) => Math.floor(product.parentId / 100) === 5).map((product) => product.partNumber));
    const family = await list("en", { familyId: 500, pageSize: 100 });
    expect(family.list.map((notice) => notice.number).sort()).toEqual(
      notices
        .filter((notice) => notice.parts.some((item) => drivers.has(item)))
        .map((notice) => notice.number)
        .sort(),
    );
    expect((await list("en", { partNumber: "NOSUCHPART" })).total).toBe(0);
  });

  it("answers one notice with its dates, response window, qualification report and replacements", async () => {
    const source = notices.find((notice) => notice.type === "change" && notice.qualification?.startsWith("qr-"))!;
    const { data } = await callOk(upstream, queryNoticeByNumber, "en", { number: source.number });
    expect(data).toMatchObject({
      number: source.number,
      type: "change",
      issued: source.issued,
      changeClass: source.changeClass,
      effective: source.effective,
      responseDays: source.responseDays,
    });
    expect(data.changes).toEqual(source.changes.en);
    expect(data.reason).toEqual(source.reason.en);
    expect(data.qualification.id).toBe(source.qualification);
    expect(data.parts.map((item: { partNumber: string }) => item.partNumber).sort()).toEqual([...source.parts].sort());
    const pdn = notices.find((notice) => notice.type === "discontinuation")!;
    const discontinued = (await callOk(upstream, queryNoticeByNumber, "zh", { number: pdn.number })).data;
    expect(discontinued).toMatchObject({ lastOrder: pdn.lastOrder, lastDelivery: pdn.lastDelivery, title: pdn.title.zh });
    expect(discontinued.replacements.map((item: { partNumber: string }) => item.partNumber)).toEqual(pdn.replacements);
  });

  it("answers an unknown notice with a 404 and a malformed number with a 400, in the request's language", async () => {
    for (const [number, status] of [
      ["PCN-2099-999", 404],
      ["PCN-1", 400],
    ] as const) {
      for (const language of ["en", "zh"] as const) {
        const response = await upstream.post(callPath(queryNoticeByNumber, "qingyun"), body(language, { number }));
        expect(response.status).toBe(status);
        const error = errorEnvelope.parse(response.json);
        if (status === 404) expect(error.message).toBe(language === "en" ? "The change notice could not be found." : "未找到该变更通知");
      }
    }
  });

  it("puts the notices of a part on its detail, newest first", async () => {
    const part = "QCM040120K4";
    const page = (await callOk(upstream, querySiteListDataByPage, "en", { partNumber: part })).data as ProductPage;
    const expected = notices.filter((notice) => notice.parts.includes(part)).sort((a, b) => b.issued.localeCompare(a.issued));
    expect(page.product!.notices.map((notice) => notice.number)).toEqual(expected.map((notice) => notice.number));
  });
});
