// Product data by page (filters, numeric sort, keyword, detail by part number) and distinct filter values.
import type { Router } from "express";
import type { SQLInputValue } from "node:sqlite";
import {
  queryDistinctProductFieldData,
  querySiteListDataByPage,
  type DistinctField,
  type LossData,
  type DocumentMeta,
  type ParamColumn,
  type ParamValue,
  type ProductDetail,
  type ProductListItem,
} from "../../shared/contract/index.ts";
import type { Language } from "../../shared/languages.ts";
import type { Database } from "./db.ts";
import { createDocumentStore } from "./documents-store.ts";
import { ApiError, mountCall, type MountOptions } from "./http.ts";
import { createTreeReader, nodeName, paramTableOf, subtreeCte, type TreeRow } from "./product-tree.ts";
import { likePattern, placeholders } from "./sql.ts";

interface ProductRow {
  id: number;
  parentId: number;
  partNumber: string;
  nameZh: string;
  nameEn: string;
  data: string;
}

export function mountProductRoutes(router: Router, db: Database, options: MountOptions) {
  const tree = createTreeReader(db);
  const documents = createDocumentStore(db);

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

  /** The current datasheet of each product (newest first wins), in one query for a whole page of rows. */
  function datasheetsOf(ids: number[], language: Language): Map<number, DocumentMeta> {
    const result = new Map<number, DocumentMeta>();
    if (!ids.length) return result;
    const rows = db
      .prepare(
        `SELECT dp.product_id AS productId, d.id FROM document_products dp JOIN documents d ON d.id = dp.document_id
         WHERE d.type = 'datasheet' AND d.language = ? AND dp.product_id IN (${placeholders(ids.length)}) ORDER BY d.date DESC, d.id`,
      )
      .all(language, ...ids) as Array<{ productId: number; id: string }>;
    for (const row of rows) {
      if (result.has(row.productId)) continue;
      const meta = documents.byId(row.id, language);
      if (meta) result.set(row.productId, meta);
    }
    return result;
  }

  function listItem(row: ProductRow, params: Record<string, ParamValue>, language: Language, datasheet: DocumentMeta | null = null): ProductListItem {
    const data = JSON.parse(row.data) as { summary: Record<Language, string>; isNew?: boolean; loss?: LossData | null };
    return {
      id: row.id,
      parentId: row.parentId,
      partNumber: row.partNumber,
      name: language === "zh" ? row.nameZh : row.nameEn,
      summary: data.summary[language],
      isNew: data.isNew ?? false,
      params,
      datasheet,
      loss: data.loss ?? null,
    };
  }

  function detail(row: ProductRow, params: Record<string, ParamValue>, language: Language): ProductDetail {
    const data = JSON.parse(row.data) as Record<"description" | "features" | "applications", Record<Language, string[]>>;
    return {
      ...listItem(row, params, language),
      description: data.description[language],
      features: data.features[language],
      applications: data.applications[language],
      documents: documents.forProduct(row.id, language),
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

  /** Checks that a filtered or sorted field exists in the family's table and allows the use (ranges: numeric only). */
  function column(table: ParamColumn[], fieldId: string, use: "filter" | "range"): ParamColumn {
    const found = table.find((candidate) => candidate.fieldId === fieldId);
    if (!found || (use === "range" && !found.sortable)) {
      throw new ApiError("E40030004");
    }
    return found;
  }

  const productRowById = db.prepare(
    "SELECT id, parent_id AS parentId, part_number AS partNumber, name_zh AS nameZh, name_en AS nameEn, data FROM site_list WHERE id = ?",
  );

  mountCall(
    router,
    querySiteListDataByPage,
    ({ body, language }) => {
      let nodeId = body.siteListId;
      if (body.partNumber !== undefined) {
        const id = tree.idOfPartNumber(body.partNumber);
        if (id === null) throw new ApiError("E40030001");
        nodeId = id;
      }
      if (nodeId === undefined) throw new ApiError("E40030003");
      const chain = tree.visibleChain(nodeId);
      if (!chain) throw new ApiError(body.partNumber !== undefined ? "E40030001" : "E40030002");
      const node = chain[chain.length - 1]!;
      const paramTable = paramTableOf(chain[0]!, language);

      const where = ["s.part_number IS NOT NULL"];
      const args: SQLInputValue[] = [node.id];
      for (const [fieldId, values] of Object.entries(body.filters ?? {})) {
        column(paramTable, fieldId, "filter");
        where.push(
          `EXISTS (SELECT 1 FROM product_params f WHERE f.product_id = s.id AND f.field_id = ? AND f.language = ? AND f.text_value IN (${placeholders(values.length)}))`,
        );
        args.push(fieldId, language, ...values.map(String));
      }
      for (const [fieldId, range] of Object.entries(body.ranges ?? {})) {
        column(paramTable, fieldId, "range");
        const bounds = [range.min === undefined ? "" : " AND f.num_value >= ?", range.max === undefined ? "" : " AND f.num_value <= ?"];
        where.push(`EXISTS (SELECT 1 FROM product_params f WHERE f.product_id = s.id AND f.field_id = ? AND f.language = ?${bounds.join("")})`);
        args.push(fieldId, language);
        if (range.min !== undefined) args.push(range.min);
        if (range.max !== undefined) args.push(range.max);
      }
      if (body.keyword) {
        // The column names come from the validated language, never from input.
        where.push(
          `(s.part_number LIKE ? ESCAPE '\\' OR s.name_${language} LIKE ? ESCAPE '\\' OR json_extract(s.data, '$.summary.${language}') LIKE ? ESCAPE '\\')`,
        );
        const pattern = likePattern(body.keyword);
        args.push(pattern, pattern, pattern);
      }

      const from = `WITH RECURSIVE ${subtreeCte} SELECT %COLUMNS% FROM site_list s JOIN subtree t ON t.id = s.id
        LEFT JOIN site_list p ON p.id = s.parent_id`;
      const total = (db.prepare(`${from.replace("%COLUMNS%", "COUNT(*) AS n")} WHERE ${where.join(" AND ")}`).get(...args) as { n: number }).n;

      let order = "p.sort, s.parent_id, s.sort, s.id";
      let sortJoin = "";
      const sortArgs: SQLInputValue[] = [];
      if (body.sort) {
        const direction = body.sort.order === "desc" ? "DESC" : "ASC";
        if (body.sort.fieldId === "partNumber") {
          order = `s.part_number COLLATE NOCASE ${direction}, ${order}`;
        } else {
          // Numeric columns sort by number; text columns (package, topology…) as text.
          const value = column(paramTable, body.sort.fieldId, "filter").sortable ? "o.num_value" : "o.text_value COLLATE NOCASE";
          sortJoin = "LEFT JOIN product_params o ON o.product_id = s.id AND o.field_id = ? AND o.language = ?";
          sortArgs.push(body.sort.fieldId, language);
          order = `(${value.split(" ")[0]} IS NULL), ${value} ${direction}, ${order}`;
        }
      }
      const columns = "s.id, s.parent_id AS parentId, s.part_number AS partNumber, s.name_zh AS nameZh, s.name_en AS nameEn, s.data";
      // The sort join goes after the subtree join, so its parameters follow the node id.
      const sql = `${from.replace("%COLUMNS%", columns)} ${sortJoin} WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT ? OFFSET ?`;
      const [first, ...rest] = args;
      const rows = db.prepare(sql).all(first!, ...sortArgs, ...rest, body.pageSize, (body.pageIndex - 1) * body.pageSize) as unknown as ProductRow[];
      const params = paramsOf(rows.map((row) => row.id), language);
      const datasheets = datasheetsOf(rows.map((row) => row.id), language);

      let product: ProductDetail | null = null;
      if (body.partNumber !== undefined) {
        const row = productRowById.get(node.id) as unknown as ProductRow;
        product = detail(row, paramsOf([row.id], language).get(row.id)!, language);
      }
      return {
        list: rows.map((row) => listItem(row, params.get(row.id)!, language, datasheets.get(row.id) ?? null)),
        total,
        pageIndex: body.pageIndex,
        pageSize: body.pageSize,
        node: nodeOf(node, language),
        breadcrumb: chain.map((row) => ({ id: row.id, level: row.level, name: nodeName(row, language), partNumber: row.partNumber })),
        paramTable,
        product,
      };
    },
    options,
  );

  mountCall(
    router,
    queryDistinctProductFieldData,
    ({ body, language }) => {
      const chain = tree.visibleChain(body.siteListId);
      if (!chain) throw new ApiError("E40030002");
      const paramTable = paramTableOf(chain[0]!, language);
      const rows = db
        .prepare(
          `WITH RECURSIVE ${subtreeCte}
           SELECT f.field_id AS fieldId, f.text_value AS text, f.num_value AS num, COUNT(*) AS count
           FROM product_params f JOIN subtree t ON t.id = f.product_id JOIN site_list s ON s.id = f.product_id
           WHERE s.part_number IS NOT NULL AND f.language = ? GROUP BY f.field_id, f.text_value`,
        )
        .all(body.siteListId, language) as Array<{ fieldId: string; text: string; num: number | null; count: number }>;
      const fields: DistinctField[] = paramTable.map((column) => {
          const values = rows.filter((row) => row.fieldId === column.fieldId);
          const numbers = values.flatMap((row) => (row.num === null ? [] : [row.num]));
          values.sort((a, b) => (a.num !== null && b.num !== null ? a.num - b.num : a.text.localeCompare(b.text, language)));
          return {
            ...column,
            values: values.map((row) => ({
              value: row.num ?? row.text,
              label: row.num !== null && column.unit ? `${row.text} ${column.unit}` : row.text,
              count: row.count,
            })),
            min: column.sortable && numbers.length ? Math.min(...numbers) : null,
            max: column.sortable && numbers.length ? Math.max(...numbers) : null,
          };
        });
      // Per child node (series, or a product under a series): its product count and numeric bounds, for category cards.
      const childTree = `childTree(id, top) AS (
          SELECT id, id FROM site_list WHERE parent_id = ? AND status = 'on'
          UNION ALL SELECT c.id, t.top FROM site_list c JOIN childTree t ON c.parent_id = t.id WHERE c.status = 'on'
        )`;
      const counts = db
        .prepare(
          `WITH RECURSIVE ${childTree} SELECT t.top AS id, COUNT(*) AS count FROM childTree t JOIN site_list s ON s.id = t.id
           WHERE s.part_number IS NOT NULL GROUP BY t.top`,
        )
        .all(body.siteListId) as Array<{ id: number; count: number }>;
      const bounds = db
        .prepare(
          `WITH RECURSIVE ${childTree} SELECT t.top AS id, f.field_id AS fieldId, MIN(f.num_value) AS min, MAX(f.num_value) AS max
           FROM childTree t JOIN site_list s ON s.id = t.id JOIN product_params f ON f.product_id = s.id
           WHERE s.part_number IS NOT NULL AND f.language = ? AND f.num_value IS NOT NULL GROUP BY t.top, f.field_id`,
        )
        .all(body.siteListId, language) as Array<{ id: number; fieldId: string; min: number; max: number }>;
      const numericFields = new Set(paramTable.filter((column) => column.sortable).map((column) => column.fieldId));
      const children = new Map(counts.map((row) => [row.id, { id: row.id, count: row.count, ranges: {} as Record<string, { min: number; max: number }> }]));
      for (const row of bounds) {
        const child = children.get(row.id);
        if (child && numericFields.has(row.fieldId)) child.ranges[row.fieldId] = { min: row.min, max: row.max };
      }
      return { siteListId: body.siteListId, fields, children: [...children.values()] };
    },
    options,
  );
}
