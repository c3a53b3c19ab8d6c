// What the model generators start from: each discrete part's catalogue row, the estimator's loss data and the
// conditions its datasheet states (docs/decisions/027-model-topology.md). Nothing here is measured or looked
// up elsewhere: the datasheet's test conditions are read from the datasheet text the site prints, so a model
// and the checks against it use the datasheet's own numbers.
import { readContent, shippedContentDir } from "../content/load.ts";
import { lossDataByProduct, lossDataFile } from "../content/loss-data.ts";
import { lifecycleByProduct } from "../content/lifecycle.ts";
import { categoryFile, documentFile, lifecycleFile, productFile } from "../content/schema.ts";
import type { DiodeLossData, LossData, MosfetLossData } from "../../../shared/contract/loss-data.ts";
import { unknownLifecycle, type ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { findStated, statedNumber } from "./datasheet-text.ts";

/** The datasheet's R_DS(on) line: typical values at V_GS and I_D, at 25 °C and at the hot temperature. */
interface RdsOnSpec {
  vgs: number;
  id: number;
  r25: number;
  rHot: number;
  tHot: number;
}

/** The datasheet's gate charge and its test condition. */
interface GateChargeSpec {
  qg: number;
  vds: number;
  vgsOff: number;
  vgsOn: number;
}

export interface MosfetModelInput {
  kind: "mosfet";
  partNumber: string;
  /** The datasheet's revision and date, which a machine-readable datasheet names. */
  datasheet: { version: string; date: string };
  /** The part's lifecycle (catalog/lifecycle.json), whose state on its version's day a machine-readable datasheet records. */
  lifecycle: ProductLifecycle;
  /** The datasheet's continuous drain current at T_C = 25 °C and its pulsed drain current (A). */
  drainCurrent: { i25: number; pulse: number };
  package: string;
  vRating: number;
  tjMax: number;
  vgsth: number;
  loss: MosfetLossData;
  rdsOn: RdsOnSpec;
  gateCharge: GateChargeSpec;
}

export interface DiodeModelInput {
  kind: "diode";
  partNumber: string;
  package: string;
  vRating: number;
  tjMax: number;
  loss: DiodeLossData;
  /** The datasheet's V_F line: typical at I_F, 25 °C and the hot temperature. */
  forward: { i: number; v25: number; vHot: number; tHot: number };
  /** The datasheet's capacitive charge Q_C (nC) at V_R (V). */
  charge: { qc: number; vr: number };
}

export type ModelInput = MosfetModelInput | DiodeModelInput;

const number = statedNumber;
const find = findStated;

/** The discrete SiC MOSFETs and Schottky diodes that are on sale, with everything their models need. */
export function readModelInputs(contentDir = shippedContentDir): ModelInput[] {
  return readPackInputs(contentDir).discrete;
}

/**
 * A module on sale as the content states it (its row, loss data, datasheet lines): what module-inputs.ts makes its
 * model input of (docs/decisions/053-module-models.md).
 */
export interface ModuleRow {
  part: string;
  params: Record<string, unknown>;
  loss: Exclude<LossData, DiodeLossData>;
  lines: string[];
  datasheet: { version: string; date: string };
  lifecycle: ProductLifecycle;
}

/** The IGBT modules and SiC modules on sale, as the content states them. */
export function readModuleRows(contentDir = shippedContentDir): ModuleRow[] {
  return readPackInputs(contentDir).modules;
}

/** Every part on sale with a model: the discrete ones and the modules, read in one pass over the catalogue. */
function readPackInputs(contentDir: string): { discrete: ModelInput[]; modules: ModuleRow[] } {
  const categories = readContent("catalog/categories.json", categoryFile.array(), contentDir);
  const products = readContent("catalog/products.json", productFile.array(), contentDir);
  const documents = readContent("documents.json", documentFile.array(), contentDir);
  const losses = lossDataByProduct(readContent("catalog/loss-data.json", lossDataFile, contentDir), products, categories);
  const lifecycles = lifecycleByProduct(readContent("catalog/lifecycle.json", lifecycleFile.array(), contentDir), products);
  const byId = new Map(categories.map((category) => [category.id, category]));
  const familyOf = (parentId: number) => {
    let node = byId.get(parentId);
    while (node && node.parentId !== null) node = byId.get(node.parentId);
    return node;
  };
  const visible = (parentId: number) => {
    for (let node = byId.get(parentId); node; node = node.parentId === null ? undefined : byId.get(node.parentId)) if (node.status === "off") return false;
    return true;
  };
  const inputs: ModelInput[] = [];
  const modules: ModuleRow[] = [];
  for (const product of products) {
    if (product.status === "off" || !visible(product.parentId)) continue;
    const loss = losses.get(product.id);
    const family = familyOf(product.parentId);
    if (!loss || !family) continue;
    const part = product.partNumber;
    const datasheet = documents.find((document) => document.type === "datasheet" && document.productIds.includes(product.id));
    if (!datasheet) throw new Error(`${part}: no datasheet`);
    const lines = datasheet.pages.en;
    const params = product.params as Record<string, unknown>;
    // A module's family has a topology column and its loss data describe one switch of several: its model is the
    // module's circuit built from a per-switch subcircuit (module-inputs.ts). A discrete IGBT would need its own.
    if (family.paramTable?.some((column) => column.fieldId === "topology")) {
      if (loss.kind !== "diode")
        modules.push({
          part,
          params,
          loss,
          lines,
          datasheet: { version: datasheet.version, date: datasheet.date },
          lifecycle: lifecycles.get(product.id) ?? unknownLifecycle,
        });
      continue;
    }
    if (loss.kind === "igbt") continue;
    const common = { partNumber: part, package: String(params.package), tjMax: loss.ratings.tjMax, vRating: loss.ratings.v };
    if (loss.kind === "mosfet") {
      const r = find(lines, /R_DS\(on\) = ([\d.]+) mOhm typ at V_GS = ([\d.]+) V, I_D = ([\d.]+) A; ([\d.]+) mOhm typ at Tj = (\d+) deg C/, "R_DS(on)", part);
      const d = find(lines, /I_D = ([\d.]+) A \(Tc = 25 deg C\).*I_D,pulse = ([\d.]+) A/, "I_D and I_D,pulse", part);
      const q = find(lines, /Q_G = ([\d.]+) nC typ at V_DS = ([\d.]+) V, V_GS = (-?[\d.]+)\/\+?([\d.]+) V/, "Q_G", part);
      inputs.push({
        kind: "mosfet",
        ...common,
        datasheet: { version: datasheet.version, date: datasheet.date },
        lifecycle: lifecycles.get(product.id) ?? unknownLifecycle,
        drainCurrent: { i25: number(d[1], "I_D at 25 deg C", part), pulse: number(d[2], "I_D,pulse", part) },
        vgsth: number(String(params.vgsth), "V_GS(th)", part),
        loss,
        rdsOn: {
          r25: number(r[1], "R_DS(on)", part),
          vgs: number(r[2], "V_GS", part),
          id: number(r[3], "I_D", part),
          rHot: number(r[4], "hot R_DS(on)", part),
          tHot: number(r[5], "hot Tj", part),
        },
        gateCharge: {
          qg: number(q[1], "Q_G", part),
          vds: number(q[2], "Q_G's V_DS", part),
          vgsOff: number(q[3], "Q_G's V_GS(off)", part),
          vgsOn: number(q[4], "Q_G's V_GS(on)", part),
        },
      });
    } else {
      const f = find(lines, /V_F = ([\d.]+) V typ at I_F = ([\d.]+) A, Tj = 25 deg C; ([\d.]+) V typ at Tj = (\d+) deg C/, "V_F", part);
      const c = find(lines, /Q_C = ([\d.]+) nC typ at V_R = ([\d.]+) V/, "Q_C", part);
      inputs.push({
        kind: "diode",
        ...common,
        loss,
        forward: { v25: number(f[1], "V_F", part), i: number(f[2], "I_F", part), vHot: number(f[3], "hot V_F", part), tHot: number(f[4], "hot Tj", part) },
        charge: { qc: number(c[1], "Q_C", part), vr: number(c[2], "V_R", part) },
      });
    }
  }
  return { discrete: inputs, modules };
}
