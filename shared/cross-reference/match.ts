// Cross-reference tiers: every catalog product of the competitor part's device type becomes a candidate
// ("drop-in", "functional", "needs review") with its per-parameter table, or a rejection with its reasons.
import { compareParts, type ComparisonRow, type ParamKey } from "./compare.ts";
import { deviceTypeOf, type OurProduct } from "./our-product.ts";
import type { AnyCompetitorPart, QingyunReference } from "./schema.ts";

export const tiers = ["drop-in", "functional", "needs-review"] as const;
export type Tier = (typeof tiers)[number];

/** A reason: a key under "cross-reference:reason." with the values it interpolates. */
interface Reason {
  key: string;
  values?: Record<string, string | number>;
}

interface Candidate {
  partNumber: string;
  tier: Tier;
  /** Why the candidate is not a drop-in (empty for a drop-in). */
  reasons: Reason[];
  rows: ComparisonRow[];
}

interface Rejection {
  partNumber: string;
  reasons: Reason[];
  rows: ComparisonRow[];
}

export interface CrossReferenceResult {
  candidates: Candidate[];
  rejected: Rejection[];
}

/** Rows whose failure rules a product out: a rating, an on-state value, the circuit or a qualification. */
const ruling: ReadonlySet<ParamKey> = new Set(["voltage", "current", "tjMax", "tjOp", "rdsOn", "vf", "vceSat", "topology", "aecQ101"]);
/** Ratings a product must be shown to meet; one we cannot compare needs review. */
const ratings: ReadonlySet<ParamKey> = new Set(["voltage", "current", "tjMax", "tjOp"]);
/** Rows that keep a product from being a drop-in without ruling it out. */
const fit: ReadonlySet<ParamKey> = new Set(["package", "pinout", "gateDrive"]);

function reasonOf(row: ComparisonRow): Reason {
  const values: Record<string, string | number> = {};
  if (row.theirs.value !== null) values.theirs = String(row.theirs.value);
  if (row.ours.value !== null) values.ours = String(row.ours.value);
  return { key: `${row.status}.${row.param}`, values };
}

/** The tier of one product from its table, or the reasons it is rejected. */
function classify(rows: ComparisonRow[]): { tier: Tier; reasons: Reason[] } | { rejected: Reason[] } {
  const decisive = rows.filter((r) => r.decisive);
  const failures = decisive.filter((r) => ruling.has(r.param) && r.status === "fail");
  if (failures.length > 0) return { rejected: failures.map(reasonOf) };
  // A rating stated at several conditions is confirmed by any comparable row; only a rating no row confirms needs review.
  const confirmed = new Set(decisive.filter((r) => r.status !== "not-comparable").map((r) => r.param));
  const review = decisive.filter(
    (r) => (ruling.has(r.param) && r.status === "worse") || (ratings.has(r.param) && r.status === "not-comparable" && !confirmed.has(r.param)),
  );
  if (review.length > 0) return { tier: "needs-review", reasons: review.map(reasonOf) };
  const change = decisive.filter((r) => fit.has(r.param) && r.status !== "pass" && r.status !== "better");
  if (change.length > 0) return { tier: "functional", reasons: change.map(reasonOf) };
  return { tier: "drop-in", reasons: [] };
}

const tierRank: Record<Tier, number> = { "drop-in": 0, functional: 1, "needs-review": 2 };

/** How far a product's ratings sit from the competitor's (0 = the same); closest first within a tier. */
function distance(rows: ComparisonRow[]): number {
  return rows
    .filter((r) => (r.param === "voltage" || r.param === "current") && typeof r.ours.value === "number" && typeof r.theirs.value === "number")
    .reduce((sum, r) => sum + Math.abs(Math.log((r.ours.value as number) / (r.theirs.value as number))), 0);
}

/** Matches a competitor part against our catalog products (any order; products of other device types are skipped). */
export function crossReference(part: AnyCompetitorPart, products: readonly OurProduct[], reference: QingyunReference): CrossReferenceResult {
  const candidates: (Candidate & { distance: number })[] = [];
  const rejected: Rejection[] = [];
  for (const product of products) {
    if (deviceTypeOf(product) !== part.deviceType) continue;
    const rows = compareParts(part, product, reference);
    const outcome = classify(rows);
    if ("rejected" in outcome) rejected.push({ partNumber: product.partNumber, reasons: outcome.rejected, rows });
    else candidates.push({ partNumber: product.partNumber, tier: outcome.tier, reasons: outcome.reasons, rows, distance: distance(rows) });
  }
  candidates.sort((a, b) => tierRank[a.tier] - tierRank[b.tier] || a.distance - b.distance || a.partNumber.localeCompare(b.partNumber));
  return { candidates: candidates.map(({ distance: _, ...candidate }) => candidate), rejected };
}
