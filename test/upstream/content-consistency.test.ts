// The content must not claim what the catalog does not carry: a qualification named for a
// part or a family is one that part (or a product of that family) has in its data — discretes AEC-Q101,
// gate drivers AEC-Q100, modules AQG 324 — no blanket "all automotive products are AEC-Q101", and no
// SiC module of a voltage class the catalog does not have. Reads the content files as written.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isYes, qualifications, type Qualification } from "../../shared/catalog/product-facts.ts";

const contentDir = path.resolve(import.meta.dirname, "../../server/upstream/content");
const read = (file: string) => JSON.parse(readFileSync(path.join(contentDir, file), "utf8")) as unknown;

type L = { zh: string; en: string };
interface Product {
  id: number;
  parentId: number;
  partNumber: string;
  status: "on" | "off";
  params: Record<string, number | string | L>;
}
interface Category {
  id: number;
  parentId: number | null;
  status: "on" | "off";
}

const products = read("catalog/products.json") as Product[];
const categories = read("catalog/categories.json") as Category[];
const onProducts = products.filter((product) => product.status === "on");
const english = (value: number | string | L | undefined) => (value && typeof value === "object" ? value.en : value);

/** Part number → the qualifications its data says yes to. */
const carried = new Map<string, Set<Qualification>>(
  onProducts.map((product) => [product.partNumber, new Set(qualifications.filter((q) => isYes(english(product.params[q.fieldId]))).map((q) => q.label))]),
);
const familyOf = (id: number): number => {
  const node = categories.find((category) => category.id === id);
  return node && node.parentId !== null ? familyOf(node.parentId) : id;
};
/** Products under a category node (family or series). */
const under = (id: number) => onProducts.filter((product) => product.parentId === id || familyOf(product.parentId) === id);

const standardPattern = /AEC-Q101|AEC-Q100|AQG ?324/g;
const normalize = (standard: string): Qualification => standard.replace(/AQG ?324/, "AQG 324") as Qualification;
const partPattern = new RegExp(
  `\\b(${products
    .map((product) => product.partNumber)
    .sort((a, b) => b.length - a.length)
    .join("|")})\\b`,
  "g",
);

interface Card {
  where: string;
  text: string;
  link: string | undefined;
}

/** Every text of the site's pages, news and menus in both languages, and every card (title + text + link). */
function collect(): { texts: Array<{ where: string; text: string }>; cards: Card[] } {
  const texts: Array<{ where: string; text: string }> = [];
  const cards: Card[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === "string") texts.push({ where, text: value });
    else if (Array.isArray(value)) for (const [index, item] of value.entries()) walk(item, `${where}[${index}]`);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      // A card: a title with text and/or a link.
      if (record.title && typeof record.title === "object" && ("text" in record || "link" in record)) {
        for (const language of ["zh", "en"] as const) {
          const title = (record.title as L)[language] ?? "";
          const text = (record.text as L | undefined)?.[language] ?? "";
          cards.push({ where: `${where} (${language})`, text: `${title} ${text}`, link: typeof record.link === "string" ? record.link : undefined });
        }
      }
      for (const [key, item] of Object.entries(record)) walk(item, `${where}.${key}`);
    }
  };
  for (const file of readdirSync(path.join(contentDir, "pages"))) walk(read(`pages/${file}`), `pages/${file}`);
  walk(read("news.json"), "news.json");
  walk(read("menus.json"), "menus.json");
  walk(read("catalog/services.json"), "catalog/services.json");
  return { texts, cards };
}

const { texts, cards } = collect();

