// Structured data as crawlers read it: no Product property named twice ("Package (Package)", "车规认证(AEC-Q101)
// (AEC-Q101)"), and no NewsArticle headline longer than the 110 characters Google reads. Over every product and
// every article of the content, in both languages.
import { unknownLifecycle } from "../../shared/contract/lifecycle.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { productLd } from "../../shared/seo/product-ld.ts";
import { headlineMaxLength, headlineOf, newsArticleLd } from "../../shared/seo/structured-data.ts";
import type { ParamColumn, ProductDetail } from "../../shared/contract/products.ts";
import type { NewsArticle } from "../../shared/contract/news.ts";

const contentDir = path.resolve(import.meta.dirname, "../../server/upstream/content");
const read = (file: string) => JSON.parse(readFileSync(path.join(contentDir, file), "utf8"));
type L = { zh: string; en: string };
const categories = read("catalog/categories.json") as Array<{
  id: number;
  parentId: number | null;
  paramTable?: Array<{ fieldId: string; paramName: L; screenName: L | null; unit: string | null }>;
}>;
const products = read("catalog/products.json") as Array<{ parentId: number; partNumber: string; summary: L; params: Record<string, number | string | L> }>;
const news = read("news.json") as Array<{ id: number; category: string; date: string; image: string; title: L; summary: L; tags?: L[] | { zh: string[]; en: string[] } }>;

const familyOf = (id: number): (typeof categories)[number] => {
  const node = categories.find((category) => category.id === id)!;
  return node.parentId === null ? node : familyOf(node.parentId);
};

describe("Product structured data", () => {
  for (const language of ["zh", "en"] as const) {
    it(`names each property once (${language})`, () => {
      const repeated: string[] = [];
      let count = 0;
      for (const product of products) {
        const columns = (familyOf(product.parentId).paramTable ?? []).map((column) => ({
          fieldId: column.fieldId,
          paramName: column.paramName[language],
          screenName: column.screenName?.[language] ?? null,
          unit: column.unit,
          sortable: true,
        })) as unknown as ParamColumn[];
        const params = Object.fromEntries(Object.entries(product.params).map(([key, value]) => [key, typeof value === "object" ? value[language] : value]));
        const ld = productLd(
          "https://www.example.com",
          language,
          {
            partNumber: product.partNumber,
            summary: product.summary[language],
            params,
            characteristics: [],
            outline: null,
            lifecycle: unknownLifecycle,
          } as unknown as ProductDetail,
          columns,
          {
            brand: "Qingyun",
            category: "",
            image: null,
            lifecycleName: language === "zh" ? "生命周期" : "Lifecycle",
            replacementName: language === "zh" ? "推荐替代：" : "Recommended replacement:",
            sinceName: language === "zh" ? "起始" : "Since",
          },
        );
        for (const property of ld.additionalProperty) {
          count++;
          // "X (Y)" where Y is already in X, or X where one half repeats the other.
          const match = /^(.*) \((.*)\)$/.exec(property.name);
          const bare = (text: string) => text.toLowerCase().replace(/[\s()（）]/g, "");
          if (match && bare(match[1]!).includes(bare(match[2]!))) repeated.push(`${product.partNumber}: ${property.name}`);
        }
      }
      expect(count).toBeGreaterThan(200);
      expect(repeated).toEqual([]);
    });
  }
});

describe("NewsArticle structured data", () => {
  it("cuts a long headline at a word with an ellipsis, within 110 characters", () => {
    const long = `${"Silicon carbide ".repeat(8)}end`;
    const cut = headlineOf(long);
    expect(Array.from(cut).length).toBeLessThanOrEqual(headlineMaxLength);
    // A whole-word prefix of the title: the original goes on with a space where the cut is.
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(long[cut.length - 1]).toBe(" ");
    expect(headlineOf("碳化硅".repeat(40)).length).toBe(headlineMaxLength);
    expect(headlineOf("A short title")).toBe("A short title");
  });

  for (const language of ["zh", "en"] as const) {
    it(`has a headline of at most 110 characters for every article (${language})`, () => {
      const long = news.filter((article) => {
        const ld = newsArticleLd(
          "https://www.example.com",
          language,
          { ...article, title: article.title[language], summary: article.summary[language], tags: [], views: 0 } as unknown as NewsArticle,
          {
            name: "Qingyun",
            logo: "/logo.png",
          },
        );
        return Array.from(ld.headline).length > headlineMaxLength;
      });
      expect(long.map((article) => article.id)).toEqual([]);
    });
  }
});
