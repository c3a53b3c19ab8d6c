// Lean hydration data (docs/decisions/005-lean-hydration-data.md): a page embeds only the UI-string namespaces its
// render used.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { loadResources } from "../../server/http/i18n.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

function embeddedNamespaces(html: string): string[] {
  const json = /window\.__APP__=([\s\S]*?);window\.__staticRouterHydrationData=/.exec(html)?.[1];
  expect(json).toBeTruthy();
  return Object.keys((JSON.parse(json!) as { resources: Record<string, unknown> }).resources).sort();
}

describe("UI strings in the HTML", () => {
  it("are only the namespaces the page used, not every namespace of the language", async () => {
    const all = Object.keys(loadResources().en);
    const page = await request(site.app).get("/en/about/us");
    expect(page.status).toBe(200);
    const embedded = embeddedNamespaces(page.text);
    expect(embedded).toContain("common");
    expect(embedded.length).toBeLessThan(all.length);
    expect(embedded).not.toContain("login");
  });

  it("include the page's own namespace", async () => {
    const home = await request(site.app).get("/zh");
    expect(embeddedNamespaces(home.text)).toContain("home");
    const search = await request(site.app).get("/en/search?text=SiC");
    expect(embeddedNamespaces(search.text)).toContain("search");
  });

  it("hold every string the rendered page showed (no key left untranslated in the markup)", async () => {
    const page = await request(site.app).get("/en/about/us");
    // An untranslated key would appear as "namespace:key" or a dotted key path in the text.
    expect(page.text).not.toMatch(/>(common|home|about|search):[\w.]+</);
  });

  it("leave the estimator's strings out of a finder without an operating point: its panel, an island, brings them", async () => {
    const finder = await request(site.app).get("/en/productAndService/products/120");
    expect(finder.status).toBe(200);
    // The panel is rendered in full all the same, with its strings (its bar's label and its form's button).
    const estimator = loadResources().en.estimator as { bar: { label: string }; panel: { submit: string } };
    expect(finder.text).toContain(estimator.bar.label);
    expect(finder.text).toContain(estimator.panel.submit);
    expect(embeddedNamespaces(finder.text)).not.toContain("estimator");
    // With an operating point the table's estimate columns use them when the page hydrates: embedded.
    const withPoint = await request(site.app).get("/en/productAndService/products/120?op=800,15,5k,0.9,80");
    expect(withPoint.text).toContain("finder-estimator__note");
    expect(embeddedNamespaces(withPoint.text)).toContain("estimator");
  });

  it("carry products in the layout data without their summaries (those belong to the product pages)", async () => {
    const page = await request(site.app).get("/en/about/us");
    const json = /window\.__staticRouterHydrationData=([\s\S]*?);(?:globalThis|<\/script>)/.exec(page.text)?.[1];
    const data = JSON.parse(json!) as { loaderData: Record<string, { products?: { partNumber: string | null; summary: string | null; name: string }[] }> };
    const products = data.loaderData.layout___en?.products ?? [];
    const leaves = products.filter((node) => node.partNumber !== null);
    expect(leaves.length).toBeGreaterThan(10);
    expect(leaves.every((node) => node.summary === null && node.name)).toBe(true);
    // Categories keep theirs: the home and catalog cards show them.
    expect(products.some((node) => node.partNumber === null && node.summary)).toBe(true);
  });
});
