// Product rows mapped to the contract's shapes: a product's parameters in one language, its list item and
// detail, a tree node, some products' rows in one query, and the related products of a detail.
import {
  unknownLifecycle,
  type DocumentMeta,
  type LossData,
  type ParamColumn,
  type ParamValue,
  type ProductDetail,
  type ProductLifecycle,
  type ProductListItem,
} from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import { relatedProducts } from "../../../shared/catalog/related-products.ts";
import type { Database } from "../db.ts";
import type { createDocumentStore } from "../documents/store.ts";
import type { ModelStore } from "../models/store.ts";
import { placeholders } from "../sql.ts";
import { familyMembers, nodeName, type TreeRow } from "./product-tree.ts";
import { localize } from "../content/localize.ts";
import type { StoredPartData } from "../content/part-data.ts";

/** A content value with each { zh, en } pair replaced by one language's text, as localize() returns it. */
type Localized<T> = T extends { zh: string; en: string }
  ? string
  : T extends Array<infer Item>
    ? Array<Localized<Item>>
    : T extends object
      ? { [Key in keyof T]: Localized<T[Key]> }
      : T;

export interface ProductRow {
  id: number;
  parentId: number;
  partNumber: string;
  nameZh: string;
  nameEn: string;
  data: string;
}

/**
 * The fields of a list row as the page query reads them: the summary in the request's language, and the stored
 * JSON of the lifecycle and loss data (parsed by listItem), or already parsed where a whole row was read.
 */
export interface ListRow extends Omit<ProductRow, "data"> {
  summary: string;
  isNew: number | null;
  lifecycle: string | ProductLifecycle | null;
  loss: string | LossData | null;
  /** The loss data's voltage class, read even when the loss data are not (typical-part.ts). */
  lossVoltage?: number | null;
}

