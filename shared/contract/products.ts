// Product data by page (list, filters, numeric sort, detail by part number) and the distinct values of
// the filterable parameters of a product-tree node.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { paged, pagingInput } from "./envelope.ts";
import { documentMeta } from "./documents.ts";
import { lossData } from "./loss-data.ts";
import { characteristicRow, orderingInfo, packageOutline } from "./part-data.ts";
import { modelFile } from "./models.ts";
import { lifecycleStates, productLifecycle, unknownLifecycle } from "./lifecycle.ts";
import { noticeListItem } from "./notices.ts";

/** A parameter key of a family's parameter table (FORMAT.md: letters and digits, starting with a letter). */
const fieldId = z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/);

/** A parameter value as the product data holds it: a number (no unit) or a text already in the request's language. */
const paramValue = z.union([z.number(), z.string()]);
export type ParamValue = z.infer<typeof paramValue>;

/**
 * One column of a family's parameter table (SPEC §3). `paramName` keeps its markup: `<…>` is a subscript and
 * `/` splits header levels (see shared/text/param-name.ts). `screenName` is the long name (filter label, header description); null = the paramName says it all.
 */
const paramColumn = z.object({
  fieldId,
  paramName: z.string(),
  screenName: z.string().nullable(),
  sortable: z.boolean(),
  unit: z.string().nullable(),
});
export type ParamColumn = z.infer<typeof paramColumn>;

/** A product-tree node as a page header or breadcrumb shows it. */
const productNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  level: z.number().int().min(1),
  name: z.string(),
  summary: z.string(),
  image: z.string().nullable(),
  partNumber: z.string().nullable(),
});

const breadcrumbItem = z.object({
  id: z.number().int(),
  level: z.number().int().min(1),
  name: z.string(),
  partNumber: z.string().nullable(),
});

/** One row of the product table. */
const productListItem = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  partNumber: z.string(),
  name: z.string(),
  summary: z.string(),
  isNew: z.boolean(),
  /** fieldId → value; a field the product does not state is absent. */
  params: z.record(z.string(), paramValue),
  /** The product's current datasheet, so a table row can link it without a call per row. */
  datasheet: documentMeta.nullable().default(null),
  /** Loss and thermal parameters for the estimator (shared/estimator/); null where no estimate applies (gate drivers). */
  loss: lossData.nullable().default(null),
  /** Preview, active, NRND, last-time buy or obsolete, with its dates and replacement (lifecycle.ts). */
  lifecycle: productLifecycle.default(unknownLifecycle),
});
export type ProductListItem = z.infer<typeof productListItem>;

/** Everything the product detail page shows. */
const productDetail = productListItem.extend({
  description: z.array(z.string()),
  features: z.array(z.string()),
  applications: z.array(z.string()),
  documents: z.array(documentMeta),
  /** The datasheet's ratings and characteristics with their test conditions (shared/contract/part-data.ts). */
  characteristics: z.array(characteristicRow).default([]),
  ordering: orderingInfo.nullable().default(null),
  outline: packageOutline.nullable().default(null),
  /** The part's model files at their newest version (shared/contract/models.ts), downloadable without a form. */
  models: z.array(modelFile).default([]),
  /** Whether the models' newest version has a validation report (queryModelValidation, the validation page). */
  modelValidation: z.boolean().default(false),
  /** The change and discontinuation notices that name the part, newest first. */
  notices: z.array(noticeListItem).default([]),
});
export type ProductDetail = z.infer<typeof productDetail>;

const sortOrders = ["asc", "desc"] as const;

const numericRange = z.strictObject({ min: z.number().optional(), max: z.number().optional() });

