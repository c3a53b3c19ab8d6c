// Each part's characterisation dataset (shared/contract/characterisation.ts), generated from the content: the
// values the content states are carried as they are (the datasheet text's R_DS(on), Q_G, V_GS(th) and their test
// conditions through inputs.ts, the loss data's curves, energies and Foster network, our R_DS(on) at other gate
// voltages from the cross-reference content), and the curves no content states are derived from them by the
// shapes below, each fitted so that it gives back the stated values. The shapes, the assumptions and what the
// tests check are docs/decisions/055-characterisation-dataset.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import { atTemperature, interpolate } from "../../../shared/estimator/equations.ts";
import type { DiodeCharacterisation, IgbtCharacterisation, MosfetCharacterisation } from "../../../shared/contract/characterisation.ts";
import type { IgbtLossData } from "../../../shared/contract/loss-data.ts";
import { crossReferenceContent } from "../../../shared/cross-reference/schema.ts";
import { categoryFile, documentFile, productFile } from "../content/schema.ts";
import { readContent, shippedContentDir } from "../content/load.ts";
import { lossDataByProduct, lossDataFile } from "../content/loss-data.ts";
import { unknownLifecycle } from "../../../shared/contract/lifecycle.ts";
import { readModelInputs, type DiodeModelInput, type MosfetModelInput } from "./inputs.ts";
import { mosfetParameters } from "./ngspice.ts";
import { atVoltage } from "./plecs.ts";

/** Six significant digits, as the model pack writes numbers. */
const sig = (value: number) => Number(value.toPrecision(6));
/** A transfer curve's current (A): below 1 nA, far under the threshold, a datasheet plots zero. */
const plotted = (current: number) => (current < 1e-9 ? 0 : sig(current));

/** The threshold's fall with temperature (V/K): about −0.6 V from 25 to 175 °C, typical of planar SiC MOSFETs. */
const VTH_TEMPERATURE_COEFFICIENT = -0.004;
/** The channel's saturation current at the recommended V_GS(on) and 25 °C, as a multiple of the pulsed rating. */
const SATURATION_OVER_PULSE = 2;
/** The transfer characteristic's V_DS (V), where datasheets measure it (in saturation). */
const TRANSFER_VDS = 20;
/** Sharpness m of the output curves' smooth minimum of the linear region and saturation. */
const KNEE = 4;
/** C_GD(V) = k·(1/(1 + V/φ)² + ε): the depletion under the gate shields it fast (φ = 20 V), a small floor ε. */
const CGD_PHI = 20;
const CGD_FLOOR = 0.005;
/** C_DS(V) = k/√(1 + V/φ), an abrupt junction with φ = 5 V; a Schottky diode's C_j the same with φ = 1.5 V. */
const CDS_PHI = 5;
const CJ_PHI = 1.5;
/** The single-pulse durations of the SOA (s); null is DC. */
const SOA_PULSES = [1e-5, 1e-4, 1e-3, 1e-2, null] as const;
/** The case temperature of the SOA (°C). */
const SOA_TC = 25;

/** Pulse durations of the thermal-impedance curve: 1 µs to 10 s, five per decade (as the pack's curves CSV). */
const zthTimes = Array.from({ length: 36 }, (_, index) => sig(10 ** (-6 + index / 5)));
export const zthAt = (foster: Array<{ r: number; tau: number }>, t: number) => foster.reduce((sum, { r, tau }) => sum + r * (1 - Math.exp(-t / tau)), 0);

/** Voltage axis of the C–V curves: 0 V, then 0.1 V to the rated voltage geometrically, with the listed voltages on it. */
function voltageGrid(vMax: number, include: number[]): number[] {
  const steps = 80;
  const points = [0, ...Array.from({ length: steps + 1 }, (_, index) => sig(0.1 * (vMax / 0.1) ** (index / steps))), ...include];
  return [...new Set(points)].sort((a, b) => a - b);
}

/** ∫0^V k/√(1 + v/φ) dv and ∫0^V k/√(1 + v/φ)·v dv: the charge and energy of an abrupt junction. */
const junction = (k: number, phi: number, v: number) => {
  // At 0 V the closed form's terms cancel to rounding noise (a negative energy): the charge and energy are 0.
  if (v === 0) return { c: k, q: 0, e: 0 };
  const u = 1 + v / phi;
  return { c: k / Math.sqrt(u), q: 2 * k * phi * (Math.sqrt(u) - 1), e: k * phi * phi * ((2 / 3) * u ** 1.5 - 2 * Math.sqrt(u) + 4 / 3) };
};

/** C_GD(v) = k·(1/(1 + v/φ)² + ε) for v ≥ 0, held at its 0 V value below; charge and energy from 0 V. */
const gateDrain = (k: number, v: number) => {
  if (v < 0) return { c: k * (1 + CGD_FLOOR), q: k * (1 + CGD_FLOOR) * v, e: (k * (1 + CGD_FLOOR) * v * v) / 2 };
  const u = 1 + v / CGD_PHI;
  return {
    c: k * (1 / (u * u) + CGD_FLOOR),
    q: k * (CGD_PHI * (1 - 1 / u) + CGD_FLOOR * v),
    e: k * (CGD_PHI * CGD_PHI * (Math.log(u) + 1 / u - 1) + (CGD_FLOOR * v * v) / 2),
  };
};

interface CrossReferenceRdsOn {
  vgs: number[];
  tj: number[];
  r: number[][];
}

