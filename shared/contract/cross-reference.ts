// The cross-reference calls: one competitor part with our candidates and their per-parameter tables, and many
// part numbers at once (a bill of materials) answered with each one's best match.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { lossData } from "./loss-data.ts";
import { productLifecycle, unknownLifecycle } from "./lifecycle.ts";
import { paramKeys, rowStatuses, noteKeys } from "../cross-reference/compare.ts";
import { tiers } from "../cross-reference/match.ts";
import { competitorPart, decodedPart, deviceTypes, manufacturers, sourceRef } from "../cross-reference/schema.ts";

/** The tiers, best first (here too, so that pages get them as a constant of the contract, without the matching code). */
export const crossReferenceTiers = tiers;

/** The longest text a part-number field takes. */
export const CROSS_REFERENCE_PART_MAX = 60;
/** How many part numbers one bill of materials may hold. */
export const CROSS_REFERENCE_BATCH_MAX = 200;
/**
 * How many of our candidates, closest first, one part's answer carries, and how many rejected products: an engineer
 * replacing one part weighs the closest few; at a vendor's whole catalog (10,000 parts) a 1200 V MOSFET has over a
 * thousand candidates, and a page with all of them was 16 MB. The counts cover every one.
 */
export const CROSS_REFERENCE_SHOWN = 10;
export const CROSS_REFERENCE_REJECTED_SHOWN = 20;

const values = z.record(z.string(), z.union([z.string(), z.number()]));
const reason = z.object({ key: z.string(), values: values.optional() });
const conditions = z.object({
  tc: z.number().optional(),
  tj: z.number().optional(),
  vgs: z.number().optional(),
  i: z.number().optional(),
  vr: z.number().optional(),
});
const cellValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);

const comparisonRow = z.object({
  param: z.enum(paramKeys),
  decisive: z.boolean(),
  // `max`: their value is a stated maximum, where their datasheet gives no typical value at those conditions.
  theirs: z.object({ value: cellValue, conditions, source: sourceRef.nullable(), decoded: z.literal(true).optional(), max: z.literal(true).optional() }),
  ours: z.object({ value: cellValue, conditions, basis: z.enum(["catalog", "loss-model", "reference"]) }),
  status: z.enum(rowStatuses),
  note: z.object({ key: z.enum(noteKeys), values: values.optional() }).optional(),
});

/** Our product as a match shows it: its id and name, family (for the finder) and loss data (for the estimate). */
const crossReferenceProduct = z.object({
  partNumber: z.string(),
  /** Its product id (for the sample list). */
  id: z.number().int(),
  name: z.string(),
  /** The family (top product-tree node) id. */
  familyId: z.number().int(),
  loss: lossData.nullable(),
  /** Its lifecycle: the page's badge, and why a part on its way out is listed after the others. */
  lifecycle: productLifecycle.default(unknownLifecycle),
});
export type CrossReferenceProduct = z.infer<typeof crossReferenceProduct>;

const crossReferenceCandidate = z.object({
  product: crossReferenceProduct,
  tier: z.enum(tiers),
  reasons: z.array(reason),
  rows: z.array(comparisonRow),
});
export type CrossReferenceCandidate = z.infer<typeof crossReferenceCandidate>;

/** A competitor part in a list: enough to name it and link its page. */
const competitorPartSummary = z.object({
  partNumber: z.string(),
  manufacturer: z.enum(manufacturers),
  deviceType: z.enum(deviceTypes),
});
export type CompetitorPartSummary = z.infer<typeof competitorPartSummary>;

const suggestion = competitorPartSummary.extend({ kind: z.enum(["prefix", "partial", "typo"]) });

export const queryCrossReference = defineCall({
  name: "queryCrossReference",
  path: "/front/queryCrossReference",
  summary: `One competitor part number (case, spaces and punctuation ignored): the part with its sourced datasheet values (or the values its number decodes to by a published nomenclature), our closest candidates (at most ${CROSS_REFERENCE_SHOWN}) in tiers (drop-in, functional, needs review) with a per-parameter table each and the count of every candidate per tier, the first ${CROSS_REFERENCE_REJECTED_SHOWN} rejected products with their reasons and their count, and the parts a partial or mistyped number may mean.`,
  /** Without `part`: only `families` (the parameter search of the empty page). */
  body: z.strictObject({
    part: z.string().trim().min(1).max(CROSS_REFERENCE_PART_MAX).optional(),
    /** The visitor's operating point (the estimator's `op` grammar): the tiers are re-judged there. An invalid one is ignored (the page says why). */
    op: z.string().max(200).optional(),
  }),
  data: z.object({
    /** The text as asked (trimmed). */
    query: z.string(),
    match: z.enum(["exact", "decoded"]).nullable(),
    /** The ordering suffix removed from the text to find the part (null when none was). */
    stripped: z.string().nullable(),
    part: z.union([competitorPart, decodedPart]).nullable(),
    /** The closest CROSS_REFERENCE_SHOWN candidates, in rank order. */
    candidates: z.array(crossReferenceCandidate),
    /** Every candidate, shown or not, by tier. */
    counts: z.object({ "drop-in": z.number().int(), functional: z.number().int(), "needs-review": z.number().int() }),
    /** The first CROSS_REFERENCE_REJECTED_SHOWN rejected products. */
    rejected: z.array(z.object({ product: crossReferenceProduct, reasons: z.array(reason) })),
    /** Every rejected product, listed or not. */
    rejectedCount: z.number().int(),
    suggestions: z.array(suggestion),
    /** Without `part`: every competitor part of the table (the page lists them, the sitemap holds their pages); empty otherwise. */
    known: z.array(competitorPartSummary),
    /** Our family of each device type and the packages it holds: the parameter search for an unknown number. */
    families: z.array(z.object({ deviceType: z.enum(deviceTypes), familyId: z.number().int(), packages: z.array(z.string()) })),
  }),
});
export type CrossReferenceData = z.infer<typeof queryCrossReference.data>;

const crossReferenceBatchRow = z.object({
  query: z.string(),
  /** How the number was recognised (only as the part it names, or decodes to); null when it was not. */
  match: z.enum(["exact", "decoded"]).nullable(),
  /** The ordering suffix removed from the line to find the part (null when none was). */
  stripped: z.string().nullable(),
  part: competitorPartSummary.nullable(),
  /** A part the line may mean, offered and never applied (null when there is none, or the line was recognised). */
  suggestion: competitorPartSummary.nullable(),
  /** Our best candidate (the first of the best tier), null when none. */
  best: z.object({ partNumber: z.string(), tier: z.enum(tiers) }).nullable(),
  /** How many candidates in each tier. */
  counts: z.record(z.enum(tiers), z.number().int().nonnegative()),
});
export type CrossReferenceBatchRow = z.infer<typeof crossReferenceBatchRow>;

export const queryCrossReferenceBatch = defineCall({
  name: "queryCrossReferenceBatch",
  path: "/front/queryCrossReferenceBatch",
  summary: `Many competitor part numbers at once (a bill of materials, at most ${CROSS_REFERENCE_BATCH_MAX}): for each, how it was recognised (exact or decoded, after removing an ordering suffix) or else a part it may mean (a suggestion, never applied), the part, our best candidate and its tier, and the number of candidates per tier.`,
  body: z.strictObject({ parts: z.array(z.string().trim().min(1).max(CROSS_REFERENCE_PART_MAX)).min(1).max(CROSS_REFERENCE_BATCH_MAX) }),
  data: z.object({ rows: z.array(crossReferenceBatchRow) }),
});
