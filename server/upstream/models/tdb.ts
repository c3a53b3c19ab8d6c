// The part's machine-readable datasheet in the transistordatabase format of Paderborn University (upb-lea/
// transistordatabase: its JSON export of a Transistor, field names and SI units as its `transistor.py` writes
// them: V, A, Ω, J, s, K/W, F, C), so the part loads into that tool and its GUI, and a script reads curves instead of
// digitising pictures. Written from the same inputs as the netlist and the thermal description (inputs.ts), so
// the three cannot disagree. The JSON Schema it is checked against is tdbSchema below, published beside the pack.
// transistordatabase describes transistors (its types: IGBT, SiC-MOSFET, GaN-Transistor, MOSFET): a Schottky
// diode has no place in it, so diodes get none (their data are in the PLECS file and the datasheet).
// From pack 1.4 every curve is the part's characterisation dataset's (docs/decisions/055-characterisation-dataset.md),
// converted to SI units: channel curves per T_j and V_GS, body diode, capacitances, gate charge, energies against
// I, R_G, V_DD and T_j, Z_th and SOA, so the file and the dataset cannot drift (test/upstream/models-tdb.test.ts).
// Each is a field its loader reads back (DatabaseManager.convert_dict_to_transistor_object turns c_oss/c_iss/c_rss,
// graph_v_ecoss, graph_t_rthjc, the switch's graph_t_e, charge_curve and soa into arrays; data_classes.py's
// VoltageDependentCapacitance, GateChargeCurve and SOA; upb-lea/transistordatabase at ce995ed).
// The format has no field for the transfer characteristic or Q_rr alone (its e_rr wants an energy): those stay in
// the dataset and the curves CSV.
import { lifecycleOn, lifecycleStates, type ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { currentStateUrl } from "../../../shared/contract/models.ts";
import type { MosfetCharacterisation } from "../../../shared/contract/characterisation.ts";
import type { MosfetModelInput } from "./inputs.ts";
import { VENDOR } from "./plecs.ts";

/** Significant digits kept: a datasheet's own precision, without binary noise in the JSON. */
export const round = (value: number) => Number(value.toPrecision(6));
export const curve = (xs: number[], ys: number[]) => [xs.map(round), ys.map(round)];

/** One dataset curve as transistordatabase's [xs, ys], each axis scaled into SI units. */
export const scaled = (xs: number[], ys: number[], xScale = 1, yScale = 1) =>
  curve(
    xs.map((x) => x * xScale),
    ys.map((y) => y * yScale),
  );
export const PICO = 1e-12;
export const NANO = 1e-9;
export const MICRO = 1e-6;
const MILLI = 1e-3;

export function thermalFoster(thermal: MosfetCharacterisation["thermal"]) {
  return {
    r_th_total: thermal.rth,
    r_th_vector: thermal.foster.map((pair) => pair.r),
    tau_vector: thermal.foster.map((pair) => pair.tau),
    // C_i = τ_i / R_i of each Foster stage (J/K).
    c_th_vector: thermal.foster.map((pair) => round(pair.tau / pair.r)),
    c_th_total: null,
    tau_total: null,
    // The single-pulse Z_th the network gives: [s, K/W].
    graph_t_rthjc: curve(thermal.zth.t, thermal.zth.z),
  };
}

/** One switching energy (mJ) of a characterisation dataset over its four axes (a MOSFET's E_on, an IGBT diode's E_rec, …). */
export interface EnergyAxes {
  byCurrent: { tj: number[]; i: number[]; e: number[][] };
  byGate: { rg: number[]; e: number[] };
  byVoltage: { v: number[]; e: number[] };
  byTemperature: { tj: number[]; e: number[] };
}

/**
 * The switching-energy datasets of transistordatabase (SwitchEnergyData): E(I) per T_j and E(R_G) at the reference
 * current (its graph_i_e, graph_r_e), E(T_j) at the reference current and R_G (graph_t_e), and one `single` point per
 * supply voltage of E(V), the one dependence the format has no graph for. Energies mJ → J. `ref` is the double-pulse
 * reference (supply voltage, current, R_G(ext), T_j), `gate` the switching device's gate swing.
 */
export function switchEnergySets(
  axes: EnergyAxes,
  ref: { v: number; i: number; rg: number; tj: number },
  gate: { on: number; off: number },
  about: { commutationDevice: string; comment: string | null },
) {
  const common = {
    v_supply: ref.v,
    v_g: gate.on,
    v_g_off: gate.off,
    load_inductance: null,
    measurement_date: null,
    measurement_testbench: null,
    commutation_inductance: null,
    commutation_device: about.commutationDevice,
    comment: about.comment,
    e_x: null,
  };
  const byCurrent = axes.byCurrent.tj.map((tj, index) => ({
    dataset_type: "graph_i_e",
    ...common,
    t_j: tj,
    r_g: ref.rg,
    i_x: null,
    graph_i_e: scaled(axes.byCurrent.i, axes.byCurrent.e[index]!, 1, MILLI),
    graph_r_e: null,
  }));
  const byGate = {
    dataset_type: "graph_r_e",
    ...common,
    t_j: ref.tj,
    r_g: null,
    i_x: ref.i,
    graph_i_e: null,
    graph_r_e: scaled(axes.byGate.rg, axes.byGate.e, 1, MILLI),
  };
  const byTemperature = {
    dataset_type: "graph_t_e",
    ...common,
    t_j: null,
    r_g: ref.rg,
    i_x: ref.i,
    graph_i_e: null,
    graph_r_e: null,
    graph_t_e: scaled(axes.byTemperature.tj, axes.byTemperature.e, 1, MILLI),
  };
  const byVoltage = axes.byVoltage.v.map((v, index) => ({
    dataset_type: "single",
    ...common,
    v_supply: v,
    t_j: ref.tj,
    r_g: ref.rg,
    i_x: ref.i,
    e_x: round(axes.byVoltage.e[index]! * MILLI),
    graph_i_e: null,
    graph_r_e: null,
  }));
  return [...byCurrent, byGate, byTemperature, ...byVoltage];
}

/** A MOSFET's E_on or E_off as transistordatabase's datasets. */
function energyData(input: MosfetModelInput, dataset: MosfetCharacterisation, which: "eOn" | "eOff") {
  const { switching, conditions } = dataset;
  const ref = conditions.switching;
  return switchEnergySets(
    {
      byCurrent: { tj: switching.byCurrent.tj, i: switching.byCurrent.i, e: switching.byCurrent[which] },
      byGate: { rg: switching.byGate.rg, e: switching.byGate[which] },
      byVoltage: { v: switching.byVoltage.vdd, e: switching.byVoltage[which] },
      byTemperature: { tj: switching.byTemperature.tj, e: switching.byTemperature[which] },
    },
    { v: ref.vdd, i: ref.id, rg: ref.rg, tj: ref.tj },
    { on: conditions.vgsOn, off: conditions.vgsOff },
    {
      commutationDevice: `${input.partNumber} (body diode of the opposite switch)`,
      comment: which === "eOn" ? "includes the opposite body diode's reverse recovery and output charge" : null,
    },
  );
}

/** The part's lifecycle as a machine-readable datasheet records it (snake_case, as the format's own keys). */
export interface TdbLifecycle {
  state: (typeof lifecycleStates)[number];
  since: string | null;
  expected_release?: string;
  last_order?: string;
  last_delivery?: string;
  replacement?: string;
  /** The day the file's version was published: the state above is the state on that day. */
  as_of: string;
  /** Where the state now is answered (queryPartModels through the site's /api; relative to the site's origin). */
  current_state_url: string;
}

/**
 * The part's state on the day its model version was published, with that state's dates and replacement where
 * the content still holds them (lifecycleOn), and where the state now is answered. A version's bytes never
 * change, so the file cannot follow the part through later states: it says "as of", and the listing at
 * current_state_url (and the product page) answer for today (docs/decisions/040-document-revisions.md, "The
 * lifecycle in the model files"). Null when the part had no recorded state by then.
 */
export function tdbLifecycle(part: string, lifecycle: ProductLifecycle, asOf: string): TdbLifecycle | null {
  const day = lifecycleOn(lifecycle, asOf);
  if (!day) return null;
  return {
    state: day.state,
    since: day.since,
    ...(day.expectedRelease ? { expected_release: day.expectedRelease } : {}),
    ...(day.lastOrder ? { last_order: day.lastOrder } : {}),
    ...(day.lastDelivery ? { last_delivery: day.lastDelivery } : {}),
    ...(day.replacement ? { replacement: day.replacement } : {}),
    as_of: asOf,
    current_state_url: currentStateUrl(part),
  };
}

/**
 * The part as transistordatabase's JSON (one object; key order as the tool writes it), plus our `lifecycle` at the
 * end. That key is not the tool's: its loader (DatabaseManager.convert_dict_to_transistor_object → Transistor(
 * transistor_dict, …), whose isvalid_dict checks the mandatory, text, numeric and array keys it knows and the
 * constructor reads known keys with .get(); upb-lea/transistordatabase at ce995ed, transistor.py and
 * helper_functions.py) passes over keys it does not know, so the file still loads. The tool does not keep it:
 * a transistor it exports again has no lifecycle.
 */
export function tdbModel(
  input: MosfetModelInput,
  dataset: MosfetCharacterisation,
  version: string,
  datasheet: { version: string; date: string },
  lifecycle: TdbLifecycle | null = null,
  /** For a SiC module: what one switch of it the file describes (the module's part number is the input's). */
  moduleSwitch: string | null = null,
): string {
  const { loss, rdsOn } = input;
  const { conditions, keyValues, capacitance } = dataset;
  const ref = conditions.switching;
  // The C–V curves at V_GS = 0 and 25 °C, the datasheet's condition (pF → F).
  const voltageDependent = (values: number[]) => [{ t_j: 25, graph_v_c: scaled(capacitance.vds, values, 1, PICO) }];
  // The energy- and time-related effective output capacitance at V_DD: the C that stores E_oss (½·C·V² = E_oss) and
  // the C that takes Q_oss (C·V = Q_oss) from 0 V to V_DD, as datasheets of superjunction MOSFETs state C_o(er), C_o(tr).
  const effective = (c: number) => ({ c_o: round(c), v_gs: 0, v_ds: ref.vdd });
  const transistor = {
    name: `Qingyun_${input.partNumber}`,
    type: "SiC-MOSFET",
    author: VENDOR,
    technology: "SiC MOSFET",
    template_version: null,
    template_date: null,
    creation_date: null,
    last_modified: null,
    comment: `Model pack version ${version}${moduleSwitch ? `: ${moduleSwitch}` : ""}, generated from the part's characterisation dataset (typical curves fitted to the datasheet's data); checks in the pack's validation report. No measured raw data.`,
    datasheet_hyperlink: null,
    datasheet_date: datasheet.date,
    datasheet_version: datasheet.version,
    housing_area: null,
    cooling_area: null,
    t_c_max: null,
    r_g_int: null,
    r_g_on_recommended: ref.rg,
    r_g_off_recommended: ref.rg,
    // The datasheet table's capacitances at V_DD, V_GS = 0 (pF → F).
    c_oss_fix: round(keyValues.coss * PICO),
    c_iss_fix: round(keyValues.ciss * PICO),
    c_rss_fix: round(keyValues.crss * PICO),
    housing_type: input.package,
    manufacturer: VENDOR,
    // Case to heat sink of the switch and its body diode (one die: the same R_th(c-h)). transistordatabase adds r_th_cs
    // to each of them (docs/decisions/058-igbt-module-tdb.md), so it is 0 rather than the interface counted twice.
    r_th_cs: 0,
    r_th_switch_cs: loss.rthCh ?? 0,
    r_th_diode_cs: loss.rthCh ?? 0,
    v_abs_max: conditions.vRating,
    i_abs_max: conditions.idPulse,
    i_cont: conditions.idCont,
    c_oss: voltageDependent(capacitance.coss),
    c_iss: voltageDependent(capacitance.ciss),
    c_rss: voltageDependent(capacitance.crss),
    // E_oss against V_DS (µJ → J).
    graph_v_ecoss: scaled(capacitance.vds, capacitance.eoss, 1, MICRO),
    raw_measurement_data: [],
    c_oss_er: effective((2 * keyValues.eoss * MICRO) / ref.vdd ** 2),
    c_oss_tr: effective((keyValues.qoss * NANO) / ref.vdd),
    diode: {
      // The body diode shares the die, so it shares the die's thermal network.
      thermal_foster: thermalFoster(dataset.thermal),
      comment: `Body diode at V_GS = ${conditions.vgsOff} V; Q_rr ${dataset.reverseRecovery.qrr.map((q, index) => `${q} nC at ${dataset.reverseRecovery.tj[index]} deg C`).join(", ")} at the switching reference`,
      manufacturer: VENDOR,
      technology: "SiC MOSFET body diode",
      t_j_max: conditions.tjMax,
      channel: dataset.bodyDiode.map((line) => ({ t_j: line.tj, graph_v_i: curve(line.vsd, line.isd), v_g: line.vgs })),
      e_rr: [],
      linearized_diode: [],
      soa: [],
    },
    switch: {
      thermal_foster: thermalFoster(dataset.thermal),
      t_j_max: conditions.tjMax,
      comment: `R_DS(on) ${rdsOn.r25} mOhm typ. at V_GS = ${rdsOn.vgs} V, I_D = ${rdsOn.id} A, 25 deg C`,
      manufacturer: VENDOR,
      technology: "SiC MOSFET",
      // The output characteristics per T_j and V_GS, through the saturation region.
      channel: dataset.output.map((line) => ({ t_j: line.tj, graph_v_i: curve(line.vds, line.id), v_g: line.vgs })),
      e_on: energyData(input, dataset, "eOn"),
      e_off: energyData(input, dataset, "eOff"),
      e_on_meas: [],
      e_off_meas: [],
      linearized_switch: [],
      r_channel_th: [],
      // V_GS against gate charge (nC → C) at the gate-charge test, 25 °C; the gate current is not stated.
      charge_curve: [
        {
          i_channel: conditions.gateCharge.id,
          t_j: 25,
          v_supply: conditions.gateCharge.vds,
          i_g: null,
          graph_q_v: scaled(dataset.gateCharge.qg, dataset.gateCharge.vgs, NANO),
        },
      ],
      // The single-pulse SOA lines at T_C (time_pulse null: DC), [V, A].
      soa: dataset.soa.lines.map((line) => ({ t_c: dataset.soa.tc, time_pulse: line.tp, graph_i_v: curve(line.vds, line.id) })),
    },
    ...(lifecycle ? { lifecycle } : {}),
  };
  return `${JSON.stringify(transistor, null, 2)}\n`;
}

const nullable = (type: string) => ({ type: [type, "null"] });
const numberArray = { type: "array", items: { type: "number" } };
/** A curve as transistordatabase stores it: [xs, ys], as many of each. */
const graph = { type: "array", items: numberArray, minItems: 2, maxItems: 2 };
const nullableGraph = { anyOf: [graph, { type: "null" }] };
const foster = {
  type: "object",
  required: ["r_th_total", "r_th_vector", "tau_vector", "c_th_vector"],
  properties: {
    r_th_total: { type: "number", exclusiveMinimum: 0 },
    r_th_vector: numberArray,
    tau_vector: numberArray,
    c_th_vector: numberArray,
    graph_t_rthjc: nullableGraph,
  },
};
const channel = {
  type: "array",
  minItems: 1,
  items: { type: "object", required: ["t_j", "graph_v_i", "v_g"], properties: { t_j: { type: "number" }, v_g: { type: "number" }, graph_v_i: graph } },
};
/**
 * A diode's channel: transistordatabase's Diode_ChannelData has no mandatory v_g (a MOSFET's body diode states the
 * gate voltage it is measured at; an IGBT module's freewheeling diode has no gate, null).
 */
const diodeChannel = {
  type: "array",
  minItems: 1,
  items: { type: "object", required: ["t_j", "graph_v_i"], properties: { t_j: { type: "number" }, v_g: nullable("number"), graph_v_i: graph } },
};
const energies = {
  type: "array",
  items: {
    type: "object",
    required: ["dataset_type", "v_supply", "v_g", "t_j"],
    properties: {
      // graph_t_e (E against T_j, t_j null) and e_x of the `single` points from pack 1.4.
      dataset_type: { enum: ["graph_i_e", "graph_r_e", "graph_t_e", "single"] },
      v_supply: { type: "number" },
      v_g: { type: "number" },
      v_g_off: nullable("number"),
      t_j: nullable("number"),
      r_g: nullable("number"),
      i_x: nullable("number"),
      e_x: nullable("number"),
      graph_i_e: nullableGraph,
      graph_r_e: nullableGraph,
      graph_t_e: nullableGraph,
    },
  },
};

/** transistordatabase's VoltageDependentCapacitance: C (F) against V (V) at one T_j. */
const capacitances = {
  type: "array",
  items: { type: "object", required: ["t_j", "graph_v_c"], properties: { t_j: { type: "number" }, graph_v_c: graph } },
};
/** Its EffectiveOutputCapacitance: C_o(er) or C_o(tr) (F) from 0 V to v_ds. */
const effectiveCapacitance = {
  anyOf: [
    {
      type: "object",
      required: ["c_o", "v_gs", "v_ds"],
      properties: { c_o: { type: "number", exclusiveMinimum: 0 }, v_gs: { type: "number" }, v_ds: { type: "number", exclusiveMinimum: 0 } },
    },
    { type: "null" },
  ],
};
/** Its GateChargeCurve: V_GS (V) against Q_G (C) at v_supply, i_channel and t_j. */
const chargeCurves = {
  type: "array",
  items: {
    type: "object",
    required: ["i_channel", "t_j", "v_supply", "graph_q_v"],
    properties: { i_channel: { type: "number" }, t_j: { type: "number" }, v_supply: { type: "number" }, i_g: nullable("number"), graph_q_v: graph },
  },
};
/** Its SOA: I (A) against V (V), graph_i_v as [V, A], at t_c for a pulse of time_pulse (s; null: DC). */
const soa = {
  type: "array",
  items: { type: "object", required: ["graph_i_v"], properties: { t_c: nullable("number"), time_pulse: nullable("number"), graph_i_v: graph } },
};

const isoDate = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" };
/**
 * Our addition (model pack 1.2 on): optional, so the files of 1.1, which lack it, stay valid under the same
 * major version of the schema. The state on `as_of`, the day the file's version was published, never the state
 * now: that is at `current_state_url`.
 */
const lifecycle = {
  type: "object",
  description:
    "The part's lifecycle state on as_of, the day this file's version was published (the file never changes); the state now is answered at current_state_url, a reference relative to the site the file came from.",
  required: ["state", "since", "as_of", "current_state_url"],
  additionalProperties: false,
  properties: {
    state: { enum: [...lifecycleStates] },
    since: { anyOf: [isoDate, { type: "null" }] },
    expected_release: isoDate,
    last_order: isoDate,
    last_delivery: isoDate,
    replacement: { type: "string", minLength: 1 },
    as_of: isoDate,
    current_state_url: { type: "string", pattern: "^/" },
  },
};

/** The JSON Schema (draft 2020-12) of the files tdbModel writes: the fields of transistordatabase's export we fill. */
export const tdbSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "Qingyun machine-readable datasheet (transistordatabase format)",
  description:
    "A transistor as the transistordatabase of Paderborn University (github.com/upb-lea/transistordatabase) exports it: SI units (V, A, Ohm, J, s, K/W, J/K, F, C); curves as [x values, y values].",
  type: "object",
  required: ["name", "type", "manufacturer", "housing_type", "v_abs_max", "i_abs_max", "i_cont", "switch", "diode"],
  properties: {
    name: { type: "string" },
    type: { enum: ["IGBT", "SiC-MOSFET", "GaN-Transistor", "MOSFET"] },
    author: { type: "string" },
    manufacturer: { type: "string" },
    housing_type: { type: "string" },
    datasheet_date: nullable("string"),
    datasheet_version: nullable("string"),
    v_abs_max: { type: "number", exclusiveMinimum: 0 },
    i_abs_max: { type: "number", exclusiveMinimum: 0 },
    i_cont: { type: "number", exclusiveMinimum: 0 },
    r_th_cs: { type: "number", minimum: 0 },
    // Case to heat sink per switch and per diode (an IGBT module's, from pack 1.4; a MOSFET's files hold them too).
    r_th_switch_cs: { type: "number", minimum: 0 },
    r_th_diode_cs: { type: "number", minimum: 0 },
    // The curves of the characterisation dataset, from pack 1.4 (optional: earlier files hold empty lists or null).
    c_oss: capacitances,
    c_iss: capacitances,
    c_rss: capacitances,
    c_oss_fix: nullable("number"),
    c_iss_fix: nullable("number"),
    c_rss_fix: nullable("number"),
    graph_v_ecoss: nullableGraph,
    c_oss_er: effectiveCapacitance,
    c_oss_tr: effectiveCapacitance,
    lifecycle,
    switch: {
      type: "object",
      required: ["thermal_foster", "t_j_max", "channel", "e_on", "e_off"],
      properties: { thermal_foster: foster, t_j_max: { type: "number" }, channel, e_on: energies, e_off: energies, charge_curve: chargeCurves, soa },
    },
    diode: {
      type: "object",
      required: ["thermal_foster", "t_j_max", "channel"],
      // e_rr: an IGBT module's freewheeling diode's recovery energies, from pack 1.4 (tdb-igbt.ts).
      properties: { thermal_foster: foster, t_j_max: { type: "number" }, channel: diodeChannel, e_rr: energies },
    },
  },
} as const;