/** Our R_DS(on) at other gate voltages, from the cross-reference content (qingyun.rdsOn), by part. */
function readRdsOnTables(contentDir: string): Map<string, CrossReferenceRdsOn> {
  const content = crossReferenceContent.parse(JSON.parse(readFileSync(path.join(contentDir, "cross-reference/competitor-parts.json"), "utf8")));
  return new Map((content.qingyun.rdsOn ?? []).map((row) => [row.partNumber, row]));
}

/** The datasheet's V_GS(th) test current (mA), from the datasheet text as inputs.ts reads the other conditions. */
function readThresholdCurrents(contentDir: string): Map<string, number> {
  const currents = new Map<string, number>();
  for (const document of readContent("documents.json", documentFile.array(), contentDir)) {
    if (document.type !== "datasheet") continue;
    const part = /^(\S+) - /.exec(document.pages.en[0] ?? "")?.[1];
    const match = document.pages.en.map((line) => /V_GS\(th\) = [\d.]+ V typ at V_DS = V_GS, I_D = ([\d.]+) mA/.exec(line)).find(Boolean);
    if (part && match) currents.set(part, Number(match[1]));
  }
  return currents;
}

/** R_DS(on) (mΩ) at V_GS and T_j: the loss data's channel at the datasheet's V_GS, the cross-reference table at the others. */
function rdsOnAt(input: MosfetModelInput, table: CrossReferenceRdsOn | undefined, vgs: number, tj: number): number {
  if (vgs === input.rdsOn.vgs || !table) return atTemperature(input.loss.channel.t, input.loss.channel.r, tj);
  const row = table.r[table.vgs.indexOf(vgs)]!;
  return interpolate(table.tj, row, tj);
}

/** The channel's saturation law I = K(T)·V_ov², V_ov = n·ln(1 + e^((V_GS − V_th(T))/n)), fitted to the datasheet. */
interface SaturationLaw {
  k25: number;
  n: number;
  vth: (tj: number) => number;
  k: (tj: number) => number;
  current: (vgs: number, tj: number) => number;
  /** The gate voltage at which the channel saturates at `id` (the Miller plateau at that current). */
  plateau: (id: number, tj: number) => number;
}

/**
 * The law through two points: the saturation current `iSatOn` at `vOn` and 25 °C, and `thresholdCurrent` (A) at the
 * threshold `vth25` (K·(n·ln 2)² = I_th gives n, a smooth overdrive of 0.1 V or so); V_th(T) falls by `vthCoefficient`
 * per kelvin and K(T) = K(25 °C)·`mobility`(T).
 */
function squareLaw(a: { vth25: number; vthCoefficient: number; vOn: number; iSatOn: number; thresholdCurrent: number; mobility: (tj: number) => number }): SaturationLaw {
  const vth = (tj: number) => a.vth25 + a.vthCoefficient * (tj - 25);
  // The overdrive at vOn is ≫ n, where the softplus equals V − V_th to many digits.
  const k25 = a.iSatOn / (a.vOn - a.vth25) ** 2;
  const n = Math.sqrt(a.thresholdCurrent / k25) / Math.LN2;
  const k = (tj: number) => k25 * a.mobility(tj);
  const overdrive = (vgs: number, tj: number) => {
    const x = (vgs - vth(tj)) / n;
    return n * (Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x))));
  };
  return {
    k25,
    n,
    vth,
    k,
    current: (vgs, tj) => k(tj) * overdrive(vgs, tj) ** 2,
    plateau: (id, tj) => vth(tj) + n * Math.log(Math.expm1(Math.sqrt(id / k(tj)) / n)),
  };
}

/**
 * A MOSFET's law: the saturation current at V_GS(on) SATURATION_OVER_PULSE·I_D,pulse, the datasheet's V_GS(th) test
 * current, and mobility falling as the channel's resistance rises: K(T) = K(25)·R_DS(on)(25)/R_DS(on)(T).
 */
function saturationLaw(input: MosfetModelInput, thresholdCurrent: number): SaturationLaw {
  const { loss } = input;
  return squareLaw({
    vth25: input.vgsth,
    vthCoefficient: VTH_TEMPERATURE_COEFFICIENT,
    vOn: input.gateCharge.vgsOn,
    iSatOn: SATURATION_OVER_PULSE * input.drainCurrent.pulse,
    thresholdCurrent: thresholdCurrent / 1000,
    mobility: (tj) => loss.channel.r[0]! / atTemperature(loss.channel.t, loss.channel.r, tj),
  });
}

/**
 * An output curve I_D(V_DS): the smooth minimum of the linear region V_DS/R' and the saturation current,
 * I = (V/R')/(1 + (V/(R'·I_sat))^m)^(1/m), with R' chosen so that the curve passes exactly through
 * (R_DS(on)·I_D, I_D): R' = R·(1 − (I_D/I_sat)^m)^(1/m).
 */
function outputCurrent(rdsOn: number, iRef: number, iSat: number) {
  const r = rdsOn * (1 - (iRef / iSat) ** KNEE) ** (1 / KNEE);
  return (vds: number) => (vds === 0 ? 0 : vds / r / (1 + (vds / (r * iSat)) ** KNEE) ** (1 / KNEE));
}

