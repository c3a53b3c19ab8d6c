// A document's page and a revision's page, server-rendered in both languages (docs/decisions/040-document-revisions.md):
// the history newest first with each revision's permanent download, a superseded revision saying which one replaced
// it, the current one saying it is current, 404 for an unknown document or revision, 301 from a moved id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { attachRevisionPath } from "../../shared/contract/index.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { documentFile } from "../../server/upstream/content/schema.ts";
import { startSite } from "../helpers/site.ts";
import { textOf } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
const documents = readContent("documents.json", documentFile.array(), shippedContentDir);

describe("/support/documents/:id", () => {
  it("shows the revision history newest first, each revision linked, in both languages", async () => {
    const en = await get("/en/support/documents/ds-qcm040120k4");
    expect(en.status).toBe(200);
    const text = textOf(en.text);
    expect(text).toContain("Revision history");
    expect(text).toContain("Current revision 1.1 of 2026-01-15.");
    expect(text.indexOf("2026-01-15")).toBeLessThan(text.indexOf("2024-06-03"));
    expect(en.text).toContain('href="/en/support/documents/ds-qcm040120k4/rev/1.0"');
    const zh = await get("/zh/support/documents/ds-qcm040120k4");
    expect(zh.status).toBe(200);
    expect(textOf(zh.text)).toContain("版本历史");
    expect(textOf(zh.text)).toContain("首次发布。");
  });

  it("says on a superseded revision's page which revision replaced it, with that revision's download", async () => {
    const en = await get("/en/support/documents/ds-qcm040120k4/rev/1.0");
    expect(en.status).toBe(200);
    expect(textOf(en.text)).toContain("A newer revision exists: revision 1.1 of 2026-01-15.");
    expect(en.text).toContain(`href="/api${attachRevisionPath("ds-qcm040120k4", "1.0")}"`);
    const zh = await get("/zh/support/documents/ds-qcm040120k4/rev/1.0");
    expect(textOf(zh.text)).toContain("已有更新版本：版本 1.1（2026-01-15）。");
    const current = await get("/en/support/documents/ds-qcm040120k4/rev/1.1");
    expect(textOf(current.text)).toContain("This is the current revision.");
  });

  it("answers an unknown document or revision with the 404 page", async () => {
    for (const url of [
      "/en/support/documents/no-such-document",
      "/zh/support/documents/ds-qcm040120k4/rev/9.9",
      "/en/support/documents/ds-qcm040120k4/rev/bad%20rev",
      "/en/support/documents/ds-qcm040120k4/rev",
      "/en/support/documents/ds-qcm040120k4/other/1.0",
      "/en/support/documents/ds-qcm040120k4/rev/1.0/more",
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it("sends a trailing slash to the address without it", async () => {
    const list = await get("/en/support/documents/");
    expect([list.status, list.headers.location]).toEqual([301, "/en/support/documents"]);
    const page = await get("/zh/support/documents/ds-qcm040120k4/");
    expect([page.status, page.headers.location]).toEqual([301, "/zh/support/documents/ds-qcm040120k4"]);
  });

  it("moves a moved document's pages with a 301 to the new id", async () => {
    const page = await get("/en/support/documents/an-to247-4-layout");
    expect([page.status, page.headers.location]).toEqual([301, "/en/support/documents/an-kelvin-source-layout"]);
    const revision = await get("/zh/support/documents/an-to247-4-layout/rev/1.2");
    expect([revision.status, revision.headers.location]).toEqual([301, "/zh/support/documents/an-kelvin-source-layout/rev/1.2"]);
    expect((await get("/zh/support/documents/an-kelvin-source-layout/rev/1.2")).status).toBe(200);
  });

  it("lists every document's page in the sitemap of each language, dated by its current revision", async () => {
    expect(documents.length).toBeGreaterThan(0);
    for (const language of ["zh", "en"]) {
      const pages = await get(`/sitemap-pages-${language}.xml`);
      expect(pages.status).toBe(200);
      for (const document of documents) {
        expect(pages.text, document.id).toMatch(new RegExp(`<loc>[^<]*/${language}/support/documents/${document.id}</loc><lastmod>${document.date}</lastmod>`));
      }
    }
  });

  it("links every document of the document centre to its history", async () => {
    const en = await get("/en/support/documents");
    expect(en.status).toBe(200);
    expect(en.text).toMatch(/href="\/en\/support\/documents\/[a-z0-9-]+"[^>]*>Revision history</);
  });
});
