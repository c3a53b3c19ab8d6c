// The content counts, in both languages, through the calls the site uses; and the services
// served as content pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  queryNewsByPage,
  queryRecruitmentByPage,
  querySiteList,
  querySiteListDataByPage,
  querySitePageData,
  serviceNames,
  serviceTemplateCode,
  type SiteListNode,
} from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";
import { servicePath } from "../../shared/paths.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

describe.each(["zh", "en"] as const)("content counts (%s)", (language) => {
  it("has at least 5 product families in 3 levels and at least 40 visible products", async () => {
    const nodes: SiteListNode[] = (await callOk(upstream, querySiteList, language, { type: 1 })).data;
    const families = nodes.filter((node) => node.level === 1 && node.status === "on");
    expect(families.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...nodes.map((node) => node.level))).toBe(3);
    expect(nodes.some((node) => node.status === "off")).toBe(true);
    let products = 0;
    for (const family of families) {
      const { data } = await callOk(upstream, querySiteListDataByPage, language, { siteListId: family.id, pageSize: 1 });
      expect(data.total, family.name).toBeGreaterThan(0);
      expect(data.paramTable.length, family.name).toBeGreaterThan(0);
      products += data.total;
    }
    expect(products).toBeGreaterThanOrEqual(40);
  });

  it("has at least 24 news articles in at least 3 categories, each with an image", async () => {
    const { data } = await callOk(upstream, queryNewsByPage, language, { pageSize: 100 });
    expect(data.total).toBeGreaterThanOrEqual(24);
    expect(Object.values(data.categoryCounts).filter((count) => Number(count) > 0).length).toBeGreaterThanOrEqual(3);
    for (const item of data.list) expect(item.image).toMatch(/^\/media\/.+\.(svg|png|jpe?g|webp)$/);
  });

  it("has at least 8 job positions", async () => {
    const { data } = await callOk(upstream, queryRecruitmentByPage, language, { pageSize: 100 });
    expect(data.total).toBeGreaterThanOrEqual(8);
  });

  it("has at least 9 application pages, each served by url", async () => {
    const rows = upstream.db.prepare("SELECT url FROM site_pages WHERE url LIKE '/applications/%' AND language = ? AND page_type = 1").all(language) as Array<{
      url: string;
    }>;
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const { url } of rows) {
      const { data } = await callOk(upstream, querySitePageData, language, { url });
      expect(data[0].data.kind).toBe("page");
    }
  });

  it("serves the three services as content pages, by templateCode and by url, published and draft", async () => {
    for (const name of serviceNames) {
      for (const sitePageDataType of [1, 2]) {
        const { data } = await callOk(upstream, querySitePageData, language, { templateCode: serviceTemplateCode(name), sitePageDataType });
        expect(data[0].data).toMatchObject({ kind: "page", templateCode: serviceTemplateCode(name), url: servicePath(name) });
        expect(data[0].data.sections.length).toBeGreaterThan(0);
      }
      const { data } = await callOk(upstream, querySitePageData, language, { url: servicePath(name) });
      expect(data[0].templateCode).toBe(serviceTemplateCode(name));
    }
  });
});
