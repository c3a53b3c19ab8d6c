// The support section rendered on the server: the document centre with its filters and paging from the
// URL, the libraries and the FAQ in both languages, 404s, the WeChat hint in the HTML, and the PDF and
// the download form through the site's /api proxy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type express from "express";
import { startSite } from "../helpers/site.ts";
import type { TestUpstream } from "../upstream/helpers.ts";
import { headingOf, jsonLdOf, linkHref, textOf } from "./page-helpers.ts";
import { DOCUMENTS_PAGE_SIZE } from "../../shared/query/support.ts";

const origin = "https://www.qingyun-power.example";
const wechatAgent = "Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 Chrome/122 Mobile Safari/537.36 MicroMessenger/8.0.47.2560 NetType/WIFI";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  ({ app, upstream } = await startSite({ PUBLIC_ORIGIN: origin }));
});
afterAll(() => upstream.cleanup());

interface Doc {
  id: string;
  type: string;
  title: string;
  products: { id: number; partNumber: string }[];
}

async function documents(language: "zh" | "en", body: Record<string, unknown> = {}) {
  const { json } = await upstream.post("/front/queryAttachPage", { language, websiteCode: "qingyun", pageSize: 100, ...body });
  return json.data as { list: Doc[]; total: number };
}

/** The download links of the listed documents, in order (the gated link's href is the PDF's path). */
function listedIds(html: string): string[] {
  return [...html.matchAll(/<a href="\/api\/front\/attach\/download\/([a-z0-9-]+)" download="" rel="nofollow" class="button button--primary doc-item__download"/g)].map(
    (match) => match[1]!,
  );
}