/**
 * The capacitances at gate voltage 0 against the drain (collector) voltage and the gate-charge curve, from: C_GS
 * constant; C_GD = k·(1/(1 + V/φ)² + ε) with k so its charge over the gate-charge test's swing (from vTest − vgsOff
 * to vOn − vgsOn) is `millerCharge`; C_DS an abrupt junction with k′ so that the output charge at vRef is `qossRef`.
 * The gate-charge curve: C_GS over the whole swing, C_GD while the drain falls from vTest to vOn on the plateau.
 */
function chargeCurves(a: {
  part: string;
  cgs: number;
  millerCharge: number;
  qossRef: number;
  vRef: number;
  vTest: number;
  vOn: number;
  vgsOff: number;
  vgsOn: number;
  plateau: number;
  vRating: number;
}) {
  const kgd = a.millerCharge / (gateDrain(1, a.vTest - a.vgsOff).q - gateDrain(1, a.vOn - a.vgsOn).q);
  const kds = (a.qossRef - gateDrain(kgd, a.vRef).q) / junction(1, CDS_PHI, a.vRef).q;
  if (!(kds > 0)) throw new Error(`${a.part}: the output charge at V_DD is below the gate–drain charge`);
  const vds = voltageGrid(a.vRating, [a.vRef, a.vTest]);
  const at = (v: number) => {
    const gd = gateDrain(kgd, v);
    const ds = junction(kds, CDS_PHI, v);
    return { ciss: (a.cgs + gd.c) * 1e12, coss: (ds.c + gd.c) * 1e12, crss: gd.c * 1e12, qoss: (ds.q + gd.q) * 1e9, eoss: (ds.e + gd.e) * 1e6 };
  };
  const capacitance = {
    vds,
    ciss: vds.map((v) => sig(at(v).ciss)),
    coss: vds.map((v) => sig(at(v).coss)),
    crss: vds.map((v) => sig(at(v).crss)),
    qoss: vds.map((v) => sig(at(v).qoss)),
    eoss: vds.map((v) => sig(at(v).eoss)),
  };
  const qgd = (v: number) => gateDrain(kgd, v).q;
  const chargeAt = (vgs: number, phase: 1 | 3) => a.cgs * (vgs - a.vgsOff) + qgd(a.vTest - a.vgsOff) - qgd((phase === 1 ? a.vTest : a.vOn) - vgs);
  const rise = Array.from({ length: 6 }, (_, index) => a.vgsOff + ((a.plateau - a.vgsOff) * index) / 6);
  const top = Array.from({ length: 7 }, (_, index) => a.plateau + ((a.vgsOn - a.plateau) * (index + 1)) / 7);
  const points = [
    ...rise.map((v) => [chargeAt(v, 1), v]),
    [chargeAt(a.plateau, 1), a.plateau],
    [chargeAt(a.plateau, 3), a.plateau],
    ...top.map((v) => [chargeAt(v, 3), v]),
  ];
  return {
    at,
    capacitance,
    gateChargeCurve: { qg: points.map(([q]) => sig(q! * 1e9)), vgs: points.map(([, v]) => sig(v!)) },
    qgs: sig(chargeAt(a.plateau, 1) * 1e9),
    qgd: sig((chargeAt(a.plateau, 3) - chargeAt(a.plateau, 1)) * 1e9),
  };
}

/**
 * `contTc`: the case (coolant) temperature of the continuous rating `drainCurrent.i25` (25 °C for a discrete; a
 * module states its nominal current at 75–100 °C, a lower bound of its 25 °C current, which the SOA's DC line uses).
 */
