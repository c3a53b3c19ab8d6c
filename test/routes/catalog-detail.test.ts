// The product detail, compare and service routes on the server-rendered HTML: 200
// with heading and content in both languages, Product JSON-LD that parses and matches the product, 404s
// for unknown and switched-off parts and names, and the compare page's URL state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { textOf, upstreamProducts } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
const h1 = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").trim();
const section = (html: string, id: string) => new RegExp(`<section[^>]*aria-labelledby="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const parsed = JSON.parse(match[1]!) as Record<string, unknown> | Array<Record<string, unknown>>;
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

describe("the product detail page", () => {
  it("shows part, summary, badges, key parameters with units, description, features, applications, drawing, documents and related parts in English", async () => {
    const response = await get("/en/productAndService/productDetail/QCM040120K4A");
    expect(response.status).toBe(200);
    expect(h1(response.text)).toBe("QCM040120K4A");
    const text = textOf(response.text);
    expect(text).toContain("Automotive-grade version of QCM040120K4");
    // Badges: new and the qualification the part carries, and no other.
    expect(text).toContain("New");
    expect(text).toContain("AEC-Q101 qualified");
    expect(text).not.toContain("AQG 324 qualified");
    // Key parameters: long name, symbol with subscript, value with unit.
    const params = section(response.text, "key-parameters");
    expect(params).toContain("Drain-source voltage");
    expect(params).toContain("<sub>DS</sub>");
    expect(textOf(params)).toContain("1200 V");
    expect(textOf(params)).toContain("40 mΩ");
    expect(textOf(params)).toContain("TO-247-4");
    for (const heading of ["Description", "Features", "Target applications", "Documents", "Related products"]) expect(text).toContain(heading);
    // Target applications link to the application pages.
    expect(section(response.text, "applications")).toContain('href="/en/applications/ev"');
    // The package drawing.
    expect(response.text).toMatch(/<img[^>]+src="\/media\/products\/pkg-to-247-4\.svg"[^>]+alt="Outline drawing of the TO-247-4 package"/);
    // Documents: the datasheet among them, each downloadable through the API.
    const documents = section(response.text, "documents");
    expect(textOf(documents)).toContain("Datasheet");
    expect(documents).toMatch(/href="\/api\/front\/attach\/download\/ds-qcm040120k4a"/);
    expect(textOf(documents)).toMatch(/Version [\d.]+ · \d{4}-\d{2}-\d{2} · \d+ pages? · \d+ KB/);
    // The datasheet is also one click from the top of the page.
    const hero = /<header class="product-hero"[\s\S]*?<\/header>/.exec(response.text)?.[0] ?? "";
    expect(hero).toMatch(
      /href="\/api\/front\/attach\/download\/ds-qcm040120k4a"[^>]*class="button product-hero__datasheet"|class="button product-hero__datasheet"[^>]*href="\/api\/front\/attach\/download\/ds-qcm040120k4a"/,
    );
    // Related: same family, the same series first; the non-automotive twin with the same die is nearest.
    const related = section(response.text, "related");
    expect(related).toContain('href="/en/productAndService/productDetail/QCM040120K4"');
    expect(related).not.toContain('productDetail/QCM040120K4A"');
    // Add to sample (a real button; without JS a POST form to the sample list's action) and compare.
    expect(response.text).toMatch(/<form class="add-sample"[^>]*action="\/en\/user\/sampleList" method="post"/);
    expect(response.text).toContain('name="path" value="/productAndService/productDetail/QCM040120K4A"');
    expect(response.text).toMatch(/href="\/en\/productAndService\/compare\?parts=QCM040120K4A,[A-Z0-9,]+"/);
    // Breadcrumb and meta.
    const crumbs = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(response.text)?.[0] ?? "";
    expect(textOf(crumbs)).toMatch(/Home\s+Products\s+SiC MOSFETs\s+1200 V SiC MOSFETs\s+QCM040120K4A/);
    expect(response.text).toMatch(/<title>QCM040120K4A – 1200 V SiC MOSFETs \| [^<]+<\/title>/);
    expect(response.text).toContain('<link rel="canonical" href="http://localhost:3000/en/productAndService/productDetail/QCM040120K4A"/>');
  });

  it("renders in Chinese with the same facts", async () => {
    const response = await get("/zh/productAndService/productDetail/QGD1D15W16Q");
    expect(response.status).toBe(200);
    expect(h1(response.text)).toBe("QGD1D15W16Q");
    const text = textOf(response.text);
    expect(text).toContain("关键参数");
    expect(text).toContain("产品描述");
    expect(text).toContain("目标应用");
    expect(text).toContain("通过 AEC-Q100 认证");
    expect(text).not.toContain("通过 AEC-Q101 认证");
    expect(text).toContain("加入样品清单");
    expect(response.text).toContain('src="/media/products/pkg-soic-16wb.svg"');
  });

  it("carries Product JSON-LD that parses and matches the product, and a BreadcrumbList", async () => {
    const detail = (await upstreamProducts(site.upstream, "en", { partNumber: "QSM400120SHP" })).product!;
    const response = await get("/en/productAndService/productDetail/QSM400120SHP");
    expect(response.status).toBe(200);
    const blocks = jsonLd(response.text);
    const product = blocks.find((block) => block["@type"] === "Product")!;
    expect(product).toBeTruthy();
    expect(product.name).toBe("QSM400120SHP");
    expect(product.sku).toBe("QSM400120SHP");
    expect(product.description).toBe(detail.summary);
    expect((product.brand as { name: string }).name).toBeTruthy();
    expect(product.category).toBe("SiC power modules > Automotive SiC six-pack modules");
    expect(product.image).toBe("http://localhost:3000/media/products/pkg-hpd.svg");
    const properties = product.additionalProperty as Array<{ propertyID: string; value: unknown; unitText?: string }>;
    expect(properties.find((property) => property.propertyID === "vds")).toMatchObject({ value: 1200, unitText: "V" });
    // Every parameter, and the lifecycle state.
    expect(properties.length).toBe(Object.keys(detail.params).length + 1);
    expect(properties.at(-1)).toMatchObject({ propertyID: "lifecycle", value: detail.lifecycle.state });
    expect(blocks.some((block) => block["@type"] === "BreadcrumbList")).toBe(true);
    // The module carries AQG 324, the badge says so.
    expect(textOf(response.text)).toContain("AQG 324 qualified");
  });

  it("answers 404 for unknown, malformed and switched-off parts, and 301 to the part number's own spelling", async () => {
    for (const path of [
      "/en/productAndService/productDetail/NOPE123",
      "/zh/productAndService/productDetail/QCM080120K3",
      "/en/productAndService/productDetail/%3Cscript%3E",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
    const moved = await get("/en/productAndService/productDetail/qcm040120k4");
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("/en/productAndService/productDetail/QCM040120K4");
  });
});

describe("the compare page", () => {
  it("shows one column per product and a row per parameter of their families, with differences highlighted, in both languages", async () => {
    for (const [language, title, none] of [
      ["en", "Compare products", "not stated"],
      ["zh", "产品对比", "未标注"],
    ] as const) {
      const response = await get(`/${language}/productAndService/compare?parts=QCM040120K4,QCM020120K4,QSM400120SHP`);
      expect(response.status).toBe(200);
      expect(h1(response.text)).toBe(title);
      const head = /<thead>([\s\S]*?)<\/thead>/.exec(response.text)?.[1] ?? "";
      expect(head.match(/scope="col"/g)).toHaveLength(4);
      for (const part of ["QCM040120K4", "QCM020120K4", "QSM400120SHP"]) {
        expect(head).toContain(`href="/${language}/productAndService/productDetail/${part}"`);
        // Removing a product is a link to the same page without it.
      }
      expect(head).toContain(`href="/${language}/productAndService/compare?parts=QCM020120K4,QSM400120SHP"`);
      // The union of MOSFET and module columns: the modules' topology is "—" (not stated) for the discretes.
      const topology = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*?(Topology|拓扑)[\s\S]*?<\/tr>/.exec(response.text)?.[0] ?? "";
      expect(topology).toContain(none);
      expect(topology).toContain('class="is-different"');
      // Rows that are the same everywhere are not highlighted: all three are 1200 V.
      const vds = /<tr( class="is-different")?><th scope="row"><span class="compare-table__param">(Drain-source voltage|漏源电压)[\s\S]*?<\/tr>/.exec(response.text);
      expect(vds?.[0]).toBeTruthy();
      expect(vds?.[1]).toBeUndefined();
      // Add to sample from here.
      expect((response.text.match(/<form class="add-sample add-sample--compact"/g) ?? []).length).toBe(3);
      expect(response.text).toContain(
        `<link rel="canonical" href="http://localhost:3000/${language}/productAndService/compare?parts=QCM040120K4,QCM020120K4,QSM400120SHP"/>`,
      );
    }
  });

  it("keeps at most 4 products, names the ones not found, and redirects other spellings to the canonical URL", async () => {
    const redirected = await get("/en/productAndService/compare?parts=qcm040120k4%2CQCM020120K4&parts=QCM040120K4");
    expect(redirected.status).toBe(302);
    expect(redirected.headers.location).toBe("/en/productAndService/compare?parts=QCM040120K4,QCM020120K4");
    const five = await get("/en/productAndService/compare?parts=A1,A2,A3,A4,A5");
    expect(five.status).toBe(302);
    expect(five.headers.location).toBe("/en/productAndService/compare?parts=A1,A2,A3,A4");
    const missing = await get("/en/productAndService/compare?parts=QCM040120K4,NOPE1,QCM080120K3");
    expect(missing.status).toBe(200);
    expect(textOf(missing.text)).toContain("These part numbers were not found in the catalog: NOPE1, QCM080120K3.");
    expect(missing.text).toContain('href="/en/productAndService/compare?parts=QCM040120K4,QCM080120K3"');
  });

  it("has an empty state that leads to the catalog and a form to add a part", async () => {
    const response = await get("/zh/productAndService/compare");
    expect(response.status).toBe(200);
    const text = textOf(response.text);
    expect(text).toContain("还没有要对比的产品");
    expect(response.text).toContain('href="/zh/productAndService/products"');
    expect(response.text).toMatch(/<form[^>]*action="\/zh\/productAndService\/compare"/);
    expect(response.text).toContain('<meta name="robots" content="noindex');
  });
});

describe("the service pages", () => {
  it("render the upstream's content and end with the call to action, in both languages", async () => {
    for (const [language, cases, cta] of [
      [
        "en",
        [
          ["/productAndService/service/customDevice", "Custom devices", "What we can customise"],
          ["/productAndService/service/customModule", "Custom modules", "Design options"],
          ["/productAndService/customDriving", "Custom gate-drive solutions", "Stand-alone test services"],
        ],
        "Start your project with us",
      ],
      [
        "zh",
        [
          ["/productAndService/service/customDevice", "定制器件", ""],
          ["/productAndService/service/customModule", "定制模块", ""],
          ["/productAndService/customDriving", "定制驱动", ""],
        ],
        "与我们一起启动您的项目",
      ],
    ] as const) {
      for (const [path, title, heading] of cases) {
        const response = await get(`/${language}${path}`);
        expect(response.status, path).toBe(200);
        expect(h1(response.text)).toBe(title);
        const text = textOf(response.text);
        if (heading) expect(text).toContain(heading);
        const cta_ = section(response.text, "service-cta");
        expect(textOf(cta_)).toContain(cta);
        expect(cta_).toContain(`href="/${language}/about/contactUs"`);
        expect(cta_).toContain(`href="/${language}/about/sample"`);
        expect(response.text).toContain('"@type":"BreadcrumbList"');
      }
    }
  });

  it("answers 404 for unknown service names and unknown custom-driving pages", async () => {
    for (const path of [
      "/en/productAndService/service/customDriving",
      "/en/productAndService/service/nothing",
      "/zh/productAndService/customDriving/nothing",
      "/en/productAndService/customDriving/a%2Fb",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
  });
});
