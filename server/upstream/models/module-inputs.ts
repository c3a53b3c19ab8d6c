// What the module models start from (docs/decisions/053-module-models.md): an IGBT module's or SiC module's
// catalogue row, the estimator's loss data (per switch; a three-level module's per device) and the conditions its
// datasheet states, read from the datasheet text the site prints, as inputs.ts reads a discrete part's.
import type { IgbtLossData } from "../../../shared/contract/loss-data.ts";
import type { ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { shippedContentDir } from "../content/load.ts";
import { findStated as find, statedNumber as number } from "./datasheet-text.ts";
import { readModuleRows, type ModuleRow, type MosfetModelInput } from "./inputs.ts";

/** The module's circuit, as the catalogue's topology column states it. */
export type ModuleTopology = "halfBridge" | "fullBridge" | "sixPack" | "npc";

const topologies: Record<string, ModuleTopology> = { "Half bridge": "halfBridge", "Full bridge": "fullBridge", "Six-pack": "sixPack", "3-level NPC": "npc" };

interface ModuleCommon {
  partNumber: string;
  package: string;
  vRating: number;
  tjMax: number;
  topology: ModuleTopology;
  /** The catalogue's topology in English, as the file's header names it. */
  topologyName: string;
}

export interface IgbtModuleInput extends ModuleCommon {
  kind: "igbtModule";
  loss: IgbtLossData;
  /** V_GE(th) typical (V). */
  vgeth: number;
  /** I_C,nom and the repetitive peak I_CRM (A). */
  current: { nom: number; pulse: number };
  /** The datasheet's V_CE(sat) line: typical at I_C and V_GE, 25 °C and hot. */
  vceSat: { ic: number; vge: number; v25: number; vHot: number; tHot: number };
  /**
   * Q_G (nC) over the stated gate swing. The datasheet names no collector voltage or current for it: the model and
   * its check take the loss data's switching reference (V_CC, I_C), an assumption the header states.
   */
  gateCharge: { qg: number; vgeOff: number; vgeOn: number; vcc: number; ic: number };
  /** The freewheeling diode's V_F: typical at I_F, 25 °C. */
  diodeForward: { i: number; v25: number };
  /** The datasheet's revision and date, and the part's lifecycle: the machine-readable datasheet records both (tdb-igbt.ts). */
  datasheet: { version: string; date: string };
  lifecycle: ProductLifecycle;
}

export interface SicModuleInput extends ModuleCommon {
  kind: "sicModule";
  /** One switch as a MOSFET model input, named {part}_SW: the per-switch subcircuit is the discrete MOSFET's. */
  switch: MosfetModelInput;
}

export type ModuleModelInput = IgbtModuleInput | SicModuleInput;

/**
 * Whether the pack holds the SiC modules: from pack 1.4, once their switches ran through the double-pulse leg at module
 * currents and came within 15 % of the datasheet's energies (module-switching-fit.ts,
 * docs/decisions/053-module-models.md). Kept as a switch so a module that stops passing can be held back whole.
 */
const withSicModules = true;

/** The modules on sale with a model (IGBT modules; SiC modules while `withSicModules`), in catalogue order. */
export function readModuleInputs(contentDir = shippedContentDir): ModuleModelInput[] {
  return readModuleRows(contentDir)
    .filter((row) => row.loss.kind === "igbt" || withSicModules)
    .map(moduleModelInput);
}

/** A module's model input from its row, loss data and datasheet lines (English). */
function moduleModelInput({ part, params, loss, lines, datasheet, lifecycle }: ModuleRow): ModuleModelInput {
  const topologyName = (params.topology as { en?: string } | undefined)?.en ?? "";
  const topology = topologies[topologyName];
  if (!topology) throw new Error(`${part}: no module model for the topology "${topologyName}"`);
  const common = { partNumber: part, package: String(params.package), vRating: loss.ratings.v, tjMax: loss.ratings.tjMax, topology, topologyName };
  if (loss.kind === "igbt") {
    const v = find(lines, /V_CE\(sat\) = ([\d.]+) V typ at I_C = ([\d.]+) A, V_GE = ([\d.]+) V; ([\d.]+) V typ at Tvj = (\d+) deg C/, "V_CE(sat)", part);
    const q = find(
      lines,
      /V_GE\(th\) = ([\d.]+) V typ; Q_G = ([\d.]+) (uC|nC) typ \(V_GE = (-?[\d.]+)\/\+?([\d.]+) V\); diode V_F = ([\d.]+) V typ at I_F = ([\d.]+) A/,
      "Q_G and V_F",
      part,
    );
    const c = find(lines, /I_C,nom = ([\d.]+) A; I_CRM = ([\d.]+) A/, "I_C,nom and I_CRM", part);
    return {
      kind: "igbtModule",
      ...common,
      loss,
      vgeth: number(q[1], "V_GE(th)", part),
      current: { nom: number(c[1], "I_C,nom", part), pulse: number(c[2], "I_CRM", part) },
      vceSat: {
        v25: number(v[1], "V_CE(sat)", part),
        ic: number(v[2], "V_CE(sat)'s I_C", part),
        vge: number(v[3], "V_CE(sat)'s V_GE", part),
        vHot: number(v[4], "hot V_CE(sat)", part),
        tHot: number(v[5], "hot Tvj", part),
      },
      gateCharge: {
        qg: number(q[2], "Q_G", part) * (q[3] === "uC" ? 1000 : 1),
        vgeOff: number(q[4], "Q_G's V_GE(off)", part),
        vgeOn: number(q[5], "Q_G's V_GE(on)", part),
        vcc: loss.switchingRef.v,
        ic: loss.switchingRef.i,
      },
      diodeForward: { v25: number(q[6], "diode V_F", part), i: number(q[7], "diode I_F", part) },
      datasheet,
      lifecycle,
    };
  }
  const r = find(lines, /R_DS\(on\) = ([\d.]+) mOhm typ at V_GS = ([\d.]+) V, I_D = ([\d.]+) A; ([\d.]+) mOhm typ at Tvj = (\d+) deg C/, "R_DS(on)", part);
  const d = find(lines, /I_D,nom = ([\d.]+) A .*I_DM = ([\d.]+) A/, "I_D,nom and I_DM", part);
  const q = find(lines, /V_GS\(th\) = ([\d.]+) V typ; Q_G = ([\d.]+) nC typ \(V_GS = (-?[\d.]+)\/\+?([\d.]+) V\)/, "Q_G", part);
  return {
    kind: "sicModule",
    ...common,
    switch: {
      kind: "mosfet",
      partNumber: `${part}_SW`,
      datasheet,
      lifecycle,
      drainCurrent: { i25: number(d[1], "I_D,nom", part), pulse: number(d[2], "I_DM", part) },
      package: common.package,
      vRating: common.vRating,
      tjMax: common.tjMax,
      vgsth: number(q[1], "V_GS(th)", part),
      loss,
      rdsOn: {
        r25: number(r[1], "R_DS(on)", part),
        vgs: number(r[2], "V_GS", part),
        id: number(r[3], "I_D", part),
        rHot: number(r[4], "hot R_DS(on)", part),
        tHot: number(r[5], "hot Tvj", part),
      },
      // The module's datasheet states Q_G without a drain voltage: the switching reference's V_DD is taken.
      gateCharge: { qg: number(q[2], "Q_G", part), vds: loss.switchingRef.v, vgsOff: number(q[3], "Q_G's V_GS(off)", part), vgsOn: number(q[4], "Q_G's V_GS(on)", part) },
    },
  };
}