function mosfetDataset(input: MosfetModelInput, table: CrossReferenceRdsOn | undefined, thresholdCurrent: number, module = false, contTc = 25): MosfetCharacterisation {
  const { loss, rdsOn, gateCharge, partNumber } = input;
  const p = mosfetParameters(input);
  const law = saturationLaw(input, thresholdCurrent);
  const ref = loss.switchingRef;
  const tHot = input.tjMax;
  const temperatures = [25, tHot];
  const gateVoltages = table ? [...new Set([...table.vgs, rdsOn.vgs])].sort((a, b) => a - b) : [rdsOn.vgs];

  const output = temperatures.flatMap((tj) =>
    gateVoltages.map((vgs) => {
      const r = rdsOnAt(input, table, vgs, tj) / 1000;
      const current = outputCurrent(r, rdsOn.id, law.current(vgs, tj));
      const vds = [...new Set([...Array.from({ length: 41 }, (_, index) => index * 0.5), sig(r * rdsOn.id)])].sort((a, b) => a - b);
      // The datasheet's point itself, so the curve read at I_D gives R_DS(on) without interpolation error.
      return { tj, vgs, vds, id: vds.map((v) => (v === sig(r * rdsOn.id) ? rdsOn.id : sig(current(v)))) };
    }),
  );

  const transferVgs = Array.from({ length: 41 }, (_, index) => sig(index * 0.5)).filter((v) => v <= Math.max(...gateVoltages));
  const transfer = temperatures.map((tj) => {
    const vgs = tj === 25 ? [...new Set([...transferVgs, input.vgsth])].sort((a, b) => a - b) : transferVgs;
    return { tj, vds: TRANSFER_VDS, vgs, id: vgs.map((v) => plotted(law.current(v, tj))) };
  });

  // Capacitances at V_GS = 0 (the datasheet's C–V condition): C_GS constant, the charge the model's C_gs holds
  // (70 % of Q_G over the swing, ngspice.ts); C_GD sized so its charge over the gate-charge test's drain swing is
  // the model's Miller charge; C_DS so that Q_oss at V_DD is what the loss data's E_on at 0 A implies.
  const vOnDrain = (rdsOn.r25 / 1000) * ref.i;
  const charges = chargeCurves({
    part: partNumber,
    cgs: p.cgs,
    millerCharge: p.qgd,
    qossRef: p.qoss * 1e-9,
    vRef: ref.v,
    vTest: gateCharge.vds,
    vOn: vOnDrain,
    vgsOff: gateCharge.vgsOff,
    vgsOn: gateCharge.vgsOn,
    plateau: law.plateau(ref.i, 25),
    vRating: input.vRating,
  });
  const { capacitance, gateChargeCurve } = charges;

  const iRef = ref.i;
  const eAt = (which: "eOn" | "eOff", tj: number) => {
    const [t0, t1] = loss.energies.tj;
    const cold = interpolate(loss.energies.i, loss.energies[which][0], iRef);
    const hot = interpolate(loss.energies.i, loss.energies[which][1], iRef);
    return cold + ((hot - cold) * (tj - t0)) / (t1 - t0);
  };
  const vddAxis = [0.5, 0.625, 0.75, 0.875, 1, 1.125].map((share) => sig(share * ref.v));
  const tjAxis = [...new Set([25, 75, 125, loss.energies.tj[1]])].sort((a, b) => a - b);
  const eRef = { eOn: eAt("eOn", ref.tj), eOff: eAt("eOff", ref.tj) };

  const foster = loss.zth ?? [{ r: loss.rth, tau: 1e-3 }];
  const rHot = rdsOnAt(input, table, rdsOn.vgs, tHot) / 1000;
  const soaVoltages = voltageGrid(input.vRating, []).filter((v) => v >= 1);
  const soaLines = SOA_PULSES.map((tp) => {
    const power = (tHot - SOA_TC) / (tp === null ? loss.rth : zthAt(foster, tp));
    const limit = tp === null ? input.drainCurrent.i25 : input.drainCurrent.pulse;
    return { tp, vds: soaVoltages, id: soaVoltages.map((v) => sig(Math.min(limit, v / rHot, power / v))) };
  });

  const diode = loss.bodyDiode;
  const bodyCurrents = [0.1, 0.25, 0.5, 1, 2, 3, 4].map((factor) => sig(factor * diode.iSd)).filter((i) => i <= input.drainCurrent.pulse);
  const atV = charges.at(ref.v);
  return {
    kind: "mosfet",
    module,
    partNumber,
    provenance: [
      { value: "R_DS(on) at 25 °C and hot, V_GS(th), Q_G and their test conditions, I_D, I_D,pulse", from: "documents.json: the part's datasheet text" },
      { value: "R_DS(on)(T_j) at V_GS(on), body diode, switching energies, Q_rr, R_th, Foster network", from: "catalog/loss-data.json" },
      { value: "R_DS(on) at the other gate voltages", from: "cross-reference/competitor-parts.json: qingyun.rdsOn" },
    ],
    conditions: {
      vRating: input.vRating,
      tjMax: tHot,
      vgsOn: gateCharge.vgsOn,
      vgsOff: gateCharge.vgsOff,
      idRef: rdsOn.id,
      idTh: thresholdCurrent,
      switching: { vdd: ref.v, id: ref.i, rg: ref.rg, tj: ref.tj },
      gateCharge: { vds: gateCharge.vds, id: ref.i },
      idCont: input.drainCurrent.i25,
      idContTc: contTc,
      idPulse: input.drainCurrent.pulse,
    },
    keyValues: {
      rdsOn25: rdsOn.r25,
      rdsOnHot: rdsOn.rHot,
      vgsTh: input.vgsth,
      qg: gateCharge.qg,
      qgs: charges.qgs,
      qgd: charges.qgd,
      ciss: sig(atV.ciss),
      coss: sig(atV.coss),
      crss: sig(atV.crss),
      qoss: sig(atV.qoss),
      eoss: sig(atV.eoss),
      rth: loss.rth,
    },
    output,
    transfer,
    capacitance,
    gateCharge: gateChargeCurve,
    bodyDiode: diode.t.map((tj, index) => ({
      tj,
      vgs: gateCharge.vgsOff,
      isd: bodyCurrents,
      vsd: bodyCurrents.map((i) => sig(diode.v0[index]! + (diode.r[index]! / 1000) * i)),
    })),
    reverseRecovery: { tj: [...loss.energies.tj], qrr: [...loss.energies.qrr] },
    switching: {
      byCurrent: { tj: [...loss.energies.tj], i: [...loss.energies.i], eOn: loss.energies.eOn.map((row) => [...row]), eOff: loss.energies.eOff.map((row) => [...row]) },
      byGate: { rg: [...loss.gate.rg], eOn: [...loss.gate.eOn], eOff: [...loss.gate.eOff] },
      byVoltage: {
        vdd: vddAxis,
        eOn: vddAxis.map((v) => sig(atVoltage(eRef.eOn, v, ref.v, loss.kv))),
        eOff: vddAxis.map((v) => sig(atVoltage(eRef.eOff, v, ref.v, loss.kv))),
      },
      byTemperature: { tj: tjAxis, eOn: tjAxis.map((tj) => sig(eAt("eOn", tj))), eOff: tjAxis.map((tj) => sig(eAt("eOff", tj))) },
    },
    thermal: { reference: loss.rthRef, rth: loss.rth, foster: foster.map((pair) => ({ ...pair })), zth: { t: zthTimes, z: zthTimes.map((t) => sig(zthAt(foster, t))) } },
    soa: { tc: SOA_TC, lines: soaLines },
  };
}