export const querySiteListDataByPage = defineCall({
  name: "querySiteListDataByPage",
  path: "/front/querySiteListDataByPage",
  summary:
    "Products of a product-tree node (a family or series lists all its on-status descendants) by page, with the family's parameter table; or one product by partNumber with its full detail.",
  body: z.strictObject({
    /** The node to list (any level). Either this or partNumber. */
    siteListId: z.number().int().positive().optional(),
    /** Looks one product up for the detail page (case-insensitive). Either this or siteListId. */
    partNumber: z.string().trim().min(1).max(64).optional(),
    keyword: z.string().trim().max(100).optional(),
    /** fieldId → accepted values of any column of the table (a product matches when its value is one of them); fields combine with AND. */
    filters: z.record(fieldId, z.array(paramValue).min(1).max(50)).optional(),
    /** fieldId → numeric bounds, inclusive; only for sortable (numeric) fields. */
    ranges: z.record(fieldId, numericRange).optional(),
    /** Sort: numeric on a sortable field, as text on the other columns and on "partNumber"; products without a value come last. Default: the catalogue order. */
    sort: z.strictObject({ fieldId, order: z.enum(sortOrders) }).optional(),
    /** The lifecycle states to list; absent = every state. The finder sends its default (all but obsolete) itself. */
    lifecycle: z.array(z.enum(lifecycleStates)).min(1).max(lifecycleStates.length).optional(),
    /**
     * The rows' loss data: "rows" (default) gives each row its own; "typical" gives the rows none (`loss` null) and
     * `typicalLoss` the page's typical part's (shared/estimator/typical-part.ts), for a table that estimates nothing
     * and offers a suggested operating point; "none" gives neither (a file without estimates). The rows' loss data
     * were most of a page's bytes and of its validation.
     */
    loss: z.enum(["rows", "typical", "none"]).optional(),
    ...pagingInput.shape,
  }),
  data: paged(productListItem).extend({
    /** The requested node (for partNumber: the product itself). */
    node: productNode,
    /** From the family (level 1) down to the node. */
    breadcrumb: z.array(breadcrumbItem),
    /** The parameter table of the node's family. */
    paramTable: z.array(paramColumn),
    /** Set only for a partNumber lookup. */
    product: productDetail.nullable(),
    /**
     * Only for a partNumber lookup: the products of the whole family nearest to it (shared/catalog/related-products.ts),
     * chosen by the upstream, which holds the family (thousands of parts) that a page could not fetch per request.
     */
    related: z.array(productListItem).default([]),
    /** With a lifecycle filter: the products every other filter keeps that the lifecycle filter hides (the finder says how many). */
    hiddenByLifecycle: z.number().int().nonnegative().default(0),
    /** Only with `loss: "typical"`: the loss data of the page's typical part, null when no part has any. */
    typicalLoss: lossData.nullable().default(null),
  }),
});
export type QuerySiteListDataByPageBody = z.input<typeof querySiteListDataByPage.body>;
export type ProductPage = z.infer<typeof querySiteListDataByPage.data>;

/** One value of a filterable field with the number of products that have it. */
const distinctValue = z.object({ value: paramValue, label: z.string(), count: z.number().int().nonnegative() });

const distinctField = paramColumn.extend({
  values: z.array(distinctValue),
  /** Bounds over the node's products, for sortable (numeric) fields; null otherwise. */
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type DistinctField = z.infer<typeof distinctField>;

export const queryDistinctProductFieldData = defineCall({
  name: "queryDistinctProductFieldData",
  path: "/open/proxy/{provider}/ext/siteListData/queryDistinctProductFieldData",
  summary:
    "Distinct values with counts of every column of the node's parameter table over its on-status products, the node's product count, and per child category (not per part) its product count and numeric bounds (for category cards).",
  body: z.strictObject({ siteListId: z.number().int().positive() }),
  data: z.object({
    siteListId: z.number().int(),
    fields: z.array(distinctField),
    /** The node's on-status products, at any depth below it (a finder's total before filters). */
    count: z.number().int().nonnegative(),
    /**
     * The node's on-status child categories (series), never its parts: a series of a real catalog holds
     * thousands of parts, whose facts no caller shows (they were 448 KB of this answer at 10,000 parts).
     */
    children: z
      .array(
        z.object({
          id: z.number().int(),
          count: z.number().int().nonnegative(),
          /** fieldId → bounds over the child's products, for sortable (numeric) fields that have values. */
          ranges: z.record(z.string(), z.object({ min: z.number(), max: z.number() })),
        }),
      )
      .default([]),
  }),
});
export type ProductFilterData = z.infer<typeof queryDistinctProductFieldData.data>;
