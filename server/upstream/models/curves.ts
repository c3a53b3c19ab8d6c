// Every curve of a part's model pack as one CSV file (RFC 4180), for a spreadsheet or a script: one point per row,
// its curve and conditions in columns, so a filter on `curve` and `t_j_degC` gives one line of a datasheet figure.
// The numbers are those of the PLECS tables and the machine-readable datasheet, from the same inputs (inputs.ts),
// plus the transient thermal impedance the Foster network gives: Z_th(t) = Σ R_i·(1 − e^(−t/τ_i)), the datasheet's
// single-pulse curve (docs/decisions/027-model-topology.md, "Curves as CSV").
import type { DiodeCharacterisation, MosfetCharacterisation } from "../../../shared/contract/characterisation.ts";
import type { DiodeModelInput, ModelInput, MosfetModelInput } from "./inputs.ts";
import { conductionCurrents } from "./plecs.ts";

export const curveColumns = ["curve", "x_quantity", "x_unit", "x", "y_quantity", "y_unit", "y", "t_j_degC", "v_gs_V", "v_dd_V", "i_d_A", "r_g_ohm"] as const;

type Conditions = Partial<Record<"t_j_degC" | "v_gs_V" | "v_dd_V" | "i_d_A" | "r_g_ohm", number>>;

export interface Curve {
  curve: string;
  x: [quantity: string, unit: string, values: number[]];
  y: [quantity: string, unit: string, values: number[]];
  conditions: Conditions;
}

/** Six significant digits, as the other files of the pack write them. */
const number = (value: number) => String(Number(value.toPrecision(6)));

/** Pulse durations of the thermal-impedance curve: 1 µs to 10 s, five per decade. */
const zthTimes = Array.from({ length: 36 }, (_, index) => Number((10 ** (-6 + index / 5)).toPrecision(6)));

export function thermal(loss: { rth: number; zth?: Array<{ r: number; tau: number }> | undefined }): Curve[] {
  const network = loss.zth ?? [{ r: loss.rth, tau: 1e-3 }];
  return [
    {
      curve: "transient thermal impedance, single pulse",
      x: ["t_p", "s", zthTimes],
      y: ["Z_th(j-c)", "K/W", zthTimes.map((t) => network.reduce((sum, { r, tau }) => sum + r * (1 - Math.exp(-t / tau)), 0))],
      conditions: {},
    },
    {
      curve: "thermal network (Foster), R_i against tau_i",
      x: ["tau_i", "s", network.map((pair) => pair.tau)],
      y: ["R_i", "K/W", network.map((pair) => pair.r)],
      conditions: {},
    },
  ];
}

/** Forward or on-state characteristic V = V0(T_j) + r(T_j)·I at each temperature of the data, I against V. */
export function onState(
  name: string,
  axes: [string, string],
  currents: number[],
  data: { t: number[]; v0: number[]; r: number[] },
  zeroAtZero: boolean,
  vgs?: number,
): Curve[] {
  return data.t.map((tj, index) => ({
    curve: name,
    x: [axes[0], "V", currents.map((i) => (i === 0 && zeroAtZero ? 0 : data.v0[index]! + (data.r[index]! / 1000) * i))],
    y: [axes[1], "A", currents],
    conditions: vgs === undefined ? { t_j_degC: tj } : { t_j_degC: tj, v_gs_V: vgs },
  }));
}

function mosfet(input: MosfetModelInput): Curve[] {
  const { loss, rdsOn, gateCharge } = input;
  const ref = loss.switchingRef;
  const currents = conductionCurrents(rdsOn.id);
  const energies = (which: "eOn" | "eOff", label: string): Curve[] => [
    ...loss.energies.tj.map((tj, index) => ({
      curve: `${label} energy against drain current`,
      x: ["I_D", "A", loss.energies.i] as Curve["x"],
      y: [which === "eOn" ? "E_on" : "E_off", "mJ", loss.energies[which][index]!] as Curve["y"],
      conditions: { t_j_degC: tj, v_gs_V: gateCharge.vgsOn, v_dd_V: ref.v, r_g_ohm: ref.rg },
    })),
    {
      curve: `${label} energy against external gate resistance`,
      x: ["R_G(ext)", "ohm", loss.gate.rg],
      y: [which === "eOn" ? "E_on" : "E_off", "mJ", loss.gate[which]],
      conditions: { t_j_degC: ref.tj, v_gs_V: gateCharge.vgsOn, v_dd_V: ref.v, i_d_A: ref.i },
    },
  ];
  return [
    // The channel is resistive (V0 = 0), as in the PLECS table and the machine-readable datasheet.
    ...onState("output characteristic", ["V_DS", "I_D"], currents, { ...loss.channel, v0: loss.channel.t.map(() => 0) }, true, rdsOn.vgs),
    ...onState("body diode forward characteristic", ["V_SD", "I_SD"], currents, loss.bodyDiode, true, gateCharge.vgsOff),
    ...energies("eOn", "turn-on"),
    ...energies("eOff", "turn-off"),
    ...thermal(loss),
  ];
}