describe("qualification claims in the content", () => {
  it("the catalog carries each qualification on the right kind of product", () => {
    const byStandard = (standard: Qualification) => onProducts.filter((product) => carried.get(product.partNumber)!.has(standard));
    // Discretes (SiC MOSFETs 100, diodes 200) carry AEC-Q101, drivers (500) AEC-Q100, modules (300, 400) AQG 324.
    expect(
      byStandard("AEC-Q101")
        .map((product) => familyOf(product.parentId))
        .every((family) => family === 100 || family === 200),
    ).toBe(true);
    expect(
      byStandard("AEC-Q100")
        .map((product) => familyOf(product.parentId))
        .every((family) => family === 500),
    ).toBe(true);
    expect(
      byStandard("AQG 324")
        .map((product) => familyOf(product.parentId))
        .every((family) => family === 300 || family === 400),
    ).toBe(true);
    for (const standard of ["AEC-Q101", "AEC-Q100", "AQG 324"] as const) expect(byStandard(standard).length, standard).toBeGreaterThan(0);
  });

  it('"<part> (standard)" names a standard the part carries', () => {
    const wrong: string[] = [];
    for (const { where, text } of texts) {
      for (const match of text.matchAll(new RegExp(`${partPattern.source}\\s*[（(]\\s*(AEC-Q10[01]|AQG ?324)`, "g"))) {
        if (!carried.get(match[1]!)?.has(normalize(match[2]!))) wrong.push(`${where}: ${match[0]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a card that claims a qualification for its part or family is backed by the catalog", () => {
    const wrong: string[] = [];
    for (const card of cards) {
      const claimed = [...new Set([...card.text.matchAll(standardPattern)].map((match) => normalize(match[0])))];
      if (!claimed.length || !/qualified|认证/i.test(card.text)) continue;
      const parts = [...new Set([...card.text.matchAll(partPattern)].map((match) => match[1]!))];
      const detail = /\/productDetail\/([A-Za-z0-9-]+)/.exec(card.link ?? "")?.[1];
      const category = /\/productAndService\/products\/(\d+)/.exec(card.link ?? "")?.[1];
      const named = detail ? [detail] : parts;
      for (const standard of claimed) {
        if (named.length === 1) {
          if (!carried.get(named[0]!)?.has(standard)) wrong.push(`${card.where}: ${named[0]} ≠ ${standard}`);
        } else if (category && !under(Number(category)).some((product) => carried.get(product.partNumber)!.has(standard))) {
          wrong.push(`${card.where}: nothing under ${category} carries ${standard}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("no text claims that all automotive products carry one standard", () => {
    const blanket = [
      /(all|every)[^.]{0,40}automotive (products|parts)[^.]{0,30}(qualified|certified) to AEC-Q10[01]/i,
      /automotive products (are|were) (all )?(qualified|certified) to AEC-Q10[01]/i,
      /车规产品(均|都|全部)?(按|通过)\s*AEC-Q10[01]/,
    ];
    const found = texts.filter(({ text }) => blanket.some((pattern) => pattern.test(text))).map(({ where, text }) => `${where}: ${text.slice(0, 120)}`);
    expect(found).toEqual([]);
  });
});

describe("products the content mentions", () => {
  it("every SiC module voltage class named as available is in the catalog", () => {
    const moduleVoltages = new Set(under(300).map((product) => product.params.vds));
    const wrong: string[] = [];
    const patterns = [
      /(\d{3,4})\s*V\s+(?:full-SiC|SiC)\s+(?:power\s+|half-bridge\s+|six-pack\s+|traction\s+)?modules?\b/gi,
      /(\d{3,4})\s*V\s*(?:全\s*SiC|全碳化硅|SiC|碳化硅)\s*(?:功率|半桥|六单元|主驱)?模块/g,
    ];
    for (const { where, text } of texts) {
      // Products announced as in development are not claimed as available.
      const sentences = text.split(/(?<=[.;。；])\s*/);
      for (const sentence of sentences) {
        if (/under development|in development|开发中|planned|计划/i.test(sentence)) continue;
        for (const pattern of patterns) {
          for (const match of sentence.matchAll(pattern)) {
            if (!moduleVoltages.has(Number(match[1]))) wrong.push(`${where}: ${match[0]}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every part number the pages and news name exists in the catalog", () => {
    const known = new Set(products.map((product) => product.partNumber));
    const unknown = texts
      .flatMap(({ where, text }) => [...text.matchAll(/\bQ(?:CM|CD|SM|IM|GD)[0-9A-Z]{5,}\b/g)].map((match) => ({ where, part: match[0] })))
      .filter(({ part }) => !known.has(part))
      .map(({ where, part }) => `${where}: ${part}`);
    expect(unknown).toEqual([]);
  });
});

describe("the SiC MOSFETs' gate-source rating", () => {
  // The datasheets (catalog/characteristics.json) are the record; a page or an article that states the static rating
  // states theirs. The FAQ and the reliability page once said +19 V / −8 V against the datasheets' +22 V / −8 V.
  const characteristics = read("catalog/characteristics.json") as Record<string, Array<{ symbol?: string; group?: string; min?: number; max?: number }>>;
  const sicMosfets = Object.entries(characteristics).filter(([part]) => part.startsWith("QCM"));
  const ratings = new Set(
    sicMosfets.map(([, rows]) => {
      const row = rows.find((candidate) => candidate.group === "ratings" && candidate.symbol === "V_GS")!;
      return `+${row.max} V / −${-row.min!} V`;
    }),
  );

  it("is one rating on every datasheet", () => {
    expect(sicMosfets.length).toBeGreaterThan(10);
    expect([...ratings]).toEqual(["+22 V / −8 V"]);
  });

  it("is the datasheets' wherever a page or an article states it", () => {
    const files = ["news.json", "documents.json", ...readdirSync(path.join(contentDir, "pages")).map((name) => `pages/${name}`)];
    const stated: string[] = [];
    const walk = (value: unknown, where: string) => {
      if (typeof value === "string") {
        for (const match of value.matchAll(/(?:static maximum gate-source rating is|栅源电压(?:的)?静态最大额定值为) (\+\d+ V \/ −\d+ V)/g))
          stated.push(`${where}: ${match[1]}`);
      } else if (Array.isArray(value)) for (const [index, item] of value.entries()) walk(item, `${where}[${index}]`);
      else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) walk(item, `${where}.${key}`);
    };
    for (const file of files) walk(read(file), file);
    expect(stated.length).toBeGreaterThanOrEqual(4);
    expect(stated.filter((line) => !ratings.has(line.split(": ").at(-1)!))).toEqual([]);
  });
});
