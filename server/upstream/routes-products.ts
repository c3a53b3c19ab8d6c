// Product data by page (filters, numeric sort, keyword, detail by part number) and distinct filter values.
import type { Router } from "express";
import type { SQLInputValue } from "node:sqlite";
import {
  queryDistinctProductFieldData,
  querySiteListDataByPage,
  type DistinctField,
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

  function listItem(row: ProductRow, params: Record<string, ParamValue>, language: Language): ProductListItem {
    const data = JSON.parse(row.data) as { summary: Record<Language, string>; isNew?: boolean };
    return {
      id: row.id,
      parentId: row.parentId,
      partNumber: row.partNumber,
      name: language === "zh" ? row.nameZh : row.nameEn,
      summary: data.summary[language],
      isNew: data.isNew ?? false,
      params,
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

  /** Checks that a filtered or sorted field exists in the family's table and allows the use. */
  function column(table: ParamColumn[], fieldId: string, use: "filter" | "sort"): ParamColumn {
    const found = table.find((candidate) => candidate.fieldId === fieldId);
    if (!found || (use === "filter" ? found.screenName === null && !found.sortable : !found.sortable)) {
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
        column(paramTable, fieldId, "sort");
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
        column(paramTable, body.sort.fieldId, "sort");
        sortJoin = "LEFT JOIN product_params o ON o.product_id = s.id AND o.field_id = ? AND o.language = ?";
        sortArgs.push(body.sort.fieldId, language);
        order = `(o.num_value IS NULL), o.num_value ${body.sort.order === "desc" ? "DESC" : "ASC"}, ${order}`;
      }
      const columns = "s.id, s.parent_id AS parentId, s.part_number AS partNumber, s.name_zh AS nameZh, s.name_en AS nameEn, s.data";
      // The sort join goes after the subtree join, so its parameters follow the node id.
      const sql = `${from.replace("%COLUMNS%", columns)} ${sortJoin} WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT ? OFFSET ?`;
      const [first, ...rest] = args;
      const rows = db.prepare(sql).all(first!, ...sortArgs, ...rest, body.pageSize, (body.pageIndex - 1) * body.pageSize) as unknown as ProductRow[];
      const params = paramsOf(rows.map((row) => row.id), language);

      let product: ProductDetail | null = null;
      if (body.partNumber !== undefined) {
        const row = productRowById.get(node.id) as unknown as ProductRow;
        product = detail(row, paramsOf([row.id], language).get(row.id)!, language);
      }
      return {
        list: rows.map((row) => listItem(row, params.get(row.id)!, language)),
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
      const fields: DistinctField[] = paramTable
        .filter((column) => column.screenName !== null)
        .map((column) => {
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
      return { siteListId: body.siteListId, fields };
    },
    options,
  );
}