function diodeDataset(input: DiodeModelInput): DiodeCharacterisation {
  const { loss, forward, charge, partNumber } = input;
  const f = loss.forward;
  const currents = [0.1, 0.25, 0.5, 1, 1.5, 2, 3].map((factor) => sig(factor * forward.i));
  // C_j(V) an abrupt junction sized so that its charge at V_R is the datasheet's Q_C.
  const k = (charge.qc * 1e-9) / junction(1, CJ_PHI, charge.vr).q;
  const vr = voltageGrid(input.vRating, [charge.vr]);
  const at = (v: number) => junction(k, CJ_PHI, v);
  const foster = loss.zth ?? [{ r: loss.rth, tau: 1e-3 }];
  return {
    kind: "diode",
    partNumber,
    provenance: [
      { value: "V_F at 25 °C and hot, Q_C and their test conditions", from: "documents.json: the part's datasheet text" },
      { value: "V_F(T_j) curve, R_th, Foster network", from: "catalog/loss-data.json" },
    ],
    conditions: { vRating: input.vRating, tjMax: input.tjMax, ifRef: forward.i, vrQc: charge.vr },
    keyValues: {
      vf25: forward.v25,
      vfHot: forward.vHot,
      qc: charge.qc,
      ec: sig(at(charge.vr).e * 1e6),
      cj: sig(at(charge.vr).c * 1e12),
      rth: loss.rth,
    },
    forward: f.t.map((tj, index) => ({ tj, vf: currents.map((i) => sig(f.v0[index]! + (f.r[index]! / 1000) * i)), if: currents })),
    capacitance: { vr, cj: vr.map((v) => sig(at(v).c * 1e12)), qc: vr.map((v) => sig(at(v).q * 1e9)), ec: vr.map((v) => sig(at(v).e * 1e6)) },
    thermal: { reference: loss.rthRef, rth: loss.rth, foster: foster.map((pair) => ({ ...pair })), zth: { t: zthTimes, z: zthTimes.map((t) => sig(zthAt(foster, t))) } },
  };
}

/**
 * A SiC MOSFET module's V_GS(th) test current is not stated: taken as 0.14 mA per ampere of its current rating, the
 * ratio of our discrete MOSFETs' datasheets (6 mA at 44 A, 10 mA at 73 A, 15 mA at 101 A …).
 */
const MODULE_THRESHOLD_CURRENT_PER_AMPERE = 0.14;

interface ModuleInput {
  input: MosfetModelInput;
  thresholdCurrent: number;
  contTc: number;
}

/**
 * The SiC MOSFET modules on sale, read as one switch with what the discrete parts' reader (inputs.ts) reads, from
 * the module datasheet's own lines. Its Q_G line names no V_DS: the gate-charge curve is drawn at the switching
 * reference's V_DD. Its I_DM is the pulsed rating, its nominal current (at T_C or the coolant's T_F) the continuous one.
 */
function readModuleInputs(contentDir: string): ModuleInput[] {
  const categories = readContent("catalog/categories.json", categoryFile.array(), contentDir);
  const products = readContent("catalog/products.json", productFile.array(), contentDir);
  const documents = readContent("documents.json", documentFile.array(), contentDir);
  const losses = lossDataByProduct(readContent("catalog/loss-data.json", lossDataFile, contentDir), products, categories);
  const byId = new Map(categories.map((category) => [category.id, category]));
  const ancestors = (parentId: number) => {
    const nodes = [];
    for (let node = byId.get(parentId); node; node = node.parentId === null ? undefined : byId.get(node.parentId)) nodes.push(node);
    return nodes;
  };
  const modules: ModuleInput[] = [];
  for (const product of products) {
    const nodes = ancestors(product.parentId);
    const loss = losses.get(product.id);
    if (product.status === "off" || nodes.some((node) => node.status === "off") || loss?.kind !== "mosfet") continue;
    if (!nodes.at(-1)?.paramTable?.some((column) => column.fieldId === "topology")) continue;
    const part = product.partNumber;
    const lines = documents.find((document) => document.type === "datasheet" && document.productIds.includes(product.id))?.pages.en ?? [];
    const find = (pattern: RegExp, what: string) => {
      const match = lines.map((line) => pattern.exec(line)).find(Boolean);
      if (!match) throw new Error(`${part}: the datasheet does not state ${what}`);
      return match.slice(1).map(Number);
    };
    const [r25, vgs, id, rHot, tHot] = find(
      /R_DS\(on\) = ([\d.]+) mOhm typ at V_GS = ([\d.]+) V, I_D = ([\d.]+) A; ([\d.]+) mOhm typ at Tvj = (\d+) deg C/,
      "R_DS(on)",
    ) as [number, number, number, number, number];
    const [vgsth, qg, vgsOff, vgsOn] = find(/V_GS\(th\) = ([\d.]+) V typ; Q_G = ([\d.]+) nC typ \(V_GS = (-?[\d.]+)\/\+?([\d.]+) V\)/, "V_GS(th) and Q_G") as [
      number,
      number,
      number,
      number,
    ];
    const [nominal, contTc] = find(/I_D,nom = ([\d.]+) A at T_[CF](?: \(coolant\))? = (\d+) deg C/, "I_D,nom") as [number, number];
    const [pulse] = find(/I_DM = ([\d.]+) A/, "I_DM") as [number];
    const params = product.params as Record<string, unknown>;
    modules.push({
      input: {
        kind: "mosfet",
        partNumber: part,
        datasheet: { version: "", date: "" },
        lifecycle: unknownLifecycle,
        drainCurrent: { i25: nominal, pulse },
        package: String(params.package),
        vRating: loss.ratings.v,
        tjMax: loss.ratings.tjMax,
        vgsth,
        loss,
        rdsOn: { r25, vgs, id, rHot, tHot },
        gateCharge: { qg, vds: loss.switchingRef.v, vgsOff, vgsOn },
      },
      thresholdCurrent: Number((MODULE_THRESHOLD_CURRENT_PER_AMPERE * loss.ratings.i).toPrecision(2)),
      contTc,
    });
  }
  return modules;
}