export function createProductRows(db: Database, documents: ReturnType<typeof createDocumentStore>, models?: ModelStore) {
  /** The parameters of some products in one language: id → fieldId → value. */
  function paramsOf(ids: number[], language: Language): Map<number, Record<string, ParamValue>> {
    const result = new Map<number, Record<string, ParamValue>>(ids.map((id) => [id, {}]));
    if (!ids.length) return result;
    const rows = db
      .prepare(
        `SELECT product_id AS productId, field_id AS fieldId, text_value AS text, num_value AS num FROM product_params WHERE language = ? AND product_id IN (${placeholders(ids.length)})`,
      )
      .all(language, ...ids) as Array<{ productId: number; fieldId: string; text: string; num: number | null }>;
    for (const row of rows) result.get(row.productId)![row.fieldId] = row.num ?? row.text;
    return result;
  }

  /** A list row's fields from a product's stored data (detail and the model-version lookup read the whole row). */
  function listFieldsOf(row: ProductRow, language: Language): ListRow {
    const data = JSON.parse(row.data) as { summary: Record<Language, string>; isNew?: boolean; loss?: LossData | null; lifecycle?: ProductLifecycle };
    return { ...row, summary: data.summary[language], isNew: data.isNew ? 1 : 0, loss: data.loss ?? null, lifecycle: data.lifecycle ?? null };
  }

  function listItem(row: ListRow, params: Record<string, ParamValue>, language: Language, datasheet: DocumentMeta | null = null): ProductListItem {
    return {
      id: row.id,
      parentId: row.parentId,
      partNumber: row.partNumber,
      name: language === "zh" ? row.nameZh : row.nameEn,
      summary: row.summary,
      isNew: Boolean(row.isNew),
      params,
      datasheet,
      loss: typeof row.loss === "string" ? (JSON.parse(row.loss) as LossData) : row.loss,
      lifecycle: (typeof row.lifecycle === "string" ? (JSON.parse(row.lifecycle) as ProductLifecycle) : row.lifecycle) ?? unknownLifecycle,
    };
  }

  function detail(row: ProductRow, params: Record<string, ParamValue>, language: Language): ProductDetail {
    const data = JSON.parse(row.data) as Record<"description" | "features" | "applications", Record<Language, string[]>> & {
      partData?: StoredPartData;
    };
    const part = localize<Localized<StoredPartData> | undefined>(data.partData, language);
    return {
      ...listItem(listFieldsOf(row, language), params, language),
      description: data.description[language],
      features: data.features[language],
      applications: data.applications[language],
      documents: documents.forProduct(row, language),
      characteristics: (part?.characteristics ?? []).map((line) => ({
        group: line.group,
        fieldId: line.fieldId ?? null,
        symbol: line.symbol,
        name: line.name,
        conditions: line.conditions,
        min: line.min ?? null,
        typ: line.typ ?? null,
        max: line.max ?? null,
        unit: line.unit,
      })),
      ordering: part?.ordering ?? null,
      outline: part?.outline
        ? {
            name: part.outline.name,
            dimensions: part.outline.dimensions,
            weight: part.outline.weight ?? null,
          }
        : null,
      models: models?.forPart(row.partNumber) ?? [],
      modelValidation: models?.hasValidation(row.partNumber) ?? false,
      // Filled in by the detail call (notices/store.ts), which alone shows them.
      notices: [],
    };
  }

  function nodeOf(row: TreeRow, language: Language) {
    const data = JSON.parse(row.data) as { summary?: Record<Language, string>; image?: string };
    return {
      id: row.id,
      parentId: row.parentId,
      level: row.level,
      name: nodeName(row, language),
      summary: data.summary?.[language] ?? "",
      image: data.image ?? null,
      partNumber: row.partNumber,
    };
  }

  const productRowById = db.prepare(
    "SELECT id, parent_id AS parentId, part_number AS partNumber, name_zh AS nameZh, name_en AS nameEn, data FROM site_list WHERE id = ?",
  );

  /**
   * Some products' list rows in one query, in the order of `ids`. SQLite picks the few fields a row shows out of
   * each product's stored data (description, features and datasheet tables included: 3-9 KB): parsing all of it
   * here for a page of 100 rows was most of the page call's work at 10,000 products (docs/performance.md).
   * Without `loss: "rows"` the rows' loss data are left out; only their voltage class is read (typical-part.ts).
   */
  function listRowsOf(ids: number[], language: Language, loss: "rows" | "typical" | "none" = "rows"): ListRow[] {
    if (!ids.length) return [];
    // The language picks a column path, never input: it is validated by the contract.
    const found = db
      .prepare(
        `SELECT id, parent_id AS parentId, part_number AS partNumber, name_zh AS nameZh, name_en AS nameEn,
           json_extract(data, '$.summary.${language}') AS summary, json_extract(data, '$.isNew') AS isNew,
           json_extract(data, '$.lifecycle') AS lifecycle,
           ${loss === "rows" ? "json_extract(data, '$.loss')" : "NULL"} AS loss, json_extract(data, '$.loss.ratings.v') AS lossVoltage
         FROM site_list WHERE id IN (${placeholders(ids.length)})`,
      )
      .all(...ids) as unknown as ListRow[];
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)!);
  }

  /** A product's loss data alone, for the typical part of a page whose rows come without theirs. */
  const lossById = db.prepare("SELECT json_extract(data, '$.loss') AS loss FROM site_list WHERE id = ?");
  function lossOf(id: number): LossData | null {
    const row = lossById.get(id) as { loss: string | null } | undefined;
    return row?.loss ? (JSON.parse(row.loss) as LossData) : null;
  }

  /** The products of the whole family nearest to `product` (shared/catalog/related-products.ts), as table rows. */
  function relatedOf(product: ProductDetail, familyId: number, paramTable: ParamColumn[], language: Language): ProductListItem[] {
    // Related products weigh numeric parameters only, so the family's numbers are all they need.
    const candidates = familyMembers(db, familyId, language);
    const ids = relatedProducts(product, candidates, paramTable, 4).map((candidate) => candidate.id);
    const params = paramsOf(ids, language);
    const datasheets = documents.datasheets(ids, language);
    return listRowsOf(ids, language).map((row) => listItem(row, params.get(row.id)!, language, datasheets.get(row.id) ?? null));
  }

  return { paramsOf, listItem, listFieldsOf, detail, nodeOf, productRowById, listRowsOf, lossOf, relatedOf };
}
