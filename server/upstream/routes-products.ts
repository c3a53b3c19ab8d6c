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
import { createTreeReader, familyMembers, nodeName, paramTableOf, type TreeRow } from "./product-tree.ts";
import { likePattern, placeholders } from "./sql.ts";
import { relatedProducts } from "../../shared/related-products.ts";

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

  /** Some products' rows in one query, in the order of `ids`. */
  function productRowsOf(ids: number[]): ProductRow[] {
    if (!ids.length) return [];
    const found = db
      .prepare(`SELECT id, parent_id AS parentId, part_number AS partNumber, name_zh AS nameZh, name_en AS nameEn, data FROM site_list WHERE id IN (${placeholders(ids.length)})`)
      .all(...ids) as unknown as ProductRow[];
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)!);
  }

  /** The products of the whole family nearest to `product` (shared/related-products.ts), as table rows. */
  function relatedOf(product: ProductDetail, familyId: number, paramTable: ParamColumn[], language: Language): ProductListItem[] {
    // Related products weigh numeric parameters only, so the family's numbers are all they need.
    const candidates = familyMembers(db, familyId, language);
    const ids = relatedProducts(product, candidates, paramTable, 4).map((candidate) => candidate.id);
    const params = paramsOf(ids, language);
    const datasheets = documents.datasheets(ids, language);
    return productRowsOf(ids).map((row) => listItem(row, params.get(row.id)!, language, datasheets.get(row.id) ?? null));
  }

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

      const where = ["t.ancestor_id = ?", "t.product = 1"];
      const args: SQLInputValue[] = [node.id];
      for (const [fieldId, values] of Object.entries(body.filters ?? {})) {
        column(paramTable, fieldId, "filter");
        where.push(
          `EXISTS (SELECT 1 FROM product_params f WHERE f.product_id = t.node_id AND f.field_id = ? AND f.language = ? AND f.text_value IN (${placeholders(values.length)}))`,
        );
        args.push(fieldId, language, ...values.map(String));
      }
      for (const [fieldId, range] of Object.entries(body.ranges ?? {})) {
        column(paramTable, fieldId, "range");
        const bounds = [range.min === undefined ? "" : " AND f.num_value >= ?", range.max === undefined ? "" : " AND f.num_value <= ?"];
        where.push(`EXISTS (SELECT 1 FROM product_params f WHERE f.product_id = t.node_id AND f.field_id = ? AND f.language = ?${bounds.join("")})`);
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

      // The node's visible products come from the materialised tree (product-tree.ts), in catalogue order.
      // Only a keyword or the part-number sort reads the products' rows: otherwise the page (even the last of
      // thousands) is found in site_tree and product_params alone, and only its rows are read.
      const readsRows = Boolean(body.keyword) || body.sort?.fieldId === "partNumber";
      const from = `SELECT %COLUMNS% FROM site_tree t${readsRows ? " JOIN site_list s ON s.id = t.node_id" : ""}`;
      const total = (db.prepare(`${from.replace("%COLUMNS%", "COUNT(*) AS n")} WHERE ${where.join(" AND ")}`).get(...args) as { n: number }).n;

      let order = "t.position";
      let sortJoin = "";
      const sortArgs: SQLInputValue[] = [];
      if (body.sort) {
        const direction = body.sort.order === "desc" ? "DESC" : "ASC";
        if (body.sort.fieldId === "partNumber") {
          order = `s.part_number COLLATE NOCASE ${direction}, ${order}`;
        } else {
          // Numeric columns sort by number; text columns (package, topology…) as text.
          const value = column(paramTable, body.sort.fieldId, "filter").sortable ? "o.num_value" : "o.text_value COLLATE NOCASE";
          sortJoin = "LEFT JOIN product_params o ON o.product_id = t.node_id AND o.field_id = ? AND o.language = ?";
          sortArgs.push(body.sort.fieldId, language);
          order = `(${value.split(" ")[0]} IS NULL), ${value} ${direction}, ${order}`;
        }
      }
      // The sort join comes before the WHERE clause, so its parameters come first.
      const sql = `${from.replace("%COLUMNS%", "t.node_id AS id")} ${sortJoin} WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT ? OFFSET ?`;
      const pageIds = (db.prepare(sql).all(...sortArgs, ...args, body.pageSize, (body.pageIndex - 1) * body.pageSize) as Array<{ id: number }>).map((row) => row.id);
      const rows = productRowsOf(pageIds);
      const params = paramsOf(rows.map((row) => row.id), language);
      const datasheets = documents.datasheets(rows.map((row) => row.id), language);

      let product: ProductDetail | null = null;
      let related: ProductListItem[] = [];
      if (body.partNumber !== undefined) {
        const row = productRowById.get(node.id) as unknown as ProductRow;
        product = detail(row, paramsOf([row.id], language).get(row.id)!, language);
        related = relatedOf(product, chain[0]!.id, paramTable, language);
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
        related,
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
      // Materialised with the content (product-tree.ts): the node's distinct values and their counts.
      const rows = db
        .prepare(
          `SELECT field_id AS fieldId, text_value AS text, num_value AS num, count FROM site_param_values
           WHERE ancestor_id = ? AND language = ?`,
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
      const counts = db
        .prepare(
          `SELECT c.id, COUNT(*) AS count FROM site_list c JOIN site_tree t ON t.ancestor_id = c.id AND t.product = 1
           WHERE c.parent_id = ? AND c.status = 'on' GROUP BY c.id`,
        )
        .all(body.siteListId) as Array<{ id: number; count: number }>;
      const bounds = db
        .prepare(
          `SELECT c.id, v.field_id AS fieldId, MIN(v.num_value) AS min, MAX(v.num_value) AS max
           FROM site_list c JOIN site_param_values v ON v.ancestor_id = c.id AND v.language = ?
           WHERE c.parent_id = ? AND c.status = 'on' AND v.num_value IS NOT NULL GROUP BY c.id, v.field_id`,
        )
        .all(language, body.siteListId) as Array<{ id: number; fieldId: string; min: number; max: number }>;
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