describe("support pages", () => {
  it("answer in both languages with their heading, content and the section's navigation", async () => {
    const pages = [
      ["/support", "技术资料中心", "Document centre", "数据手册", "Datasheets"],
      ["/support/documents", "技术资料中心", "Document centre", "数据手册", "Datasheets"],
      ["/support/application-notes", "应用笔记", "Application notes", "AN-001", "AN-001"],
      ["/support/simulation-models", "仿真模型", "Simulation models", "SPICE", "SPICE"],
      ["/support/faq", "常见问题", "FAQ", "MSL", "MSL"],
    ] as const;
    for (const [path, zh, en, zhContent, enContent] of pages) {
      for (const [language, heading, content] of [
        ["zh", zh, zhContent],
        ["en", en, enContent],
      ] as const) {
        const response = await request(app).get(`/${language}${path}`);
        expect(response.status, path).toBe(200);
        expect(headingOf(response.text)).toBe(heading);
        const text = textOf(response.text);
        expect(text).toContain(content);
        for (const link of ["/support/documents", "/support/application-notes", "/support/simulation-models", "/support/faq"]) {
          expect(response.text).toContain(`href="/${language}${link}"`);
        }
        const crumbs = jsonLdOf(response.text).find((item) => item["@type"] === "BreadcrumbList");
        expect(crumbs, path).toBeDefined();
        // No WeChat hint for an ordinary browser.
        expect(response.text).not.toContain("wechat-hint");
      }
    }
  });

  it("the bare /support shows the document centre and names /support/documents canonical", async () => {
    const response = await request(app).get("/en/support");
    expect(listedIds(response.text)).toHaveLength(DOCUMENTS_PAGE_SIZE);
    expect(linkHref(response.text, "canonical")).toBe(`${origin}/en/support/documents`);
  });

  it("lists the libraries' own documents with their downloads", async () => {
    const notes = await documents("en", { type: "applicationNote" });
    const response = await request(app).get("/en/support/application-notes");
    expect(new Set(listedIds(response.text))).toEqual(new Set(notes.list.map((doc) => doc.id)));
    // Notes read in their number order (AN-001, AN-002 …), not by release date.
    const byNumber = [...notes.list].sort((a, b) => a.title.localeCompare(b.title, "en", { numeric: true })).map((doc) => doc.id);
    expect(listedIds(response.text)).toEqual(byNumber);
    const models = await documents("zh", { type: "simulationModel" });
    const modelsPage = await request(app).get("/zh/support/simulation-models");
    expect(new Set(listedIds(modelsPage.text))).toEqual(new Set(models.list.map((doc) => doc.id)));
  });

  it("the FAQ carries every question and answer in the HTML and as FAQPage data", async () => {
    for (const language of ["zh", "en"] as const) {
      const response = await request(app).get(`/${language}/support/faq`);
      const faq = jsonLdOf(response.text).find((item) => item["@type"] === "FAQPage") as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
      expect(faq.mainEntity.length).toBeGreaterThanOrEqual(10);
      const text = textOf(response.text);
      for (const question of faq.mainEntity) {
        expect(text).toContain(question.name);
        expect(question.acceptedAnswer.text.length).toBeGreaterThan(40);
      }
      expect((response.text.match(/<details class="faq__item"/g) ?? []).length).toBe(faq.mainEntity.length);
    }
  });

  it("unknown support pages are the 404 page", async () => {
    for (const path of ["/zh/support/downloads", "/en/support/FAQ", "/en/support/faq/extra"]) {
      const response = await request(app).get(path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe("document centre filters and paging from the URL", () => {
  it("type, family and keyword filter the list; the tabs count each type under the other filters", async () => {
    const datasheets = await documents("en", { type: "datasheet" });
    const first = await request(app).get("/en/support/documents?type=datasheet");
    expect(listedIds(first.text)).toEqual(datasheets.list.slice(0, DOCUMENTS_PAGE_SIZE).map((doc) => doc.id));
    expect(first.text).toMatch(
      /<a aria-current="page" href="\/en\/support\/documents\?type=datasheet"[^>]*>Datasheets(<!-- -->)? <span class="doc-tabs__count">\d+<\/span>/,
    );

    // Gate-driver ICs (family 500): only documents that cover a gate driver.
    const drivers = await request(app).get("/zh/support/documents?family=500");
    const ids = listedIds(drivers.text);
    expect(ids.length).toBeGreaterThan(0);
    const all = await documents("zh");
    for (const id of ids) {
      expect(
        all.list.find((doc) => doc.id === id)!.products.some((product) => product.partNumber.startsWith("QGD")),
        id,
      ).toBe(true);
    }
    expect(drivers.text).toMatch(/<option value="500" selected="">/);

    // A part number finds its datasheet and the notes and models that cover it.
    const part = await request(app).get("/en/support/documents?q=QCM040120K4");
    const partIds = listedIds(part.text);
    expect(partIds).toContain("ds-qcm040120k4");
    expect(partIds).toContain("an-sic-gate-drive");
    // A keyword list is not a page of its own for crawlers.
    expect(part.text).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it("pages through the list with links that keep the filters; past the end is a 404", async () => {
    const datasheets = await documents("zh", { type: "datasheet" });
    const second = await request(app).get("/zh/support/documents?type=datasheet&page=2");
    expect(second.status).toBe(200);
    expect(listedIds(second.text)).toEqual(datasheets.list.slice(DOCUMENTS_PAGE_SIZE, 2 * DOCUMENTS_PAGE_SIZE).map((doc) => doc.id));
    expect(second.text).toContain('href="/zh/support/documents?type=datasheet&amp;page=3"');
    expect(second.text).toContain('href="/zh/support/documents?type=datasheet"');
    expect(linkHref(second.text, "canonical")).toBe(`${origin}/zh/support/documents?type=datasheet&amp;page=2`);
    const pages = Math.ceil(datasheets.total / DOCUMENTS_PAGE_SIZE);
    expect((await request(app).get(`/zh/support/documents?type=datasheet&page=${pages + 1}`)).status).toBe(404);
  });

  it("invalid values fall back to their defaults", async () => {
    const plain = await request(app).get("/en/support/documents");
    const invalid = await request(app).get("/en/support/documents?type=manual&family=999&page=abc");
    expect(invalid.status).toBe(200);
    expect(listedIds(invalid.text)).toEqual(listedIds(plain.text));
  });
});

describe("WeChat hint", () => {
  it("is in the server-rendered HTML for the WeChat browser, never served from or to the shared page cache", async () => {
    // An ordinary visit first, so a shared cache would have the page.
    const ordinary = await request(app).get("/zh/support/documents");
    expect(ordinary.text).not.toContain("wechat-hint");
    for (const [language, hint] of [
      ["zh", "请在浏览器中打开本页以下载文件"],
      ["en", "Open this page in your browser to download files"],
    ] as const) {
      const response = await request(app).get(`/${language}/support/documents`).set("user-agent", wechatAgent);
      expect(response.status).toBe(200);
      expect(response.text).toContain('class="wechat-hint"');
      expect(textOf(response.text)).toContain(hint);
      expect(response.headers["cache-control"]).not.toContain("public");
    }
    const after = await request(app).get("/zh/support/documents");
    expect(after.text).not.toContain("wechat-hint");
  });
});

describe("downloads through the site's /api", () => {
  it("the PDF arrives with its name in Content-Disposition", async () => {
    const response = await request(app)
      .get("/api/front/attach/download/ds-qcm040120k4")
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="Qingyun-QCM040120K4-datasheet-v[\d.]+\.pdf"$/);
    expect((response.body as Buffer).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await request(app).get("/api/front/attach/download/no-such-document")).status).toBe(404);
  });

  it("stores the download form and answers the file's path; a bad field gets its localized SPEC §5 message", async () => {
    const form = {
      attachId: "ds-qcm040120k4",
      name: "王磊",
      phone: "13800138000",
      email: "wang.lei@example.com",
      company: "苏州某新能源科技有限公司",
      position: "硬件工程师",
      productDemand: "22 kW OBC",
      language: "zh",
      websiteCode: "qingyun",
    };
    const stored = await request(app).post("/api/front/addDownloadRecord").set("origin", origin).send(form);
    expect(stored.status).toBe(200);
    expect(stored.body.data.downloadPath).toBe("/front/attach/download/ds-qcm040120k4");
    const refused = await request(app)
      .post("/api/front/addDownloadRecord")
      .set("origin", origin)
      .send({ ...form, phone: "12345", language: "en" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: "E40021001", message: "please enter a valid mobile number" });
    const crossSite = await request(app).post("/api/front/addDownloadRecord").set("origin", "https://evil.example").send(form);
    expect(crossSite.status).toBe(403);
  });
});