/** An IGBT's saturation (short-circuit) current at V_GE(on) and 25 °C, as a multiple of its nominal current. */
const IGBT_SATURATION_OVER_NOMINAL = 4;
/** An IGBT's V_GE(th) falls 5 mV/K; its saturation current falls 0.2 %/K (−25 % from 25 to 150 °C). */
const IGBT_VTH_COEFFICIENT = -0.005;
const IGBT_SATURATION_COEFFICIENT = -0.002;
/** V_GE(th)'s test current, which the module datasheets do not state: 0.04 mA per ampere of I_C,nom, our stand-in. */
const IGBT_THRESHOLD_CURRENT_PER_AMPERE = 0.04;
/** The gate voltages of an IGBT's output curves (V). */
const IGBT_GATE_VOLTAGES = [9, 11, 13, 15, 17];
/** The knee of the collector's forward drop (V): the loss data's line V_CE0 + r_CE·I_C, rounded at V_CE0. */
const IGBT_KNEE = 0.05;

interface IgbtInput {
  partNumber: string;
  loss: IgbtLossData;
  vceSat: { ic: number; vge: number; v25: number; vHot: number; tHot: number };
  vgeTh: number;
  gateCharge: { qg: number; vgeOff: number; vgeOn: number };
  vf25: number;
  icNom: number;
  icPulse: number;
}

/** The IGBT modules on sale, from their datasheet's lines and loss data. */
function readIgbtInputs(contentDir: string): IgbtInput[] {
  const categories = readContent("catalog/categories.json", categoryFile.array(), contentDir);
  const products = readContent("catalog/products.json", productFile.array(), contentDir);
  const documents = readContent("documents.json", documentFile.array(), contentDir);
  const losses = lossDataByProduct(readContent("catalog/loss-data.json", lossDataFile, contentDir), products, categories);
  const byId = new Map(categories.map((category) => [category.id, category]));
  const hidden = (parentId: number) => {
    for (let node = byId.get(parentId); node; node = node.parentId === null ? undefined : byId.get(node.parentId)) if (node.status === "off") return true;
    return false;
  };
  const inputs: IgbtInput[] = [];
  for (const product of products) {
    const loss = losses.get(product.id);
    if (product.status === "off" || hidden(product.parentId) || loss?.kind !== "igbt") continue;
    const part = product.partNumber;
    const lines = documents.find((document) => document.type === "datasheet" && document.productIds.includes(product.id))?.pages.en ?? [];
    const find = (pattern: RegExp, what: string) => {
      const match = lines.map((line) => pattern.exec(line)).find(Boolean);
      if (!match) throw new Error(`${part}: the datasheet does not state ${what}`);
      return match.slice(1).map(Number);
    };
    const [v25, ic, vge, vHot, tHot] = find(/V_CE\(sat\) = ([\d.]+) V typ at I_C = ([\d.]+) A, V_GE = ([\d.]+) V; ([\d.]+) V typ at Tvj = (\d+) deg C/, "V_CE(sat)") as [
      number,
      number,
      number,
      number,
      number,
    ];
    const [vgeTh, qgMicro, vgeOff, vgeOn, vf25] = find(
      /V_GE\(th\) = ([\d.]+) V typ; Q_G = ([\d.]+) uC typ \(V_GE = (-?[\d.]+)\/\+?([\d.]+) V\); diode V_F = ([\d.]+) V typ/,
      "V_GE(th), Q_G and V_F",
    ) as [number, number, number, number, number];
    const [icNom, icPulse] = find(/I_C,nom = ([\d.]+) A; I_CRM = ([\d.]+) A/, "I_C,nom and I_CRM") as [number, number];
    inputs.push({
      partNumber: part,
      loss,
      vceSat: { ic, vge, v25, vHot, tHot },
      vgeTh,
      gateCharge: { qg: sig(qgMicro * 1000), vgeOff, vgeOn },
      vf25,
      icNom,
      icPulse,
    });
  }
  return inputs;
}

