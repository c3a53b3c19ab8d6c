// Our catalog products as the cross-reference compares them: the device type, ratings, on-state model and
// package read from a product's parameter table and loss data (one reading, used by every comparison).
import type { ParamValue } from "../contract/products.ts";
import type { LossData, OnState } from "../contract/loss-data.ts";
import type { ProductLifecycle } from "../contract/lifecycle.ts";
import { isYes } from "../catalog/product-facts.ts";
import type { DeviceType, QingyunReference, Topology } from "./schema.ts";

/** What the functions need of a catalog product (a ProductListItem satisfies it). */
export interface OurProduct {
  partNumber: string;
  params: Record<string, ParamValue>;
  loss: LossData | null;
  /** Its lifecycle; a product without one is active (docs/decisions/026-lifecycle-and-change-notices.md). */
  lifecycle?: Pick<ProductLifecycle, "state" | "since" | "lastOrder" | "lastDelivery" | "replacement">;
}

/** A current rating of ours at a case temperature; `nominal` for a module's I_nom (its T_C from the loss data). */
export interface OurCurrent {
  value: number;
  tc: number | null;
  nominal?: true;
}

const num = (value: ParamValue | undefined): number | null => (typeof value === "number" ? value : null);
const text = (value: ParamValue | undefined): string | null => (typeof value === "string" ? value : null);

const topologyTexts: Record<string, Topology> = {
  "Half bridge": "half-bridge",
  半桥: "half-bridge",
  "Full bridge": "full-bridge",
  全桥: "full-bridge",
  "3-level NPC": "three-level-npc",
  三电平NPC: "three-level-npc",
  "Six-pack": "six-pack",
  六单元: "six-pack",
};

/** The device type from the family's parameter keys; null for parts the cross-reference does not cover. */
export function deviceTypeOf(product: OurProduct): DeviceType | null {
  const p = product.params;
  if ("vrrm" in p) return "sic-diode";
  if ("vces" in p) return "igbt-module";
  if ("vds" in p) return "topology" in p ? "sic-module" : "sic-mosfet";
  return null;
}

export function ourVoltage(product: OurProduct): number | null {
  const p = product.params;
  return num(p.vds) ?? num(p.vrrm) ?? num(p.vces);
}

export function ourCurrents(product: OurProduct): OurCurrent[] {
  const p = product.params;
  const out: OurCurrent[] = [];
  const id25 = num(p.id25);
  const id100 = num(p.id100);
  if (id25 !== null) out.push({ value: id25, tc: 25 });
  if (id100 !== null) out.push({ value: id100, tc: 100 });
  // The diode table states I_F at T_C = 135 °C (its column header).
  const iF = num(p.if);
  if (iF !== null) out.push({ value: iF, tc: 135 });
  const nominal = num(p.icnom) ?? num(p.id);
  if (nominal !== null) out.push({ value: nominal, tc: product.loss?.ratings.tc ?? null, nominal: true });
  return out;
}

/** T_j,max of a discrete part, or T_vj,op of a module (the only one the module tables state). */
export function ourTjMax(product: OurProduct): number | null {
  return num(product.params.tjmax);
}
export function ourTjOp(product: OurProduct): number | null {
  return num(product.params.tjop);
}

export function ourPackage(product: OurProduct): string | null {
  return text(product.params.package);
}

export function ourTopology(product: OurProduct): Topology | null {
  const value = text(product.params.topology);
  if (value !== null) return topologyTexts[value] ?? null;
  // A two-pin diode package holds one diode.
  const pkg = ourPackage(product);
  return deviceTypeOf(product) === "sic-diode" && pkg !== null && /-2$/.test(pkg) ? "single" : null;
}

export function ourAec(product: OurProduct): boolean | null {
  const value = text(product.params.aecq101) ?? text(product.params.aqg324);
  return value === null ? null : isYes(value);
}

/** Value of an on-state characteristic v = V0 + r·i (V, with r in mΩ) at one of its stated temperatures (never
 * interpolated: a comparison is made at conditions both datasheets state). */
function onStateAt(model: OnState, tj: number, i: number): number | null {
  const k = model.t.indexOf(tj);
  if (k < 0) return null;
  return model.v0[k]! + (model.r[k]! * i) / 1000;
}

/**
 * Our R_DS(on) (mΩ) at a junction temperature: the table's typical value at 25 °C, else the loss data's channel
 * resistance at one of its stated temperatures. Both are stated at our recommended V_GS (+18 V).
 */
function ourRdsOn(product: OurProduct, tj: number): number | null {
  if (tj === 25) return num(product.params.rdson);
  const loss = product.loss;
  if (loss?.kind !== "mosfet") return null;
  const k = loss.channel.t.indexOf(tj);
  return k < 0 ? null : loss.channel.r[k]!;
}
const OUR_RDSON_VGS = 18;

/** Gate voltages this close (V) are one drive level (the V_GS a value is stated at). */
const SAME_VGS = 0.5;

/**
 * Our typical R_DS(on) (mΩ) at a competitor's stated junction temperature and gate voltage: from our published
 * R_DS(on)-versus-V_GS table where it holds both, else at +18 V from the table or loss data; null where we
 * state none (never interpolated between temperatures or gate voltages).
 */
export function ourRdsOnAt(
  product: OurProduct,
  tj: number,
  vgs: number,
  table: QingyunReference["rdsOn"] = [],
): { value: number; vgs: number; basis: "catalog" | "loss-model" } | null {
  const own = table.find((t) => t.partNumber === product.partNumber);
  if (own) {
    const i = own.vgs.findIndex((v) => Math.abs(v - vgs) <= SAME_VGS);
    const j = own.tj.indexOf(tj);
    if (i >= 0 && j >= 0) return { value: own.r[i]![j]!, vgs: own.vgs[i]!, basis: "catalog" };
  }
  if (Math.abs(vgs - OUR_RDSON_VGS) > 1) return null;
  const value = ourRdsOn(product, tj);
  return value === null ? null : { value, vgs: OUR_RDSON_VGS, basis: tj === 25 ? "catalog" : "loss-model" };
}

/** Our typical V_F (diode) or V_CE(sat) (IGBT) at a current and junction temperature, from the on-state model. */
export function ourForwardVoltage(product: OurProduct, tj: number, i: number): number | null {
  const loss = product.loss;
  if (loss?.kind === "diode") return onStateAt(loss.forward, tj, i);
  if (loss?.kind === "igbt") return onStateAt(loss.igbt, tj, i);
  return null;
}

export function ourNumber(product: OurProduct, key: "qg" | "qc" | "ifsm" | "viso" | "vgsth"): number | null {
  return num(product.params[key]);
}
