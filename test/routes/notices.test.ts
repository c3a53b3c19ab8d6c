// The change notices on the server-rendered pages, in both languages: the list with its filters (part,
// family, type, year) and paging, a page per notice with everything it says, an unknown notice's 404, the
// notices section of every affected part's detail page, and the sitemap's entries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { noticeFile, productFile } from "../../server/upstream/content/schema.ts";
import { NOTICES_PAGE_SIZE } from "../../shared/query/notices.ts";
import { startSite } from "../helpers/site.ts";
import { textOf } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
const notices = readContent("notices.json", noticeFile.array(), shippedContentDir).sort((a, b) => b.issued.localeCompare(a.issued) || b.number.localeCompare(a.number));
const products = readContent("catalog/products.json", productFile.array(), shippedContentDir);
/** The notice numbers a list page shows, in order. */
const listed = (html: string) => [...html.matchAll(/<span class="notice-card__number">([^<]+)<\/span>/g)].map((match) => match[1]!);
const section = (html: string, id: string) => new RegExp(`<section[^>]*aria-labelledby="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";

describe("/support/notices", () => {
  it("lists the notices newest first in English and Chinese, with the policy and the filter form", async () => {
    const en = await get("/en/support/notices");
    expect(en.status).toBe(200);
    expect(listed(en.text)).toEqual(notices.slice(0, NOTICES_PAGE_SIZE).map((notice) => notice.number));
    // React writes an apostrophe as &#x27;.
    const text = textOf(en.text).replaceAll("&#x27;", "'");
    expect(text).toContain("Change notices");
    expect(text).toContain("at least 90 days before it takes effect");
    expect(text).toContain(`${notices.length} notices`);
    expect(text).toContain(notices[0]!.title.en);
    for (const name of ["part", "family", "type", "year"]) expect(en.text).toMatch(new RegExp(`<(input|select)[^>]*name="${name}"`));
    const zh = await get("/zh/support/notices");
    expect(zh.status).toBe(200);
    expect(textOf(zh.text)).toContain("变更通知");
    expect(textOf(zh.text)).toContain(notices[0]!.title.zh);
    expect(zh.text).toContain(`href="/zh/support/notices/${notices[0]!.number}"`);
  });

  it("filters by type, year, part and family", async () => {
    const numbers = (predicate: (notice: (typeof notices)[number]) => boolean) => notices.filter(predicate).map((notice) => notice.number);
    expect(listed((await get("/en/support/notices?type=discontinuation")).text)).toEqual(numbers((notice) => notice.type === "discontinuation"));
    expect(listed((await get("/en/support/notices?year=2025")).text)).toEqual(numbers((notice) => notice.issued.startsWith("2025")));
    // A part number in any case.
    expect(listed((await get("/zh/support/notices?part=qcm040120k4")).text)).toEqual(numbers((notice) => notice.parts.includes("QCM040120K4")));
    const drivers = new Set(products.filter((product) => Math.floor(product.parentId / 100) === 5).map((product) => product.partNumber));
    const family = await get("/en/support/notices?family=500&type=change");
    expect(listed(family.text)).toEqual(numbers((notice) => notice.type === "change" && notice.parts.some((part) => drivers.has(part))));
    expect(family.text).toMatch(/<option value="500" selected="">/);
    // Nothing matches: said so, not an error.
    const none = await get("/en/support/notices?year=2019");
    expect(none.status).toBe(200);
    expect(textOf(none.text)).toContain("No notice matches these filters.");
    // Invalid values fall back to their defaults.
    const invalid = await get("/en/support/notices?type=recall&family=99999&year=abc");
    expect(invalid.status).toBe(200);
    expect(listed(invalid.text)).toEqual(notices.slice(0, NOTICES_PAGE_SIZE).map((notice) => notice.number));
  });

  it("pages by links and sends a page past the end to the last page", async () => {
    const pages = Math.ceil(notices.length / NOTICES_PAGE_SIZE);
    const past = await get("/en/support/notices?type=change&page=99");
    expect(past.status).toBe(302);
    const changes = notices.filter((notice) => notice.type === "change").length;
    const last = Math.max(1, Math.ceil(changes / NOTICES_PAGE_SIZE));
    expect(past.headers.location).toBe(last > 1 ? `/en/support/notices?type=change&page=${last}` : "/en/support/notices?type=change");
    if (pages > 1) {
      const second = await get("/en/support/notices?page=2");
      expect(listed(second.text)).toEqual(notices.slice(NOTICES_PAGE_SIZE, 2 * NOTICES_PAGE_SIZE).map((notice) => notice.number));
    }
  });
});

describe("/support/notices/:number", () => {
  it("shows a change notice with its class, dates, response window, parts, changes, reasons and qualification report", async () => {
    const pcn = notices.find((notice) => notice.type === "change" && notice.qualification?.startsWith("qr-"))!;
    const en = await get(`/en/support/notices/${pcn.number}`);
    expect(en.status).toBe(200);
    const text = textOf(en.text);
    expect(text).toContain(`${pcn.number}: ${pcn.title.en}`);
    expect(text).toContain(pcn.changeClass === "major" ? "Major change" : "Minor change");
    expect(text).toContain(`Effective ${pcn.effective}`);
    expect(text).toMatch(new RegExp(`Response window ${pcn.responseDays} days, until \\d{4}-\\d{2}-\\d{2}`));
    for (const line of [...pcn.changes.en, ...pcn.reason.en]) expect(text).toContain(line);
    for (const part of pcn.parts) expect(section(en.text, "notice-parts")).toContain(`href="/en/productAndService/productDetail/${part}"`);
    expect(section(en.text, "notice-qualification")).toContain(`/api/front/attach/download/${pcn.qualification}`);
    const zh = await get(`/zh/support/notices/${pcn.number}`);
    expect(textOf(zh.text)).toContain(`${pcn.number}：${pcn.title.zh}`);
    expect(textOf(zh.text)).toContain(pcn.changes.zh[0]!);
  });

  it("shows a discontinuation notice's last order and delivery dates and its replacement", async () => {
    const pdn = notices.find((notice) => notice.type === "discontinuation")!;
    const text = textOf((await get(`/en/support/notices/${pdn.number}`)).text);
    expect(text).toContain(`Last order date ${pdn.lastOrder}`);
    expect(text).toContain(`Last delivery date ${pdn.lastDelivery}`);
    expect(text).toContain(`Recommended replacements ${pdn.replacements![0]}`);
    const zh = textOf((await get(`/zh/support/notices/${pdn.number}`)).text);
    expect(zh).toContain(`最后订货日 ${pdn.lastOrder}`);
  });

  it("answers 404 for an unknown or malformed notice number, in both languages", async () => {
    for (const path of ["/en/support/notices/PCN-2099-999", "/zh/support/notices/PDN-2099-001", "/en/support/notices/nope", "/zh/support/notices/PCN-1"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe("notices on the affected parts' pages and in the sitemap", () => {
  it("lists every notice naming a part on the part's detail page, with a link to its notices", async () => {
    for (const notice of notices) {
      const part = notice.parts.find((candidate) => products.find((product) => product.partNumber === candidate)?.status === "on")!;
      const page = await get(`/en/productAndService/productDetail/${part}`);
      const block = section(page.text, "notices");
      expect(block, part).toContain(`href="/en/support/notices/${notice.number}"`);
      expect(block).toContain(`href="/en/support/notices?part=${part}"`);
    }
    const quiet = products.find((product) => product.status === "on" && !notices.some((notice) => notice.parts.includes(product.partNumber)))!;
    expect(textOf(section((await get(`/zh/productAndService/productDetail/${quiet.partNumber}`)).text, "notices"))).toContain("该型号尚无变更或停产通知。");
  });

  it("puts the list and every notice in the sitemap", async () => {
    const pages = await get("/sitemap-pages-en.xml");
    expect(pages.status).toBe(200);
    expect(pages.text).toContain("/en/support/notices</loc>");
    for (const notice of notices) expect(pages.text).toContain(`/en/support/notices/${notice.number}</loc>`);
  });
});
