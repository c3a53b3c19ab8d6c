// The shipped catalog as the cross-reference reads it (English parameter texts, loss data, lifecycle), and the shipped
// competitor table: the cross-reference tests run their named cases on these, not on copies.
import { readFileSync } from "node:fs";
import path from "node:path";
import { lossData, type LossData } from "../../shared/contract/loss-data.ts";
import type { ParamValue } from "../../shared/contract/products.ts";
import type { OurProduct } from "../../shared/cross-reference/our-product.ts";
import { crossReferenceContent } from "../../shared/cross-reference/schema.ts";

const contentDir = path.resolve(import.meta.dirname, "../../server/upstream/content");
const read = (file: string) => JSON.parse(readFileSync(path.join(contentDir, file), "utf8")) as unknown;

export const shippedCrossReference = crossReferenceContent.parse(read("cross-reference/competitor-parts.json"));

const losses = new Map((read("catalog/loss-data.json") as Array<{ partNumber: string }>).map(({ partNumber, ...row }) => [partNumber, lossData.parse(row) as LossData]));

type LifecycleEntry = NonNullable<OurProduct["lifecycle"]> & { partNumber: string };
const lifecycles = new Map((read("catalog/lifecycle.json") as LifecycleEntry[]).map(({ partNumber, ...entry }) => [partNumber, entry]));

export const shippedProducts: OurProduct[] = (read("catalog/products.json") as Array<{ partNumber: string; params: Record<string, unknown> }>).map((p) => ({
  partNumber: p.partNumber,
  params: Object.fromEntries(
    Object.entries(p.params).map(([key, value]) => [key, (value && typeof value === "object" ? (value as { en: string }).en : value) as ParamValue]),
  ),
  loss: losses.get(p.partNumber) ?? null,
  ...(lifecycles.has(p.partNumber) ? { lifecycle: lifecycles.get(p.partNumber)! } : {}),
}));