function igbtDataset(input: IgbtInput): IgbtCharacterisation {
  const { loss, vceSat, gateCharge, partNumber } = input;
  const ref = loss.switchingRef;
  const line = loss.igbt;
  const tHot = line.t.at(-1)!;
  const temperatures = [25, tHot];
  const icTh = Number((IGBT_THRESHOLD_CURRENT_PER_AMPERE * input.icNom).toPrecision(2));
  const law = squareLaw({
    vth25: input.vgeTh,
    vthCoefficient: IGBT_VTH_COEFFICIENT,
    vOn: vceSat.vge,
    iSatOn: IGBT_SATURATION_OVER_NOMINAL * input.icNom,
    thresholdCurrent: icTh / 1000,
    mobility: (tj) => 1 + IGBT_SATURATION_COEFFICIENT * (tj - 25),
  });
  const softplus = (x: number) => IGBT_KNEE * (Math.max(x / IGBT_KNEE, 0) + Math.log1p(Math.exp(-Math.abs(x / IGBT_KNEE))));
  const lineAt = (tj: number) => ({ v0: atTemperature(line.t, line.v0, tj), r: atTemperature(line.t, line.r, tj) / 1000 });
  const output = temperatures.flatMap((tj) => {
    const { v0, r } = lineAt(tj);
    const vRef = v0 + r * vceSat.ic;
    // r′ so that the curve at V_GE(on) passes exactly through the loss data's (V_CE(sat), I_C); the other gate
    // voltages share the bipolar part and saturate sooner.
    const scale = (1 - (vceSat.ic / law.current(vceSat.vge, tj)) ** KNEE) ** (-1 / KNEE);
    const rPrime = softplus(vRef - v0) / (vceSat.ic * scale);
    const vce = [...new Set([...Array.from({ length: 51 }, (_, index) => sig(index * 0.1)), sig(vRef)])].sort((a, b) => a - b);
    return IGBT_GATE_VOLTAGES.map((vge) => {
      const iSat = law.current(vge, tj);
      const current = (v: number) => {
        if (v === 0) return 0;
        const linear = softplus(v - v0) / rPrime;
        return linear / (1 + (linear / iSat) ** KNEE) ** (1 / KNEE);
      };
      return { tj, vge, vce, ic: vce.map((v) => (vge === vceSat.vge && v === sig(vRef) ? vceSat.ic : sig(current(v)))) };
    });
  });
  const transferVge = Array.from({ length: 41 }, (_, index) => sig(index * 0.5)).filter((v) => v <= Math.max(...IGBT_GATE_VOLTAGES));
  const transfer = temperatures.map((tj) => {
    const vge = tj === 25 ? [...new Set([...transferVge, input.vgeTh])].sort((a, b) => a - b) : transferVge;
    return { tj, vce: TRANSFER_VDS, vge, ic: vge.map((v) => plotted(law.current(v, tj))) };
  });

  // The charges as a MOSFET's (decision 055): C_GE 70 % of Q_G over the swing, C_GC the other 30 % over the test's
  // collector swing, the output charge at V_CC what the loss data's E_on at 0 A, 25 °C implies.
  const swing = gateCharge.vgeOn - gateCharge.vgeOff;
  const qg = gateCharge.qg * 1e-9;
  const charges = chargeCurves({
    part: partNumber,
    cgs: (0.7 * qg) / swing,
    millerCharge: 0.3 * qg,
    qossRef: (loss.energies.eOn[0][0]! * 1e-3) / ref.v,
    vRef: ref.v,
    vTest: ref.v,
    vOn: lineAt(25).v0 + lineAt(25).r * ref.i,
    vgsOff: gateCharge.vgeOff,
    vgsOn: gateCharge.vgeOn,
    plateau: law.plateau(ref.i, 25),
    vRating: loss.ratings.v,
  });
  const c = charges.capacitance;
  const atV = charges.at(ref.v);

  const energyAt = (which: "eOn" | "eOff" | "eRec", tj: number) => {
    const [t0, t1] = loss.energies.tj;
    const cold = interpolate(loss.energies.i, loss.energies[which][0], ref.i);
    const hot = interpolate(loss.energies.i, loss.energies[which][1], ref.i);
    return cold + ((hot - cold) * (tj - t0)) / (t1 - t0);
  };
  const vccAxis = [0.5, 0.625, 0.75, 0.875, 1, 1.125].map((share) => sig(share * ref.v));
  const tjAxis = [...new Set([25, 75, 125, loss.energies.tj[1]])].sort((a, b) => a - b);
  const atRef = { eOn: energyAt("eOn", ref.tj), eOff: energyAt("eOff", ref.tj), eRec: energyAt("eRec", ref.tj) };

  const thermalOf = (rth: number, network: Array<{ r: number; tau: number }> | undefined) => {
    const foster = network ?? [{ r: rth, tau: 1e-3 }];
    return { reference: loss.rthRef, rth, foster: foster.map((pair) => ({ ...pair })), zth: { t: zthTimes, z: zthTimes.map((t) => sig(zthAt(foster, t))) } };
  };
  const hot = lineAt(tHot);
  const soaVoltages = voltageGrid(loss.ratings.v, []).filter((v) => v >= 1);
  const soaLines = SOA_PULSES.map((tp) => {
    const power = (tHot - SOA_TC) / (tp === null ? loss.rth : zthAt(loss.zth ?? [{ r: loss.rth, tau: 1e-3 }], tp));
    const limit = tp === null ? input.icNom : input.icPulse;
    return { tp, vds: soaVoltages, id: soaVoltages.map((v) => sig(Math.min(limit, Math.max((v - hot.v0) / hot.r, 0), power / v))) };
  });
  const diodeCurrents = [0.1, 0.25, 0.5, 1, 1.5, 2].map((factor) => sig(factor * vceSat.ic));
  return {
    kind: "igbt",
    partNumber,
    provenance: [
      {
        value: "V_CE(sat) at 25 °C and hot, V_GE(th), Q_G, the diode's V_F and their test conditions, I_C,nom, I_CRM",
        from: "documents.json: the part's datasheet text",
      },
      { value: "V_CE(sat)(T_j) and V_F(T_j) lines, switching and recovery energies, R_th, Foster networks", from: "catalog/loss-data.json" },
    ],
    conditions: {
      vRating: loss.ratings.v,
      tjHot: tHot,
      vgeOn: gateCharge.vgeOn,
      vgeOff: gateCharge.vgeOff,
      icRef: vceSat.ic,
      icTh,
      switching: { vcc: ref.v, ic: ref.i, rg: ref.rg, tj: ref.tj },
      gateCharge: { vce: ref.v, ic: ref.i },
      icNom: input.icNom,
      icPulse: input.icPulse,
    },
    keyValues: {
      vceSat25: vceSat.v25,
      vceSatHot: vceSat.vHot,
      vgeTh: input.vgeTh,
      qg: gateCharge.qg,
      qge: charges.qgs,
      qgc: charges.qgd,
      cies: sig(atV.ciss),
      coes: sig(atV.coss),
      cres: sig(atV.crss),
      qoes: sig(atV.qoss),
      eoes: sig(atV.eoss),
      vf25: input.vf25,
      vfHot: sig(atTemperature(loss.diode.t, loss.diode.v0, tHot) + (atTemperature(loss.diode.t, loss.diode.r, tHot) / 1000) * vceSat.ic),
      rth: loss.rth,
      rthDiode: loss.rthDiode,
    },
    output,
    transfer,
    capacitance: { vce: c.vds, cies: c.ciss, coes: c.coss, cres: c.crss, qoes: c.qoss, eoes: c.eoss },
    gateCharge: { qg: charges.gateChargeCurve.qg, vge: charges.gateChargeCurve.vgs },
    diode: loss.diode.t.map((tj, index) => ({ tj, if: diodeCurrents, vf: diodeCurrents.map((i) => sig(loss.diode.v0[index]! + (loss.diode.r[index]! / 1000) * i)) })),
    switching: {
      byCurrent: {
        tj: [...loss.energies.tj],
        i: [...loss.energies.i],
        eOn: loss.energies.eOn.map((row) => [...row]),
        eOff: loss.energies.eOff.map((row) => [...row]),
        eRec: loss.energies.eRec.map((row) => [...row]),
      },
      byGate: { rg: [...loss.gate.rg], eOn: [...loss.gate.eOn], eOff: [...loss.gate.eOff], eRec: [...loss.gate.eRec] },
      byVoltage: {
        vcc: vccAxis,
        eOn: vccAxis.map((v) => sig(atVoltage(atRef.eOn, v, ref.v, loss.kv))),
        eOff: vccAxis.map((v) => sig(atVoltage(atRef.eOff, v, ref.v, loss.kv))),
        eRec: vccAxis.map((v) => sig(atVoltage(atRef.eRec, v, ref.v, loss.kvRec))),
      },
      byTemperature: {
        tj: tjAxis,
        eOn: tjAxis.map((tj) => sig(energyAt("eOn", tj))),
        eOff: tjAxis.map((tj) => sig(energyAt("eOff", tj))),
        eRec: tjAxis.map((tj) => sig(energyAt("eRec", tj))),
      },
    },
    thermal: thermalOf(loss.rth, loss.zth),
    thermalDiode: thermalOf(loss.rthDiode, loss.zthDiode),
    soa: { tc: SOA_TC, lines: soaLines },
  };
}

