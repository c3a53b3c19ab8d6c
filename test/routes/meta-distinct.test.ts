// Each page's head is its own: /about and /about/us have different titles in both languages, and the pages
// of a paged list (news, jobs, finder, documents, search) each have their own meta description.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

async function head(path: string) {
  const response = await request(site.app).get(path);
  expect(response.status, path).toBe(200);
  const title = /<title>([^<]*)<\/title>/.exec(response.text)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(response.text)?.[1];
  expect(title, path).toBeTruthy();
  expect(description, path).toBeTruthy();
  return { title: title!, description: description! };
}

describe("titles and descriptions", () => {
  it("the about pages have titles of their own, in both languages", async () => {
    for (const language of ["zh", "en"]) {
      const paths = ["/about", "/about/us", "/about/contactUs", "/about/sample", "/about/joinUs"].map((path) => `/${language}${path}`);
      const titles = await Promise.all(paths.map(async (path) => (await head(path)).title));
      expect(new Set(titles).size, titles.join(" / ")).toBe(paths.length);
    }
  });

  it("every page of a paged list has its own description, naming its page number", async () => {
    const lists = [
      ["/zh/news", "/zh/news?page=2", "（第 2 页）"],
      ["/en/news", "/en/news?page=2", "(page 2)"],
      ["/en/about/joinUs", "/en/about/joinUs?page=2", "(page 2)"],
      ["/zh/about/joinUs", "/zh/about/joinUs?page=2", "（第 2 页）"],
      ["/en/productAndService/products/100?size=10", "/en/productAndService/products/100?size=10&page=2", "(page 2)"],
      ["/zh/support/documents", "/zh/support/documents?page=2", "（第 2 页）"],
      ["/en/search?text=SiC&type=products", "/en/search?text=SiC&type=products&page=2", "(page 2)"],
    ] as const;
    for (const [first, second, marker] of lists) {
      const one = await head(first);
      const two = await head(second);
      expect(two.description, second).not.toBe(one.description);
      expect(two.description, second).toContain(marker);
      expect(one.description, first).not.toContain(marker);
    }
  });
});
