// The SQL of a product page: the node's filters, ranges and keyword as a WHERE clause over the materialised
// tree, the sort (part number, numeric or text parameter), and the count and page queries built from them.
import type { SQLInputValue } from "node:sqlite";
import type { ParamColumn, querySiteListDataByPage } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import { ApiError, type CallContext } from "../http.ts";
import { likePattern, placeholders } from "../sql.ts";

type ProductPageBody = CallContext<typeof querySiteListDataByPage>["body"];

/** Checks that a filtered or sorted field exists in the family's table and allows the use (ranges: numeric only). */
function column(table: ParamColumn[], fieldId: string, use: "filter" | "range"): ParamColumn {
  const found = table.find((candidate) => candidate.fieldId === fieldId);
  if (!found || (use === "range" && !found.sortable)) {
    throw new ApiError("E40030004");
  }
  return found;
}

/** The count query and the page query (product ids in order) of one page of a node's products. */
export function productPageQuery(body: ProductPageBody, language: Language, nodeId: number, paramTable: ParamColumn[]) {
  const where = ["t.ancestor_id = ?", "t.product = 1"];
  const args: SQLInputValue[] = [nodeId];
  const lifecycle = body.lifecycle
    ? { sql: `EXISTS (SELECT 1 FROM product_lifecycle l WHERE l.product_id = t.node_id AND l.state IN (${placeholders(body.lifecycle.length)}))`, args: body.lifecycle }
    : null;
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
    where.push(`(s.part_number LIKE ? ESCAPE '\\' OR s.name_${language} LIKE ? ESCAPE '\\' OR json_extract(s.data, '$.summary.${language}') LIKE ? ESCAPE '\\')`);
    const pattern = likePattern(body.keyword);
    args.push(pattern, pattern, pattern);
  }
  // The lifecycle filter last: the clauses before it are what every other filter keeps, which the hidden count reads.
  const others = { where: [...where], args: [...args] };
  if (lifecycle) {
    where.push(lifecycle.sql);
    args.push(...lifecycle.args);
  }

  // The node's visible products come from the materialised tree (product-tree.ts), in catalogue order.
  // Only a keyword or the part-number sort reads the products' rows: otherwise the page (even the last of
  // thousands) is found in site_tree and product_params alone, and only its rows are read.
  const readsRows = Boolean(body.keyword) || body.sort?.fieldId === "partNumber";
  const from = `SELECT %COLUMNS% FROM site_tree t${readsRows ? " JOIN site_list s ON s.id = t.node_id" : ""}`;
  const countSql = `${from.replace("%COLUMNS%", "COUNT(*) AS n")} WHERE ${where.join(" AND ")}`;

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
  return {
    count: { sql: countSql, args },
    // With a lifecycle filter, the listed count and the count of every state in one pass over the node's products
    // (two counts walked a family of 2,761 parts twice: docs/performance.md).
    counts: lifecycle
      ? {
          sql: `${from.replace("%COLUMNS%", `SUM(${lifecycle.sql}) AS n, COUNT(*) AS everyState`)} WHERE ${others.where.join(" AND ")}`,
          args: [...lifecycle.args, ...others.args],
        }
      : null,
    page: { sql, args: [...sortArgs, ...args, body.pageSize, (body.pageIndex - 1) * body.pageSize] },
  };
}
