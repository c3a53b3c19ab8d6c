// The parts' lifecycle on the server-rendered pages, in both languages: the detail's badge with its dates
// and replacement (and the sample button replaced by the replacement where samples are refused), the
// Product JSON-LD's lifecycle property, the finder's column and filter (obsolete parts hidden by default,
// with their number said), and the compare row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { lifecycleStates } from "../../shared/contract/index.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { lifecycleFile, productFile } from "../../server/upstream/content/schema.ts";
import { startSite } from "../helpers/site.ts";
import { finderRows, textOf, upstreamProducts } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
const entries = readContent("catalog/lifecycle.json", lifecycleFile.array(), shippedContentDir);
const products = readContent("catalog/products.json", productFile.array(), shippedContentDir);
const shown = (state: string) => entries.find((entry) => entry.state === state && products.find((product) => product.partNumber === entry.partNumber)?.status === "on")!;
const productOf = (part: string) => products.find((product) => product.partNumber === part)!;
const section = (html: string, id: string) => new RegExp(`<section[^>]*aria-labelledby="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
const productLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as { "@type": string; additionalProperty?: Array<Record<string, unknown>> })
    .find((data) => data["@type"] === "Product")!;

describe("the lifecycle on the product detail page", () => {
  it("shows a last-time buy's badge, the day it began, the last order and delivery dates and the replacement, in English and Chinese", async () => {
    const ltb = shown("ltb");
    const en = await get(`/en/productAndService/productDetail/${ltb.partNumber}`);
    expect(en.status).toBe(200);
    const block = textOf(section(en.text, "lifecycle"));
    expect(block).toMatch(/Lifecycle: Last-time buy/);
    expect(block).toContain(`Since ${ltb.since}`);
    expect(block).toContain(`Last order date: ${ltb.lastOrder}`);
    expect(block).toContain(`Last delivery date: ${ltb.lastDelivery}`);
    expect(block).toContain(`Recommended replacement: ${ltb.replacement}`);
    expect(section(en.text, "lifecycle")).toContain(`href="/en/productAndService/productDetail/${ltb.replacement}"`);
    // No sample button: the reason and the way to the replacement instead.
    const hero = /<header class="product-hero"[\s\S]*?<\/header>/.exec(en.text)![0];
    expect(textOf(hero)).toContain(`Samples of ${ltb.partNumber} are no longer available (Last-time buy).`);
    expect(textOf(hero)).toContain(`See the replacement ${ltb.replacement}`);
    expect(hero).not.toContain("Add to sample list");

    const zh = await get(`/zh/productAndService/productDetail/${ltb.partNumber}`);
    const zhBlock = textOf(section(zh.text, "lifecycle"));
    expect(zhBlock).toMatch(/生命周期： 最后购买/);
    expect(zhBlock).toContain(`最后订货日：${ltb.lastOrder}`);
    expect(zhBlock).toContain(`推荐替代型号： ${ltb.replacement}`);
    expect(section(zh.text, "lifecycle")).toContain(`href="/zh/productAndService/productDetail/${ltb.replacement}"`);
  });

  it("shows a preview part's expected release and keeps its sample button", async () => {
    const preview = shown("preview");
    const en = await get(`/en/productAndService/productDetail/${preview.partNumber}`);
    const block = textOf(section(en.text, "lifecycle"));
    expect(block).toMatch(/Lifecycle: Preview/);
    expect(block).toContain(`Expected release: ${preview.expectedRelease}`);
    expect(textOf(/<header class="product-hero"[\s\S]*?<\/header>/.exec(en.text)![0])).toContain("Add to sample list");
    const zh = await get(`/zh/productAndService/productDetail/${preview.partNumber}`);
    expect(textOf(section(zh.text, "lifecycle"))).toContain(`预计量产：${preview.expectedRelease}`);
  });

  it("shows an NRND part's earlier states and its replacement", async () => {
    const nrnd = shown("nrnd");
    const block = textOf(section((await get(`/en/productAndService/productDetail/${nrnd.partNumber}`)).text, "lifecycle"));
    expect(block).toContain("Not recommended for new designs");
    expect(block).toContain(`Earlier: Active from ${nrnd.history![0]!.since}`);
    expect(block).toContain(`Recommended replacement: ${nrnd.replacement}`);
  });

  it("puts the state, the day it began and the replacement into the Product JSON-LD, in the page's language", async () => {
    const obsolete = shown("obsolete");
    const en = productLd((await get(`/en/productAndService/productDetail/${obsolete.partNumber}`)).text);
    expect(en.additionalProperty).toContainEqual({
      "@type": "PropertyValue",
      propertyID: "lifecycle",
      name: "Lifecycle",
      value: "obsolete",
      description: `Since ${obsolete.since}; Recommended replacement: ${obsolete.replacement}`,
    });
    const zh = productLd((await get(`/zh/productAndService/productDetail/${obsolete.partNumber}`)).text);
    expect(zh.additionalProperty?.find((property) => property.propertyID === "lifecycle")).toMatchObject({ name: "生命周期", value: "obsolete" });
  });
});

describe("the lifecycle in the finder", () => {
  const obsolete = shown("obsolete");
  const family = productOf(obsolete.partNumber).parentId;

  it("hides obsolete parts by default and says how many, with a link that shows them", async () => {
    const all = await upstreamProducts(site.upstream, "en", { siteListId: family, lifecycle: lifecycleStates });
    const obsoleteParts = all.list.filter((row) => row.lifecycle.state === "obsolete").map((row) => row.partNumber);
    expect(obsoleteParts).toContain(obsolete.partNumber);
    const en = await get(`/en/productAndService/products/${family}?size=100`);
    expect(en.status).toBe(200);
    const rows = finderRows(en.text).map((row) => row.part);
    expect(rows).toEqual(all.list.filter((row) => row.lifecycle.state !== "obsolete").map((row) => row.partNumber));
    const text = textOf(en.text);
    expect(text).toContain(obsoleteParts.length === 1 ? "1 obsolete part is hidden." : `${obsoleteParts.length} obsolete parts are hidden.`);
    const showAll = `/en/productAndService/products/${family}?lifecycle=preview&amp;lifecycle=active&amp;lifecycle=nrnd&amp;lifecycle=ltb&amp;lifecycle=obsolete&amp;size=100`;
    expect(en.text).toContain(`href="${showAll}"`);
    const everything = await get(showAll.replaceAll("&amp;", "&"));
    expect(finderRows(everything.text).map((row) => row.part)).toEqual(all.list.map((row) => row.partNumber));
    expect(textOf(everything.text)).not.toContain("obsolete parts are hidden");

    const zh = await get(`/zh/productAndService/products/${family}?size=100`);
    expect(textOf(zh.text)).toContain(`已隐藏 ${obsoleteParts.length} 个停产型号。`);
  });

  it("shows each row's state in a column and filters by state with a GET form", async () => {
    const en = await get(`/en/productAndService/products/${family}?lifecycle=obsolete`);
    const rows = finderRows(en.text);
    expect(rows.map((row) => row.part)).toContain(obsolete.partNumber);
    for (const row of rows) expect(row.cells).toContain("Obsolete");
    expect(textOf(en.text)).toContain("Lifecycle: Obsolete");
    // The filter's boxes, the URL's state ticked.
    expect(en.text).toContain('<input type="checkbox" name="lifecycle" checked="" value="obsolete"/>');
    expect(en.text).toContain('<input type="checkbox" name="lifecycle" value="active"/>');
    // The form's spelling of the default is redirected to the plain URL.
    const form = await get(`/en/productAndService/products/${family}?lifecycle=preview&lifecycle=active&lifecycle=nrnd&lifecycle=ltb`);
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe(`/en/productAndService/products/${family}`);
    const zh = await get(`/zh/productAndService/products/${family}?lifecycle=obsolete`);
    for (const row of finderRows(zh.text)) expect(row.cells).toContain("已停产");
  });
});

describe("the lifecycle in the finder's CSV", () => {
  it("has the lifecycle column and the finder's default, in the page's language", async () => {
    const obsolete = shown("obsolete");
    const family = productOf(obsolete.partNumber).parentId;
    const lines = (text: string) =>
      text
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
    const en = lines((await get(`/en/productAndService/products/${family}.csv`)).text);
    expect(en[0]!.split(",")).toContain("Lifecycle");
    expect(en.some((line) => line.startsWith(`${obsolete.partNumber},`))).toBe(false);
    const all = lines((await get(`/zh/productAndService/products/${family}.csv?lifecycle=obsolete`)).text);
    expect(all[0]!.split(",")).toContain("生命周期");
    const row = all.find((line) => line.startsWith(`${obsolete.partNumber},`))!;
    expect(row.split(",")).toContain("已停产");
  });
});

describe("the lifecycle in compare", () => {
  it("adds a lifecycle row with each part's badge, the day it began and the replacement", async () => {
    const nrnd = shown("nrnd");
    const en = await get(`/en/productAndService/compare?parts=${nrnd.partNumber},${nrnd.replacement}`);
    expect(en.status).toBe(200);
    const row = /<tr class="is-different"><th scope="row">Lifecycle[\s\S]*?<\/tr>/.exec(en.text)?.[0] ?? "";
    expect(textOf(row)).toContain(`NRND Since ${nrnd.since} Recommended replacement: ${nrnd.replacement}`);
    expect(textOf(row)).toContain("Active");
    const zh = await get(`/zh/productAndService/compare?parts=${nrnd.partNumber},${nrnd.replacement}`);
    expect(textOf(zh.text)).toContain("不推荐新设计");
  });
});
