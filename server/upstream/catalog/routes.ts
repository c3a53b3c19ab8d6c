// Product data by page (filters, numeric sort, keyword, detail by part number) and distinct filter values.
// The rows' mapping is product-rows.ts, the page's SQL product-query.ts.
import type { Router } from "express";
import {
  queryDistinctProductFieldData,
  queryModelValidation,
  queryModelValidations,
  queryPartModels,
  querySiteListDataByPage,
  type DistinctField,
  type ProductDetail,
  type ProductListItem,
} from "../../../shared/contract/index.ts";
import { queryModelCurves } from "../../../shared/contract/model-curves.ts";
import type { Database } from "../db.ts";
import { createDocumentStore } from "../documents/store.ts";
import type { ModelStore } from "../models/store.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { createTreeReader, nodeName, paramTableOf } from "./product-tree.ts";
import { productPageQuery } from "./product-query.ts";
import { createProductRows, type ListRow, type ProductRow } from "./product-rows.ts";
import { typicalIndex } from "../../../shared/estimator/typical-part.ts";
import { createNoticeStore } from "../notices/store.ts";

export function mountProductRoutes(router: Router, db: Database, options: MountOptions & { models?: ModelStore }) {
  const tree = createTreeReader(db);
  const documents = createDocumentStore(db);
  const notices = createNoticeStore(db);
  const { paramsOf, listItem, listFieldsOf, detail, nodeOf, productRowById, listRowsOf, lossOf, relatedOf } = createProductRows(db, documents, options.models);

  /** The loss data of a page's typical part (shared/estimator/typical-part.ts), read for that part alone. */
  function typicalLossOf(rows: ListRow[]) {
    const index = typicalIndex(rows.map((row) => row.lossVoltage));
    return index < 0 ? null : lossOf(rows[index]!.id);
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

      const query = productPageQuery(body, language, node.id, paramTable);
      // With a lifecycle filter, also what it alone hides: the count of every state less the listed ones.
      const counts = query.counts
        ? (db.prepare(query.counts.sql).get(...query.counts.args) as { n: number | null; everyState: number })
        : { ...(db.prepare(query.count.sql).get(...query.count.args) as { n: number }), everyState: null };
      const total = counts.n ?? 0;
      const hiddenByLifecycle = counts.everyState === null ? 0 : counts.everyState - total;
      const pageIds = (db.prepare(query.page.sql).all(...query.page.args) as Array<{ id: number }>).map((row) => row.id);
      const rows = listRowsOf(pageIds, language, body.loss);
      const params = paramsOf(
        rows.map((row) => row.id),
        language,
      );
      const datasheets = documents.datasheets(
        rows.map((row) => row.id),
        language,
      );

      let product: ProductDetail | null = null;
      let related: ProductListItem[] = [];
      if (body.partNumber !== undefined) {
        const row = productRowById.get(node.id) as unknown as ProductRow;
        product = { ...detail(row, paramsOf([row.id], language).get(row.id)!, language), notices: notices.forProduct(row.id, language) };
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
        hiddenByLifecycle,
        typicalLoss: body.loss === "typical" ? typicalLossOf(rows) : null,
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
      // The node's products, and per child category (a series) its product count and numeric bounds, for the
      // finder's total and the category cards. Parts among the children are left out: a series of 1,771 parts
      // gave 1,771 children and 12,397 ranges no caller showed (docs/performance.md, "Memory at 10,000 products").
      const { count } = db.prepare("SELECT COUNT(*) AS count FROM site_tree WHERE ancestor_id = ? AND product = 1 AND node_id != ancestor_id").get(body.siteListId) as {
        count: number;
      };
      const counts = db
        .prepare(
          `SELECT c.id, COUNT(*) AS count FROM site_list c JOIN site_tree t ON t.ancestor_id = c.id AND t.product = 1
           WHERE c.parent_id = ? AND c.status = 'on' AND c.part_number IS NULL GROUP BY c.id`,
        )
        .all(body.siteListId) as Array<{ id: number; count: number }>;
      const bounds = db
        .prepare(
          `SELECT c.id, v.field_id AS fieldId, MIN(v.num_value) AS min, MAX(v.num_value) AS max
           FROM site_list c JOIN site_param_values v ON v.ancestor_id = c.id AND v.language = ?
           WHERE c.parent_id = ? AND c.status = 'on' AND c.part_number IS NULL AND v.num_value IS NOT NULL GROUP BY c.id, v.field_id`,
        )
        .all(language, body.siteListId) as Array<{ id: number; fieldId: string; min: number; max: number }>;
      const numericFields = new Set(paramTable.filter((column) => column.sortable).map((column) => column.fieldId));
      const children = new Map(counts.map((row) => [row.id, { id: row.id, count: row.count, ranges: {} as Record<string, { min: number; max: number }> }]));
      for (const row of bounds) {
        const child = children.get(row.id);
        if (child && numericFields.has(row.fieldId)) child.ranges[row.fieldId] = { min: row.min, max: row.max };
      }
      return { siteListId: body.siteListId, fields, count, children: [...children.values()] };
    },
    options,
  );

  // A part that is not shown (switched off, or its family) has no models and no report here, as it has no detail.
  const shownPart = (partNumber: string) => {
    const id = tree.idOfPartNumber(partNumber);
    return id !== null && tree.visibleChain(id) ? id : null;
  };

  // A part's model listing with its lifecycle now: what a machine-readable datasheet's current_state_url names,
  // since the file itself records the state on its version's day only (docs/decisions/040-document-revisions.md).
  mountCall(
    router,
    queryPartModels,
    ({ query, language }) => {
      const id = shownPart(query.partNumber);
      const versions = id !== null ? (options.models?.versionsOf(query.partNumber) ?? []) : [];
      if (id === null || !versions.length) throw new ApiError("E40030027");
      const row = productRowById.get(id) as unknown as ProductRow;
      return { partNumber: row.partNumber, lifecycle: listItem(listFieldsOf(row, language), {}, language).lifecycle, newestVersion: versions[0]!.version, versions };
    },
    options,
  );

  // A part's model validation report (the validation page's data), and the parts that have one (the sitemap's).
  mountCall(
    router,
    queryModelValidation,
    ({ query }) => {
      const report = shownPart(query.partNumber) !== null ? options.models?.validation(query.partNumber) : undefined;
      if (!report) throw new ApiError("E40027001");
      return report;
    },
    options,
  );
  // A part's curves from its published CSV (the HTML datasheet's charts, docs/decisions/054-html-datasheet.md).
  mountCall(
    router,
    queryModelCurves,
    ({ query }) => {
      const curves = shownPart(query.partNumber) !== null ? options.models?.curves(query.partNumber) : undefined;
      if (!curves) throw new ApiError("E40027003");
      return curves;
    },
    options,
  );
  mountCall(router, queryModelValidations, () => (options.models?.validations() ?? []).filter((entry) => shownPart(entry.partNumber) !== null), options);
}
