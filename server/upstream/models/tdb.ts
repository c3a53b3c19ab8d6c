// The part's machine-readable datasheet in the transistordatabase format of Paderborn University (upb-lea/
// transistordatabase: its JSON export of a Transistor, field names and SI units as its `transistor.py` writes
// them: V, A, Ω, J, s, K/W), so the part loads into that tool and its GUI, and a script reads curves instead of
// digitising pictures. Written from the same inputs as the netlist and the thermal description (inputs.ts), so
// the three cannot disagree. The JSON Schema it is checked against is tdbSchema below, published beside the pack.
// transistordatabase describes transistors (its types: IGBT, SiC-MOSFET, GaN-Transistor, MOSFET): a Schottky
// diode has no place in it, so diodes get none (their data are in the PLECS file and the datasheet).
import { lifecycleOn, lifecycleStates, type ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { currentStateUrl } from "../../../shared/contract/models.ts";
import type { MosfetModelInput } from "./inputs.ts";
import { VENDOR } from "./plecs.ts";

/** Significant digits kept: a datasheet's own precision, without binary noise in the JSON. */
const round = (value: number) => Number(value.toPrecision(6));
const curve = (xs: number[], ys: number[]) => [xs.map(round), ys.map(round)];

/** Currents of the output characteristic: 0 to twice the datasheet's test current, as in the PLECS table. */
const channelCurrents = (reference: number) => [0, 0.25, 0.5, 1, 1.5, 2].map((factor) => factor * reference);

function thermalFoster(input: MosfetModelInput) {
  const network = input.loss.zth ?? [{ r: input.loss.rth, tau: 1e-3 }];
  return {
    r_th_total: input.loss.rth,
    r_th_vector: network.map((pair) => pair.r),
    tau_vector: network.map((pair) => pair.tau),
    // C_i = τ_i / R_i of each Foster stage (J/K).
    c_th_vector: network.map((pair) => round(pair.tau / pair.r)),
    c_th_total: null,
    tau_total: null,
    graph_t_rthjc: null,
  };
}

/** One switching-energy dataset of transistordatabase: E(I) at a temperature, or E(R_G) at the reference current. */
function energyData(input: MosfetModelInput, which: "eOn" | "eOff") {
  const { loss, gateCharge } = input;
  const ref = loss.switchingRef;
  const common = {
    v_supply: ref.v,
    v_g: gateCharge.vgsOn,
    v_g_off: gateCharge.vgsOff,
    load_inductance: null,
    measurement_date: null,
    measurement_testbench: null,
    commutation_inductance: null,
    commutation_device: `${input.partNumber} (body diode of the opposite switch)`,
    comment: which === "eOn" ? "includes the opposite body diode's reverse recovery and output charge" : null,
    e_x: null,
  };
  const byCurrent = loss.energies.tj.map((tj, index) => ({
    dataset_type: "graph_i_e",
    ...common,
    t_j: tj,
    r_g: ref.rg,
    i_x: null,
    // mJ → J.
    graph_i_e: curve(
      loss.energies.i,
      loss.energies[which][index]!.map((energy) => energy / 1000),
    ),
    graph_r_e: null,
  }));
  // The datasheet's E(R_G) curve is at the reference current and temperature; its values are in mJ.
  const byGate = {
    dataset_type: "graph_r_e",
    ...common,
    t_j: ref.tj,
    r_g: null,
    i_x: ref.i,
    graph_i_e: null,
    graph_r_e: curve(
      loss.gate.rg,
      loss.gate[which].map((energy) => energy / 1000),
    ),
  };
  return [...byCurrent, byGate];
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
export function tdbModel(input: MosfetModelInput, version: string, datasheet: { version: string; date: string }, lifecycle: TdbLifecycle | null = null): string {
  const { loss, rdsOn, gateCharge } = input;
  const currents = channelCurrents(rdsOn.id);
  const diode = loss.bodyDiode;
  const transistor = {
    name: `Qingyun_${input.partNumber}`,
    type: "SiC-MOSFET",
    author: VENDOR,
    technology: "SiC MOSFET",
    template_version: null,
    template_date: null,
    creation_date: null,
    last_modified: null,
    comment: `Model pack version ${version}, generated from the datasheet's data; checks in the pack's validation report. No measured raw data.`,
    datasheet_hyperlink: null,
    datasheet_date: datasheet.date,
    datasheet_version: datasheet.version,
    housing_area: null,
    cooling_area: null,
    t_c_max: null,
    r_g_int: null,
    r_g_on_recommended: loss.switchingRef.rg,
    r_g_off_recommended: loss.switchingRef.rg,
    c_oss_fix: null,
    c_iss_fix: null,
    c_rss_fix: null,
    housing_type: input.package,
    manufacturer: VENDOR,
    r_th_cs: loss.rthCh ?? 0,
    r_th_switch_cs: loss.rthCh ?? 0,
    r_th_diode_cs: loss.rthCh ?? 0,
    v_abs_max: input.vRating,
    i_abs_max: input.drainCurrent.pulse,
    i_cont: input.drainCurrent.i25,
    c_oss: [],
    c_iss: [],
    c_rss: [],
    graph_v_ecoss: null,
    raw_measurement_data: [],
    c_oss_er: null,
    c_oss_tr: null,
    diode: {
      // The body diode shares the die, so it shares the die's thermal network.
      thermal_foster: thermalFoster(input),
      comment: `Body diode at V_GS = ${gateCharge.vgsOff} V; Q_rr ${diode.qrr} nC at the switching reference`,
      manufacturer: VENDOR,
      technology: "SiC MOSFET body diode",
      t_j_max: loss.ratings.tjMax,
      // v = V0(T_j) + r(T_j)·i, r in mΩ.
      channel: diode.t.map((tj, index) => ({
        t_j: tj,
        graph_v_i: curve(
          currents.map((i) => (i === 0 ? 0 : diode.v0[index]! + (diode.r[index]! / 1000) * i)),
          currents,
        ),
        v_g: gateCharge.vgsOff,
      })),
      e_rr: [],
      linearized_diode: [],
      soa: [],
    },
    switch: {
      thermal_foster: thermalFoster(input),
      t_j_max: loss.ratings.tjMax,
      comment: `R_DS(on) ${rdsOn.r25} mOhm typ. at V_GS = ${rdsOn.vgs} V, I_D = ${rdsOn.id} A, 25 deg C`,
      manufacturer: VENDOR,
      technology: "SiC MOSFET",
      // The channel is resistive (V0 = 0): v = r(T_j)·i at the datasheet's on-state gate voltage.
      channel: loss.channel.t.map((tj, index) => ({
        t_j: tj,
        graph_v_i: curve(
          currents.map((i) => (loss.channel.r[index]! / 1000) * i),
          currents,
        ),
        v_g: rdsOn.vgs,
      })),
      e_on: energyData(input, "eOn"),
      e_off: energyData(input, "eOff"),
      e_on_meas: [],
      e_off_meas: [],
      linearized_switch: [],
      r_channel_th: [],
      charge_curve: [],
      soa: [],
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
  properties: { r_th_total: { type: "number", exclusiveMinimum: 0 }, r_th_vector: numberArray, tau_vector: numberArray, c_th_vector: numberArray },
};
const channel = {
  type: "array",
  minItems: 1,
  items: { type: "object", required: ["t_j", "graph_v_i", "v_g"], properties: { t_j: { type: "number" }, v_g: { type: "number" }, graph_v_i: graph } },
};
const energies = {
  type: "array",
  items: {
    type: "object",
    required: ["dataset_type", "v_supply", "v_g", "t_j"],
    properties: {
      dataset_type: { enum: ["graph_i_e", "graph_r_e", "single"] },
      v_supply: { type: "number" },
      v_g: { type: "number" },
      v_g_off: nullable("number"),
      t_j: { type: "number" },
      r_g: nullable("number"),
      i_x: nullable("number"),
      graph_i_e: nullableGraph,
      graph_r_e: nullableGraph,
    },
  },
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
    "A transistor as the transistordatabase of Paderborn University (github.com/upb-lea/transistordatabase) exports it: SI units (V, A, Ohm, J, s, K/W, J/K); curves as [x values, y values].",
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
    lifecycle,
    switch: {
      type: "object",
      required: ["thermal_foster", "t_j_max", "channel", "e_on", "e_off"],
      properties: { thermal_foster: foster, t_j_max: { type: "number" }, channel, e_on: energies, e_off: energies },
    },
    diode: {
      type: "object",
      required: ["thermal_foster", "t_j_max", "channel"],
      properties: { thermal_foster: foster, t_j_max: { type: "number" }, channel },
    },
  },
} as const;