function diode(input: DiodeModelInput): Curve[] {
  return [...onState("forward characteristic", ["V_F", "I_F"], conductionCurrents(input.forward.i), input.loss.forward, true), ...thermal(input.loss)];
}

/**
 * From pack 1.4, the curves the part's characterisation dataset adds (docs/decisions/055-characterisation-dataset.md):
 * output curves at every gate voltage, transfer, C–V with Q_oss and E_oss, gate charge and SOA of a MOSFET; C_j, Q_C
 * and E_C of a diode. Names of their own, so the on-state curves above keep theirs.
 */
function characterisationCurves(dataset: MosfetCharacterisation | DiodeCharacterisation): Curve[] {
  if (dataset.kind === "diode") {
    const { vr, cj, qc, ec } = dataset.capacitance;
    return [
      { curve: "junction capacitance against reverse voltage", x: ["V_R", "V", vr], y: ["C_j", "pF", cj], conditions: {} },
      { curve: "capacitive charge against reverse voltage", x: ["V_R", "V", vr], y: ["Q_C", "nC", qc], conditions: {} },
      { curve: "capacitive energy against reverse voltage", x: ["V_R", "V", vr], y: ["E_C", "uJ", ec], conditions: {} },
    ];
  }
  const { vds, ciss, coss, crss, qoss, eoss } = dataset.capacitance;
  const atZeroGate = { v_gs_V: 0 };
  const c = dataset.conditions;
  return [
    ...dataset.output.map((curve) => ({
      curve: "output characteristic at several gate voltages",
      x: ["V_DS", "V", curve.vds] as Curve["x"],
      y: ["I_D", "A", curve.id] as Curve["y"],
      conditions: { t_j_degC: curve.tj, v_gs_V: curve.vgs },
    })),
    ...dataset.transfer.map((curve) => ({
      curve: `transfer characteristic at V_DS = ${curve.vds} V`,
      x: ["V_GS", "V", curve.vgs] as Curve["x"],
      y: ["I_D", "A", curve.id] as Curve["y"],
      conditions: { t_j_degC: curve.tj },
    })),
    { curve: "input capacitance against drain-source voltage", x: ["V_DS", "V", vds], y: ["C_iss", "pF", ciss], conditions: atZeroGate },
    { curve: "output capacitance against drain-source voltage", x: ["V_DS", "V", vds], y: ["C_oss", "pF", coss], conditions: atZeroGate },
    { curve: "reverse transfer capacitance against drain-source voltage", x: ["V_DS", "V", vds], y: ["C_rss", "pF", crss], conditions: atZeroGate },
    { curve: "output charge against drain-source voltage", x: ["V_DS", "V", vds], y: ["Q_oss", "nC", qoss], conditions: atZeroGate },
    { curve: "output capacitance stored energy against drain-source voltage", x: ["V_DS", "V", vds], y: ["E_oss", "uJ", eoss], conditions: atZeroGate },
    {
      curve: "gate charge",
      x: ["Q_G", "nC", dataset.gateCharge.qg],
      y: ["V_GS", "V", dataset.gateCharge.vgs],
      conditions: { t_j_degC: 25, v_dd_V: c.gateCharge.vds, i_d_A: c.gateCharge.id },
    },
    ...dataset.soa.lines.map((line) => ({
      curve: `safe operating area at T_C = ${dataset.soa.tc} degC, ${line.tp === null ? "DC" : `single pulse t_p = ${line.tp} s`}`,
      x: ["V_DS", "V", line.vds] as Curve["x"],
      y: ["I_D", "A", line.id] as Curve["y"],
      conditions: { v_gs_V: c.vgsOn },
    })),
  ];
}

/** The part's curves as CSV: a header line, then one row per point; CRLF line ends as RFC 4180 writes them. */
export function curvesCsv(input: ModelInput, dataset?: MosfetCharacterisation | DiodeCharacterisation): string {
  return curvesToCsv([...(input.kind === "mosfet" ? mosfet(input) : diode(input)), ...(dataset ? characterisationCurves(dataset) : [])]);
}

/** Curves as CSV: a header line, then one row per point (CRLF). */
export function curvesToCsv(curves: Curve[]): string {
  const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const rows = curves.flatMap(({ curve, x, y, conditions }) =>
    x[2].map((xValue, index) =>
      [
        quote(curve),
        x[0],
        x[1],
        number(xValue),
        y[0],
        y[1],
        number(y[2][index]!),
        ...(["t_j_degC", "v_gs_V", "v_dd_V", "i_d_A", "r_g_ohm"] as const).map((key) => (conditions[key] === undefined ? "" : number(conditions[key]))),
      ].join(","),
    ),
  );
  return `${[curveColumns.join(","), ...rows].join("\r\n")}\r\n`;
}
