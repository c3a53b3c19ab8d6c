// The site's paths: each builder writes the URL the routes answer, and each matcher reads back what the
// builder wrote (round trip), so a link, a redirect and a guard can never disagree about a path.
import { describe, expect, it } from "vitest";
import { localizePath } from "../../shared/languages.ts";
import {
  categoryCsvPath,
  categoryPath,
  comparePath,
  crossReferenceCsvPattern,
  crossReferencePath,
  documentsSearchPath,
  isUserPage,
  jobsTypePath,
  loginPath,
  matchCategory,
  matchCategoryCsv,
  newsDetailPath,
  newsListPath,
  orderDetailPath,
  positionDetailPath,
  productDetailPath,
  sectionPagePath,
  reliabilityPath,
  servicePath,
  userPagePath,
} from "../../shared/paths.ts";

describe("site paths", () => {
  it("writes the product pages, encoding part numbers", () => {
    expect(productDetailPath("QY1200M40A")).toBe("/productAndService/productDetail/QY1200M40A");
    expect(productDetailPath("A/B #1")).toBe("/productAndService/productDetail/A%2FB%20%231");
    expect(decodeURIComponent(productDetailPath("A/B #1").split("/").pop()!)).toBe("A/B #1");
    expect(comparePath()).toBe("/productAndService/compare");
    expect(comparePath("?parts=A,B")).toBe("/productAndService/compare?parts=A,B");
    expect(servicePath("customDevice")).toBe("/productAndService/service/customDevice");
    expect(servicePath("customDriving")).toBe("/productAndService/customDriving");
  });

  it("reads back a category path it wrote, and nothing else", () => {
    for (const id of [1, 12, 987654321]) expect(matchCategory(categoryPath(id))).toBe(id);
    expect(matchCategory("/productAndService/products")).toBeNull();
    expect(matchCategory("/productAndService/products/12/x")).toBeNull();
    expect(matchCategory("/productAndService/products/abc")).toBeNull();
  });

  it("reads back a category CSV path with its language, and refuses ids the upstream is never asked about", () => {
    for (const language of ["zh", "en"] as const) {
      expect(matchCategoryCsv(localizePath(categoryCsvPath(42), language))).toEqual({ language, id: 42 });
    }
    expect(matchCategoryCsv(categoryCsvPath(42))).toBeNull(); // no language prefix
    expect(matchCategoryCsv("/en/productAndService/products/0.csv")).toBeNull();
    expect(matchCategoryCsv("/en/productAndService/products/1234567890.csv")).toBeNull();
    expect(matchCategoryCsv("/fr/productAndService/products/42.csv")).toBeNull();
  });

  it("matches the cross-reference CSV under either language", () => {
    expect(crossReferenceCsvPattern.test(localizePath(`${crossReferencePath}.csv`, "en"))).toBe(true);
    expect(crossReferenceCsvPattern.test(localizePath(`${crossReferencePath}.csv`, "zh"))).toBe(true);
    expect(crossReferenceCsvPattern.test(`${crossReferencePath}.csv`)).toBe(false);
    expect(crossReferenceCsvPattern.test(localizePath(crossReferencePath, "en"))).toBe(false);
  });

  it("writes news, jobs and document paths", () => {
    expect(newsListPath({ category: null, page: 1 })).toBe("/news");
    expect(newsListPath({ category: null, page: 3 })).toBe("/news?page=3");
    expect(newsListPath({ category: "company", page: 1 })).toBe("/news/company");
    expect(newsListPath({ category: "company", page: 2 })).toBe("/news/company/2");
    expect(newsDetailPath(7)).toBe("/news/newsDetail/7");
    expect(jobsTypePath(null)).toBe("/about/joinUs");
    expect(jobsTypePath("campus")).toBe("/about/joinUs/campus");
    expect(positionDetailPath(3)).toBe("/about/joinUs/positionDetail/3");
    expect(documentsSearchPath("DS-1 x")).toBe("/support/documents?q=DS-1%20x");
    expect(sectionPagePath(reliabilityPath, "certifications")).toBe("/reliability/certifications");
  });

  it("knows every signed-in page it writes, in both languages, and no public page", () => {
    const written = [userPagePath("sampleList"), userPagePath("sampleProgress"), userPagePath("account"), orderDetailPath("QY20240101-0001")];
    expect(new Set(written.map((path) => path.split("/")[2]))).toEqual(new Set(["sampleList", "sampleProgress", "account", "orderDetail"]));
    for (const language of ["zh", "en"] as const) {
      for (const path of written) expect(isUserPage(localizePath(path, language))).toBe(true);
      expect(isUserPage(localizePath("/user/orderDetail", language))).toBe(true);
    }
    expect(isUserPage(userPagePath("sampleList"))).toBe(false); // a page path always carries its language here
    expect(isUserPage("/en/user/sampleListX")).toBe(false);
    expect(isUserPage("/en/news")).toBe(false);
    expect(isUserPage(localizePath(loginPath(), "en"))).toBe(false);
  });

  it("writes the login page with its return path, which reads back from the query", () => {
    expect(loginPath()).toBe("/login");
    const target = "/productAndService/products/3?vds=1200~&sort=rdson:asc";
    const path = loginPath(target);
    expect(path).toBe(`/login?path=${encodeURIComponent(target)}`);
    expect(new URL(path, "http://site").searchParams.get("path")).toBe(target);
  });
});