/** Every discrete part's, SiC MOSFET module's and IGBT module's dataset, by part number, from the content in `contentDir`. */
export function generateCharacterisation(contentDir = shippedContentDir): Map<string, MosfetCharacterisation | DiodeCharacterisation | IgbtCharacterisation> {
  const tables = readRdsOnTables(contentDir);
  const thresholds = readThresholdCurrents(contentDir);
  const datasets = new Map<string, MosfetCharacterisation | DiodeCharacterisation | IgbtCharacterisation>();
  const modules = readModuleInputs(contentDir);
  const igbtModules = readIgbtInputs(contentDir);
  // Modules are read from their own datasheet lines below, whatever else the discrete parts' reader comes to cover.
  const moduleParts = new Set([...modules.map(({ input }) => input.partNumber), ...igbtModules.map((input) => input.partNumber)]);
  for (const input of readModelInputs(contentDir)) {
    if (moduleParts.has(input.partNumber)) continue;
    if (input.kind === "mosfet") {
      const current = thresholds.get(input.partNumber);
      if (current === undefined) throw new Error(`${input.partNumber}: the datasheet does not state V_GS(th)'s test current`);
      datasets.set(input.partNumber, mosfetDataset(input, tables.get(input.partNumber), current));
    } else datasets.set(input.partNumber, diodeDataset(input));
  }
  for (const { input, thresholdCurrent, contTc } of modules)
    datasets.set(input.partNumber, mosfetDataset(input, tables.get(input.partNumber), thresholdCurrent, true, contTc));
  for (const input of igbtModules) datasets.set(input.partNumber, igbtDataset(input));
  return datasets;
}

/** The file a dataset is written to, relative to the content folder. */
export const characterisationFile = (part: string) => `characterisation/${part}.json`;

/** A dataset's text: two-space indented JSON with each array of numbers on one line, so a curve reads as a row. */
export const characterisationText = (dataset: MosfetCharacterisation | DiodeCharacterisation | IgbtCharacterisation) =>
  `${JSON.stringify(dataset, null, 2).replace(/\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g, (_, list: string) => `[${list.split(/,\s*/).join(", ")}]`)}\n`;
