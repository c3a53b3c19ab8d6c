// What a family's or a series' text says about its range must be what its parts' data says: a range of
// on-resistance ("13–160 mΩ") or rated current ("5–30 A") runs from the smallest to the largest value of the
// parts on sale under it, and "45 mΩ and 750 mΩ" names exactly the values there are. A part flagged new is
// not also the range's most widely used one. Reads the content files as written, both languages.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const contentDir = path.resolve(import.meta.dirname, "../../server/upstream/content");
const read = (file: string) => JSON.parse(readFileSync(path.join(contentDir, file), "utf8")) as unknown;

type L = { zh: string; en: string };
interface Product {
  parentId: number;
  partNumber: string;
  status: "on" | "off";
  isNew?: boolean;
  summary: L;
  description: { zh: string[]; en: string[] };
  params: Record<string, number | string | L>;
}
interface Category {
  id: number;
  parentId: number | null;
  status: "on" | "off";
  summary?: L;
}

const products = read("catalog/products.json") as Product[];
const categories = read("catalog/categories.json") as Category[];
const under = (id: number): Product[] => [
  ...products.filter((product) => product.parentId === id && product.status === "on"),
  ...categories.filter((category) => category.parentId === id && category.status === "on").flatMap((category) => under(category.id)),
];
const number = (value: unknown) => (typeof value === "number" ? value : undefined);
/** The value a unit of a claim speaks of: on-resistance, or the rated (diodes, modules) or peak (drivers) current. */
const quantityOf: Record<string, (product: Product) => number | undefined> = {
  mΩ: (product) => number(product.params.rdson),
  A: (product) =>
    number(product.params.if) ??
    number(product.params.id) ??
    number(product.params.icnom) ??
    (number(product.params.peakSource) === undefined ? undefined : Math.max(number(product.params.peakSource)!, number(product.params.peakSink) ?? 0)),
};
const value = String.raw`(\d+(?:\.\d+)?)`;
const unit = String.raw`(mΩ|A(?![\p{L}]))`;
const rangeClaim = new RegExp(String.raw`${value}\s*(?:mΩ|A)?\s*(?:–|to)\s*${value}\s*${unit}`, "gu");
const pairClaim = new RegExp(String.raw`${value}\s*${unit}\s*(?:and|与|和)\s*${value}\s*\2`, "gu");

describe("ranges in family and series texts", () => {
  const claims = categories
    .filter((category) => category.status === "on" && category.summary)
    .flatMap((category) =>
      (["zh", "en"] as const).flatMap((language) => {
        const text = category.summary![language];
        return [
          ...[...text.matchAll(rangeClaim)].map((match) => ({
            category,
            language,
            claim: match[0],
            kind: "range",
            values: [Number(match[1]), Number(match[2])],
            unit: match[3]!,
          })),
          ...[...text.matchAll(pairClaim)].map((match) => ({
            category,
            language,
            claim: match[0],
            kind: "pair",
            values: [Number(match[1]), Number(match[3])],
            unit: match[2]!,
          })),
        ];
      }),
    );

  it("finds the claims it checks (on-resistance and current ranges of both languages)", () => {
    expect(claims.filter((claim) => claim.unit === "mΩ").length).toBeGreaterThanOrEqual(8);
    expect(claims.filter((claim) => claim.unit === "A").length).toBeGreaterThanOrEqual(10);
  });

  it("each runs from the smallest to the largest value of the parts on sale, or names exactly the values there are", () => {
    const wrong = claims.flatMap(({ category, language, claim, kind, values, unit }) => {
      const data = [
        ...new Set(
          under(category.id)
            .map(quantityOf[unit]!)
            .filter((item) => item !== undefined),
        ),
      ].sort((a, b) => a - b);
      const expected = kind === "range" ? [data[0], data.at(-1)] : data;
      return JSON.stringify(values) === JSON.stringify(expected) ? [] : [`${category.id} (${language}) "${claim}": the parts say ${expected.join(" … ")}`];
    });
    expect(wrong).toEqual([]);
  });
});

describe("claims about one part", () => {
  it("a part flagged new is not called the most widely used one", () => {
    const mostUsed = /most widely used|workhorse|highest-volume|应用最广|主力|出货量最大/u;
    const wrong = products
      .filter((product) => product.isNew && product.status === "on")
      .filter((product) => [product.summary.zh, product.summary.en, ...product.description.zh, ...product.description.en].some((text) => mostUsed.test(text)))
      .map((product) => product.partNumber);
    expect(wrong).toEqual([]);
  });
});
