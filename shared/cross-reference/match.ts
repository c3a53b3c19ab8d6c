// Cross-reference tiers and ranking: every catalog product of the competitor part's device type becomes a
// candidate ("drop-in", "functional", "needs review") with its per-parameter table, every difference named, or a
// rejection with its reasons; candidates are ordered by closeness on what decides the design
// (docs/decisions/023-cross-reference-ranking.md).
import { compareParts, type ComparisonRow, type ParamKey } from "./compare.ts";
import { deviceTypeOf, ourCurrents, type OurProduct } from "./our-product.ts";
import type { AnyCompetitorPart, QingyunReference } from "./schema.ts";
import { lifecycleStates, newDesignStates } from "../contract/lifecycle.ts";

export const tiers = ["drop-in", "functional", "needs-review"] as const;
export type Tier = (typeof tiers)[number];

/** A reason: a key under "cross-reference:reason." with the values it interpolates. */
interface Reason {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The per-parameter table of one product against the part, made again when asked: the matching reads every
 * table once and keeps none, since at a vendor's size it judges thousands of products to show a few (at 10,000
 * parts a call kept about 9,000 tables for 30 shown, and the upstream thread spent two thirds of the call
 * collecting them: docs/performance.md, "The cross-reference at 10,000 parts").
 */
type Table = () => ComparisonRow[];

interface Candidate {
  partNumber: string;
  tier: Tier;
  /** Every difference from the part replaced, the one that sets the tier first (empty for a drop-in). */
  reasons: Reason[];
  rows: Table;
}

