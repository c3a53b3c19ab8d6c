// The cross-reference calls: the competitor table is read and validated once at start, our products come from
// the database (what the catalog shows now), and the matching itself is shared/cross-reference's.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Router } from "express";
import {
  queryCrossReference,
  queryCrossReferenceBatch,
  CROSS_REFERENCE_REJECTED_SHOWN,
  CROSS_REFERENCE_SHOWN,
  type CompetitorPartSummary,
  type CrossReferenceBatchRow,
  type CrossReferenceProduct,
  type LossData,
  type ParamValue,
} from "../../../shared/contract/index.ts";
import { unknownLifecycle, type ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import type { Language } from "../../../shared/languages.ts";
import { bomMatch, lookupCompetitorPart } from "../../../shared/cross-reference/lookup.ts";
import { crossReference, tiers, type Tier } from "../../../shared/cross-reference/match.ts";
import { rejudgeAtOperatingPoint } from "../../../shared/cross-reference/at-operating-point.ts";
import { parseOperatingPoint } from "../../../shared/estimator/validate.ts";
import { deviceTypeOf, ourPackage, type OurProduct } from "../../../shared/cross-reference/our-product.ts";
import { crossReferenceContent, deviceTypes, type AnyCompetitorPart, type CrossReferenceContent, type DeviceType } from "../../../shared/cross-reference/schema.ts";
import { readContent, shippedContentDir } from "../content/load.ts";
import type { Database } from "../db.ts";
import { mountCall, type MountOptions } from "../http.ts";
import { perContentLoad, visibleCte } from "../catalog/product-tree.ts";

const FILE = "cross-reference/competitor-parts.json";

/** How many candidates there are in each tier. */
function tierCounts(candidates: ReadonlyArray<{ tier: Tier }>): Record<Tier, number> {
  const counts = Object.fromEntries(tiers.map((tier) => [tier, 0])) as Record<Tier, number>;
  for (const candidate of candidates) counts[candidate.tier] += 1;
  return counts;
}

/** The table of a content folder; a folder without one (a generated benchmark catalog) has no competitor parts. */
function readCrossReference(contentDir = shippedContentDir): CrossReferenceContent {
  if (!existsSync(path.join(contentDir, FILE))) return { qingyun: { gateDrive: [], pinouts: [] }, nomenclature: [], parts: [] };
  return readContent(FILE, crossReferenceContent, contentDir);
}

type Product = OurProduct & { info: CrossReferenceProduct };

const summary = (part: AnyCompetitorPart): CompetitorPartSummary => ({ partNumber: part.partNumber, manufacturer: part.manufacturer, deviceType: part.deviceType });

/** Every visible product of the catalog with its family and parsed loss data and lifecycle (both languages' view shares them). */
function readProductRows(db: Database) {
  const rows = db
    .prepare(
      `WITH RECURSIVE ${visibleCte}, family(id, top) AS (
         SELECT id, id FROM site_list WHERE parent_id IS NULL
         UNION ALL SELECT c.id, f.top FROM site_list c JOIN family f ON c.parent_id = f.id
       )
       SELECT s.id, s.part_number AS partNumber, s.name_zh AS nameZh, s.name_en AS nameEn, f.top AS familyId,
         json_extract(s.data, '$.loss') AS loss, json_extract(s.data, '$.lifecycle') AS lifecycle
       FROM site_list s JOIN visible v ON v.id = s.id JOIN family f ON f.id = s.id WHERE s.part_number IS NOT NULL ORDER BY s.id`,
    )
    .iterate() as Iterable<{ id: number; partNumber: string; nameZh: string; nameEn: string; familyId: number; loss: string | null; lifecycle: string | null }>;
  // Only the two members kept are parsed, row by row: the whole of every product's data (27 MB of JSON at 10,000
  // products) was read and parsed to keep 7 MB of it, garbage the upstream thread's heap grew into at the first call
  // after a load (its committed size went from 33 to 250 MB in that call; 129 MB with this and readOurProducts row by row).
  return Array.from(rows, ({ loss, lifecycle, ...row }) => ({
    ...row,
    loss: loss === null ? null : (JSON.parse(loss) as LossData),
    lifecycle: lifecycle === null ? unknownLifecycle : (JSON.parse(lifecycle) as ProductLifecycle),
  }));
}

/** Every visible product of the catalog with its parameters in one language, loss data and family. */
function readOurProducts(db: Database, language: Language): Product[] {
  const rows = perContentLoad(db, "cross-reference:products", () => readProductRows(db));
  const params = new Map<number, Record<string, ParamValue>>(rows.map((row) => [row.id, {}]));
  // Row by row: 84,589 rows at 10,000 products, which read into one array outlived the young generation and grew
  // the old one by about 38 MB per language.
  const paramRows = db
    .prepare("SELECT product_id AS productId, field_id AS fieldId, text_value AS text, num_value AS num FROM product_params WHERE language = ?")
    .iterate(language) as Iterable<{ productId: number; fieldId: string; text: string; num: number | null }>;
  for (const row of paramRows) {
    const record = params.get(row.productId);
    if (record) record[row.fieldId] = row.num ?? row.text;
  }
  return rows.map(({ id, partNumber, nameZh, nameEn, familyId, loss, lifecycle }) => ({
    partNumber,
    params: params.get(id)!,
    loss,
    lifecycle,
    info: { id, partNumber, name: language === "zh" ? nameZh : nameEn, familyId, loss, lifecycle },
  }));
}

/**
 * What the matching reads of our catalog in one language, with the lookup by part number and the families the page
 * offers: read once per content load (at 10,000 products a reading was 20,000 rows of parameters and 10,000 JSON
 * parses on every call, garbage the upstream thread's heap grew into under traffic: docs/performance.md, "Memory
 * at 10,000 products"). Shared by every call until the next load; nothing may change it.
 */
function ourCatalog(db: Database, language: Language) {
  return perContentLoad(db, `cross-reference:${language}`, () => {
    const products = readOurProducts(db, language);
    return { products, byNumber: new Map(products.map((product) => [product.partNumber, product.info])), families: families(products) };
  });
}

function families(ours: Product[]) {
  const found = new Map<DeviceType, { deviceType: DeviceType; familyId: number; packages: Set<string> }>();
  for (const product of ours) {
    const deviceType = deviceTypeOf(product);
    if (!deviceType) continue;
    const family = found.get(deviceType) ?? { deviceType, familyId: product.info.familyId, packages: new Set<string>() };
    const pkg = ourPackage(product);
    if (pkg) family.packages.add(pkg);
    found.set(deviceType, family);
  }
  return deviceTypes.flatMap((type) => {
    const family = found.get(type);
    return family ? [{ deviceType: type, familyId: family.familyId, packages: [...family.packages].sort() }] : [];
  });
}

/**
 * Our part for each line of a bill of materials that names a competitor's part (the cross-reference BOM box's
 * matching: exact, decoded or after an ordering suffix, never a mere suggestion), as its best candidate; null for
 * a line it does not recognise or that has no candidate. The part watches read a pasted BOM with it.
 */
export function createBomMapper(db: Database, contentDir?: string) {
  const content = readCrossReference(contentDir);
  return (queries: string[], language: Language): Array<string | null> => {
    if (queries.length === 0) return [];
    const ours = ourCatalog(db, language).products;
    return queries.map((query) => {
      const { part } = bomMatch(lookupCompetitorPart(query, content.parts, content.nomenclature, 2));
      return part ? (crossReference(part, ours, content.qingyun).candidates[0]?.partNumber ?? null) : null;
    });
  };
}

export function mountCrossReferenceRoutes(router: Router, db: Database, options: MountOptions & { contentDir?: string | undefined }) {
  const content = readCrossReference(options.contentDir);

  mountCall(
    router,
    queryCrossReference,
    ({ body, language }) => {
      const lookup = body.part ? lookupCompetitorPart(body.part, content.parts, content.nomenclature) : { part: null, kind: null, suggestions: [] };
      const { products: ours, byNumber, families } = ourCatalog(db, language);
      const matched = lookup.part ? crossReference(lookup.part, ours, content.qingyun) : { candidates: [], rejected: [] };
      const op = body.op ? parseOperatingPoint(body.op) : null;
      const lossOf = (partNumber: string) => byNumber.get(partNumber)?.loss ?? null;
      const result = op?.ok ? { ...matched, candidates: rejudgeAtOperatingPoint(matched.candidates, lossOf, op.value) } : matched;
      return {
        query: body.part ?? "",
        match: lookup.kind,
        stripped: lookup.stripped ?? null,
        part: lookup.part,
        candidates: result.candidates
          .slice(0, CROSS_REFERENCE_SHOWN)
          .map(({ partNumber, rows, ...candidate }) => ({ product: byNumber.get(partNumber)!, ...candidate, rows: rows() })),
        counts: tierCounts(result.candidates),
        rejected: result.rejected.slice(0, CROSS_REFERENCE_REJECTED_SHOWN).map(({ partNumber, reasons }) => ({ product: byNumber.get(partNumber)!, reasons })),
        rejectedCount: result.rejected.length,
        suggestions: lookup.suggestions.map(({ part, kind }) => ({ ...summary(part), kind })),
        known: body.part === undefined ? content.parts.map(summary) : [],
        families,
      };
    },
    options,
  );

  mountCall(
    router,
    queryCrossReferenceBatch,
    ({ body, language }) => {
      const ours = ourCatalog(db, language).products;
      const rows: CrossReferenceBatchRow[] = body.parts.map((query) => {
        const lookup = lookupCompetitorPart(query, content.parts, content.nomenclature, 2);
        const { part, kind, suggestion } = bomMatch(lookup);
        const stripped = lookup.stripped ?? null;
        if (!part) return { query, match: null, stripped, part: null, suggestion: suggestion ? summary(suggestion) : null, best: null, counts: tierCounts([]) };
        const { candidates } = crossReference(part, ours, content.qingyun);
        const counts = tierCounts(candidates);
        const best = candidates[0] ? { partNumber: candidates[0].partNumber, tier: candidates[0].tier } : null;
        return { query, match: kind, stripped, part: summary(part), suggestion: null, best, counts };
      });
      return { rows };
    },
    options,
  );
}