interface Rejection {
  partNumber: string;
  reasons: Reason[];
  rows: Table;
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
const fit: ReadonlySet<ParamKey> = new Set(["package", "pinout", "gateDrive", "vgsTh"]);

/** A current rating this many times theirs (at the same T_C) is oversize: said, and ranked down. */
const OVERSIZE_CURRENT = 1.5;
/**
 * A rated voltage more than this many times theirs is another voltage class (1200 V for 1000 V, 1700 V for
 * 1200 V); 650 V for 600 V or 700 V for 650 V is the same class.
 */
const VOLTAGE_CLASS_STEP = 1.1;

/** Our rated voltage is of a higher class than theirs. */
function overVoltage(rows: ComparisonRow[]): ComparisonRow | undefined {
  return rows.find(
    (r) =>
      r.decisive && r.param === "voltage" && typeof r.ours.value === "number" && typeof r.theirs.value === "number" && r.ours.value > r.theirs.value * VOLTAGE_CLASS_STEP,
  );
}

function reasonOf(row: ComparisonRow): Reason {
  const values: Record<string, string | number> = {};
  if (row.theirs.value !== null) values.theirs = String(row.theirs.value);
  if (row.ours.value !== null) values.ours = String(row.ours.value);
  return { key: `${row.status}.${row.param}`, values };
}

/** At least one R_DS(on) row compares, and every one that does is equal (within MARGINS.equal) or lower. */
function equalOrLowerRdsOn(rows: ComparisonRow[]): boolean {
  const comparable = rows.filter((r) => r.param === "rdsOn" && r.status !== "not-comparable");
  return comparable.length > 0 && comparable.every((r) => r.status === "pass" || r.status === "better");
}

/** The largest ratio of our current rating to theirs at the same case temperature (null when none compares). */
function currentRatio(rows: ComparisonRow[]): number | null {
  const ratios = rows
    .filter((r) => r.param === "current" && r.status !== "not-comparable" && typeof r.ours.value === "number" && typeof r.theirs.value === "number")
    .filter((r) => r.ours.conditions.tc === r.theirs.conditions.tc)
    .map((r) => (r.ours.value as number) / (r.theirs.value as number));
  return ratios.length ? Math.max(...ratios) : null;
}

/**
 * The tier of one product from its table, or the reasons it is rejected. Every difference is a reason, worst
 * first, so the summary names a package change even when a rating sets the tier.
 */
function classify(rows: ComparisonRow[], decoded = false): { tier: Tier; reasons: Reason[] } | { rejected: Reason[] } {
  const decisive = rows.filter((r) => r.decisive);
  const failures = decisive.filter((r) => ruling.has(r.param) && r.status === "fail");
  if (failures.length > 0) return { rejected: failures.map(reasonOf) };
  // A rating stated at several conditions is confirmed by any comparable row; only a rating no row confirms needs
  // review. A rating their datasheet states without its T_C is their gap, not a difference of ours (a note says so).
  const confirmed = new Set(decisive.filter((r) => r.status !== "not-comparable").map((r) => r.param));
  const theirGap = (r: ComparisonRow) => r.note?.key === "tcNotStated";
  const twin = equalOrLowerRdsOn(rows);
  const review: Reason[] = [];
  const notes: Reason[] = [];
  for (const r of decisive) {
    if (ruling.has(r.param) && r.status === "worse") {
      // At equal or lower R_DS(on) a current rating short within the margin is how the rating was set, not a weaker part.
      if (r.param === "current" && twin) notes.push({ key: "note.currentAtEqualRdsOn", values: reasonOf(r).values ?? {} });
      else review.push(reasonOf(r));
    } else if (ratings.has(r.param) && r.status === "not-comparable" && !confirmed.has(r.param) && !theirGap(r)) review.push(reasonOf(r));
    // Insulation: a lower isolation voltage, or a live tab where theirs was insulated, is for the designer to check.
    else if (r.param === "visol" && (r.status === "fail" || r.status === "worse")) review.push(reasonOf(r));
    else if (r.param === "package" && r.note?.key === "insulatedToLiveTab") review.push({ key: "fail.insulatedToLiveTab", values: reasonOf(r).values ?? {} });
  }
  if (decisive.some(theirGap) && !confirmed.has("current")) notes.push({ key: "note.theirCurrentTcNotStated" });
  if (decoded) review.unshift({ key: "decoded.part" });
  const change = decisive.filter((r) => fit.has(r.param) && r.status !== "pass" && r.status !== "better" && r.note?.key !== "insulatedToLiveTab").map(reasonOf);
  const voltage = overVoltage(rows);
  if (voltage) change.push({ key: "oversize.voltage", values: reasonOf(voltage).values ?? {} });
  const ratio = currentRatio(rows);
  const oversize = ratio !== null && ratio >= OVERSIZE_CURRENT ? [{ key: "oversize.current", values: { factor: Math.round(ratio * 10) / 10 } }] : [];
  if (review.length > 0) return { tier: "needs-review", reasons: [...review, ...change, ...oversize, ...notes] };
  if (change.length > 0) return { tier: "functional", reasons: [...change, ...oversize, ...notes] };
  return { tier: "drop-in", reasons: [...oversize, ...notes] };
}

/**
 * A part a new design should not take (not recommended, last-time buy, obsolete): its state, the day it began or
 * its last dates and its replacement, said first; null for a preview or active part.
 */
function lifecycleReason(product: OurProduct): Reason | null {
  const lifecycle = product.lifecycle;
  if (!lifecycle || newDesignStates.includes(lifecycle.state)) return null;
  const values: Record<string, string> = { replacement: lifecycle.replacement ?? "—" };
  if (lifecycle.since) values.since = lifecycle.since;
  if (lifecycle.lastOrder) values.lastOrder = lifecycle.lastOrder;
  if (lifecycle.lastDelivery) values.lastDelivery = lifecycle.lastDelivery;
  return { key: `lifecycle.${lifecycle.state}`, values };
}

/** 0 for a part a new design may take; else how far on its way out (NRND, then last-time buy, then obsolete). */
function lifecycleRank(product: OurProduct): number {
  const state = product.lifecycle?.state ?? "active";
  return newDesignStates.includes(state) ? 0 : lifecycleStates.indexOf(state);
}

const tierRank: Record<Tier, number> = { "drop-in": 0, functional: 1, "needs-review": 2 };

/** The R_DS(on) (or V_F, V_CE(sat)) pair a ranking compares: the first comparable row, else their headline value against our table's. */
function onStatePair(rows: ComparisonRow[], product: OurProduct, part: AnyCompetitorPart): [number, number] | null {
  const comparable = rows.find((r) => (r.param === "rdsOn" || r.param === "vf" || r.param === "vceSat") && typeof r.ours.value === "number");
  if (comparable) return [comparable.ours.value as number, comparable.theirs.value as number];
  const headline = part.onState.find((v) => v.kind === "rdsOn");
  const ours = product.params.rdson;
  const theirs = headline?.typ ?? headline?.max;
  return typeof ours === "number" && theirs !== undefined ? [ours, theirs] : null;
}

/**
 * How far a product sits from the part it replaces, lower is closer: on-state value first, then package and
 * pinout, then ratings (an oversize rating counts against it), then the tier. Weights in the decision record.
 */
function closeness(rows: ComparisonRow[], tier: Tier, product: OurProduct, part: AnyCompetitorPart): number {
  const log = (a: number, b: number) => Math.abs(Math.log(a / b));
  const pair = onStatePair(rows, product, part);
  let score = pair ? 4 * log(pair[0], pair[1]) : 2;
  const pkg = rows.find((r) => r.param === "package");
  // Another package of the same outline family (TO-247-3 for TO-247-4) is a smaller change than another outline.
  const family = (name: unknown) => (typeof name === "string" ? name.replace(/-\d+$/, "") : null);
  if (pkg && pkg.status !== "pass") score += family(pkg.ours.value) !== null && family(pkg.ours.value) === family(part.package?.name) ? 0.5 : 1;
  if (rows.some((r) => r.param === "pinout" && r.status === "fail")) score += 0.5;
  const v = rows.find((r) => r.param === "voltage");
  if (v && typeof v.ours.value === "number" && typeof v.theirs.value === "number") score += log(v.ours.value, v.theirs.value);
  const ratio = currentRatio(rows);
  if (ratio !== null) score += 0.5 * Math.abs(Math.log(ratio));
  else {
    const ours25 = ourCurrents(product).find((c) => c.tc === 25)?.value;
    const theirs25 = part.ratings.currents.find((c) => c.tc === 25 || c.tc === null)?.value;
    if (ours25 && theirs25) score += 0.5 * log(ours25, theirs25);
  }
  return score + 0.25 * tierRank[tier];
}

/** Matches a competitor part against our catalog products (any order; products of other device types are skipped). */
export function crossReference(part: AnyCompetitorPart, products: readonly OurProduct[], reference: QingyunReference): CrossReferenceResult {
  const candidates: (Candidate & { retiring: number; overVoltage: boolean; score: number })[] = [];
  const rejected: Rejection[] = [];
  const decoded = "decoded" in part;
  for (const product of products) {
    if (deviceTypeOf(product) !== part.deviceType) continue;
    const rows = compareParts(part, product, reference);
    const table = () => compareParts(part, product, reference);
    const outcome = classify(rows, decoded);
    if ("rejected" in outcome) {
      rejected.push({ partNumber: product.partNumber, reasons: outcome.rejected, rows: table });
      continue;
    }
    const retiring = lifecycleReason(product);
    candidates.push({
      partNumber: product.partNumber,
      tier: outcome.tier,
      reasons: retiring ? [retiring, ...outcome.reasons] : outcome.reasons,
      rows: table,
      retiring: lifecycleRank(product),
      overVoltage: overVoltage(rows) !== undefined,
      score: closeness(rows, outcome.tier, product, part),
    });
  }
  // A part on its way out comes after every one a new design may take (docs/decisions/026-lifecycle-and-change-notices.md);
  // then a part of a higher voltage class comes after every suitable one of theirs, whatever its other merits.
  candidates.sort((a, b) => a.retiring - b.retiring || Number(a.overVoltage) - Number(b.overVoltage) || a.score - b.score || a.partNumber.localeCompare(b.partNumber));
  return { candidates: candidates.map(({ retiring: _, overVoltage: __, score: ___, ...candidate }) => candidate), rejected };
}
