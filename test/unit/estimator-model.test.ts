// The estimator's model against values worked out by hand (the working is in the comments), its temperature
// iteration, runaway and warnings, and monotonicity over every part of the catalogue.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lossData, type LossData, type MosfetLossData } from "../../shared/contract/loss-data.ts";
import {
  estimate,
  isSuitable,
  lossVsFrequency,
  frequencySweep,
  assumptionsOf,
  spwmFreewheel,
  spwmSwitchConduction,
  thermalPath,
  refusalOf,
  type OperatingPoint,
} from "../../shared/estimator/index.ts";
import { handWorkedIgbtModule as qim300120h62, handWorkedMosfet } from "../fixtures/loss-data.ts";

const op = (fields: Partial<OperatingPoint>): OperatingPoint => ({
  mode: "inverter",
  vBus: 800,
  current: 20,
  currentKind: "rms",
  fsw: 50_000,
  pf: 0.9,
  duty: 0.5,
  tc: 80,
  m: 0.9,
  ...fields,
});

// The datasheet values of three parts, copied here so the hand calculations stay valid whatever the content does.
const qcm040120k4: LossData = handWorkedMosfet;
const qcd10065t2: LossData = {
  kind: "diode",
  ratings: { v: 650, i: 10, tc: 135, tjMax: 175 },
  rthRef: "case",
  rth: 1.5,
  forward: { t: [25, 175], v0: [0.92, 0.8], r: [46, 104] },
  qc: 27,
  vQc: 400,
  kv: 1.5,
};

describe("estimate, worked by hand", () => {
  it("SiC MOSFET QCM040120K4 in an inverter leg: 800 V, 20 A rms, 50 kHz, cos φ 0.9, M 0.9, T_c 80 °C", () => {
    // I_pk = 20·√2 = 28.284 A, I_pk² = 800 A². With x = T_j − 25: R_DS(on) = 0.040 + 0.0002·x Ω.
    // Channel, forward: R·800·(1/8 + 0.81/(3π)) = R·800·0.210944 = R·168.755
    // Channel, reverse (synchronous rectification): R·800·(1/8 − 0.085944) = R·31.245, less the two 250 ns dead
    //   times (share Δ = 2·250 ns·50 kHz = 0.025 of each period) when the body diode carries it instead:
    //   R·800·0.025/4 = R·5; both directions: R·195 = 7.8 + 0.039·x W
    // Switching: 50 000·0.385 mJ·(1/π)·(28.284/20)·(800/800)^1.3 = 19.25·0.31831·1.41421 = 8.6656 W
    // Body diode in the dead times: 0.025·(V0·28.284/π + r·800/4), V0 = 2.9 − 0.0023333·x,
    //   r = 0.110 + 0.00011333·x → 0.025·(48.1092 + 0.00166·x) = 1.20273 + 0.0000415·x W
    // P(x) = 17.66833 + 0.0390415·x; T_j = 80 + 0.55·P → x + 25 = 89.717582 + 0.02147283·x
    //   → x = 64.717582/0.97852717 = 66.13773 → T_j = 91.1377 °C, P = 17.66833 + 2.58211 = 20.2504 W
    const result = estimate(qcm040120k4, op({}));
    expect(result.converged).toBe(true);
    expect(result.iterations).toBeGreaterThan(1);
    expect(result.losses.switching).toBeCloseTo(8.6656, 3);
    expect(result.losses.total).toBeCloseTo(20.2504, 2);
    expect(result.tj).toBeCloseTo(91.1377, 2);
    // Forward channel at x = 66.13773: R = 0.05322755 Ω → 168.755·R = 8.98251 W
    expect(result.losses.conduction).toBeCloseTo(8.98251, 3);
    // Of the freewheeling loss, the body diode's share: 1.20273 + 0.0000415·66.13773 = 1.20547 W
    expect(result.losses.deadTime).toBeCloseTo(1.20547, 4);
    expect(result.junctions).toHaveLength(1);
    expect(result.warnings).toEqual([]);
    expect(result.scope).toBe("position");
  });

  it("SiC Schottky diode QCD10065T2 as a boost (PFC) diode: 400 V, 8 A DC, 65 kHz, D = 0.5, T_c 100 °C", () => {
    // x = T_j − 25: V_F0 = 0.92 − 0.0008·x V, r_F = 0.046 + 0.00038667·x Ω.
    // Conduction (1 − D)·(V_F0·8 + r_F·64) = 0.5·(10.304 + 0.018347·x) = 5.152 + 0.0091733·x W
    // T_j = 100 + 1.5·P → x + 25 = 107.728 + 0.01376·x → x = 82.728/0.98624 = 83.882 → T_j = 108.882 °C, P = 5.9215 W
    // Capacitive charge: the switch charges Q(V) = 27 nC·√(V/400 V) to 400 V; the bus delivers Q·V = 10.8 µJ, the
    // junction keeps ∫v·dQ = ⅓·Q·V, the switch dissipates ⅔·Q·V = 7.2 µJ per period: 7.2 µJ·65 kHz = 0.468 W.
    // It heats the switch, so it is booked apart (inSwitch) and neither in the diode's total nor in its T_j.
    const result = estimate(qcd10065t2, op({ mode: "dcdc", vBus: 400, current: 8, fsw: 65_000, duty: 0.5, tc: 100 }));
    expect(result.losses.diodeConduction).toBeCloseTo(5.9215, 3);
    expect(result.losses.inSwitch).toBeCloseTo(0.468, 6);
    expect(result.losses.diodeSwitching).toBe(0);
    expect(result.losses.total).toBeCloseTo(5.9215, 3);
    expect(result.tj).toBeCloseTo(108.882, 2);
    expect(result.junctions).toHaveLength(1);
    expect(result.junctions[0]!.power).toBeCloseTo(5.9215, 3);
    // At 600 V: Q·V = 27 nC·400 V·1.5^1.5 = 19.84 µJ, two thirds 13.23 µJ; in an inverter only the half-period
    // in which the diode conducts commutates it: 13.23 µJ·20 kHz/2 = 0.1323 W.
    const inverter = estimate(qcd10065t2, op({ vBus: 600, current: 5, fsw: 20_000 }));
    expect(inverter.losses.inSwitch).toBeCloseTo((2 / 3) * 27e-9 * 400 * 1.5 ** 1.5 * 10_000, 9);
    expect(inverter.losses.inSwitch).toBeCloseTo(0.1323, 4);
  });

  it("IGBT module QIM300120H62 in an inverter leg: 700 V, 150 A rms, 8 kHz, cos φ 0.85, M 0.9, T_c 80 °C", () => {
    // I_pk = 212.132 A, I_pk² = 45 000 A², M·cos φ = 0.765. (7/6)^1.35 = 1.231345, (7/6)^0.6 = 1.096903.
    // IGBT (x = T_j − 25): V_CE0 = 0.8 − 0.0008·x, r_CE = 3.33 + 0.012·x mΩ
    //   conduction = V_CE0·212.132·(1/(2π) + 0.765/8) + r_CE·45 000·(1/8 + 0.765/(3π))
    //              = V_CE0·54.0470 + r_CE·9277.6 = 74.1320 + 0.0680937·x W
    //   switching at 150 °C = 8000·57.9 mJ·(1/π)·(212.132/300)·1.231345 = 128.376 W, times 1 + 0.0024·(T_j − 150)
    //     = 0.7 + 0.0024·x → 89.8632 + 0.3081024·x W
    //   P = 163.9952 + 0.3761961·x; T_j = 80 + 0.095·P → x = 70.579544/0.96426137 = 73.1955 → T_j = 98.1955 °C,
    //   P = 191.531 W (switching 128.376·(0.7 + 0.0024·73.1955) = 112.414 W)
    // Diode: V_F0 = 1 − 0.0012·x, r_F = 2.5 + 0.00264·x mΩ
    //   conduction = V_F0·212.132·(1/(2π) − 0.765/8) + r_F·45 000·(1/8 − 0.765/(3π)) = 18.40774 − 0.010965·x W
    //   recovery at 150 °C = 8000·19.2 mJ·(1/π)·0.707107·1.096903 = 37.922 W, times 1 + 0.004·(T_j − 150)
    //     = 0.5 + 0.004·x → 18.9612 + 0.1516896·x W
    //   P = 37.36894 + 0.1407246·x; T_j = 80 + 0.152·P → x = 60.680079/0.97860986 = 62.0064 → T_j = 87.0064 °C,
    //   P = 46.0948 W (recovery 37.922·(0.5 + 0.004·62.0064) = 28.367 W)
    const result = estimate(qim300120h62, op({ vBus: 700, current: 150, fsw: 8000, pf: 0.85, tc: 80 }));
    expect(result.losses.switching).toBeCloseTo(112.414, 2);
    expect(result.losses.diodeSwitching).toBeCloseTo(28.367, 2);
    const [igbt, diode] = result.junctions;
    expect(igbt).toMatchObject({ name: "switch", rth: 0.095 });
    expect(igbt!.power).toBeCloseTo(191.531, 2);
    expect(igbt!.tj).toBeCloseTo(98.1955, 2);
    expect(diode).toMatchObject({ name: "diode", rth: 0.152 });
    expect(diode!.power).toBeCloseTo(46.0948, 2);
    expect(diode!.tj).toBeCloseTo(87.0064, 2);
    expect(result.tj).toBeCloseTo(98.1955, 2);
    expect(result.losses.total).toBeCloseTo(237.626, 2);
  });

  it("settles the temperature iteration to the fixed point that the closed form gives", () => {
    // With P linear in T_j (P = a + b·x), the fixed point is x = (T_c − 25 + R_th·a)/(1 − R_th·b); the iteration
    // must land there, and needs more than one step since the losses depend on T_j.
    const result = estimate(qcm040120k4, op({ tc: 25 }));
    const a = 17.66833;
    const b = 0.0390415;
    const x = (0 + 0.55 * a) / (1 - 0.55 * b);
    expect(result.tj).toBeCloseTo(25 + x, 2);
    expect(result.iterations).toBeGreaterThan(2);
  });
});

describe("limits", () => {
  // A QCM040120K4 whose channel resistance rises with a chosen slope: at 20 A rms (I_pk² = 800 A²) both channel
  // directions together dissipate R·c W and the body diode adds d W/K, so the loop gain is G = R_th·(c·dR/dT + d)
  // wherever R_DS(on) is inside the model's range (to 250 °C). At 50 kHz c = 195 and d = 0.0000415 (the first
  // test above); in general both follow from the equations with unit R and the body diode's slopes per kelvin.
  const steep = (rth: number, gain: number, fsw = 50_000): MosfetLossData => {
    const iPeak = 20 * Math.SQRT2;
    const deadTime = 250e-9;
    const c = spwmSwitchConduction(0, 1, iPeak, 0.9, 0.9) + spwmFreewheel(1, 0, 0, iPeak, 0.9, 0.9, deadTime, fsw).channel;
    const d = spwmFreewheel(0, -0.35 / 150, 0.017 / 150, iPeak, 0.9, 0.9, deadTime, fsw).bodyDiode;
    const slope = (gain / rth - d) / c; // Ω/K
    return { ...(qcm040120k4 as MosfetLossData), rth, channel: { t: [25, 175], v0: [0, 0], r: [40, 40 + slope * 150 * 1000] } };
  };

  it("steep()'s coefficients at 50 kHz are the hand-worked ones", () => {
    const iPeak = 20 * Math.SQRT2;
    expect(spwmSwitchConduction(0, 1, iPeak, 0.9, 0.9) + spwmFreewheel(1, 0, 0, iPeak, 0.9, 0.9, 250e-9, 50_000).channel).toBeCloseTo(195, 3);
    expect(spwmFreewheel(0, -0.35 / 150, 0.017 / 150, iPeak, 0.9, 0.9, 250e-9, 50_000).bodyDiode).toBeCloseTo(0.0000415, 6);
  });

  it("calls it thermal runaway when the loop gain R_th·dP/dT_j is 1 or more, and reports that gain", () => {
    // G = 1.2 with little loss: the iteration stops at the model's range, where dP/dT_j still gives 1.2. Before,
    // the flat losses past 250 °C made a "fixed point" near 330 °C, reported as a temperature.
    const result = estimate(steep(2, 1.2), op({ tc: 25 }));
    expect(result.tj).toBeNull();
    expect(result.junctions[0]!.tj).toBeNull();
    expect(result.junctions[0]!.loopGain).toBeCloseTo(1.2, 3);
    expect(result.unsuitable).toEqual([{ code: "thermalRunaway", junction: "switch", loopGain: result.junctions[0]!.loopGain }]);
    // The losses are shown at the top of the data's range, 250 °C.
    expect(Number.isFinite(result.losses.total)).toBe(true);
    expect(isSuitable(result)).toBe(false);
  });

  it("is not runaway below a loop gain of 1, however hot the fixed point: above the data it says so, without a number", () => {
    // G = 0.9, 10 K/W and 500 kHz (P ≈ 6.9 + 86.7 + 6.7 W at 25 °C: the dead times outlast the shortest
    // freewheeling intervals there, so the body diode carries what the channel would): the steady temperature is far
    // above the 250 °C the data cover (once called runaway) but stable: no number, "outside the data".
    const hot = estimate(steep(10, 0.9, 500_000), op({ tc: 80, fsw: 500_000 }));
    expect(hot.junctions[0]!.loopGain).toBeCloseTo(0.9, 3);
    expect(hot.tj).toBeNull();
    expect(hot.junctions[0]!.beyond).toBe("aboveData");
    expect(hot.unsuitable).toEqual([{ code: "aboveData", junction: "switch", limit: 250 }]);
    // Its losses are those at 250 °C, the top of the data.
    const at250 = estimate(steep(10, 0.9, 500_000), op({ tc: 250, fsw: 500_000 }));
    expect(hot.losses.total).toBeCloseTo(at250.losses.total, 9);
    // G = 0.99 with a fixed point inside the range: found (slowly approached, then Newton steps), and it is the
    // closed form x = (T_c − 25 + R_th·P(25 °C))/(1 − G) with P(25 °C) = 195·0.040 + 8.6656 + 1.20273 W.
    const rth = 0.05;
    const slow = estimate(steep(rth, 0.99), op({ tc: 25 }));
    expect(slow.converged).toBe(true);
    expect(slow.tj).toBeCloseTo(25 + (rth * 17.66833) / (1 - 0.99), 1);
    expect(slow.unsuitable).toEqual([]);
  });

  it("finds QCM750170K3 at 800 V, 20 A rms in runaway (G ≈ 2), where the clamped model once showed 886 °C", () => {
    const part = catalogueOf("QCM750170K3");
    const result = estimate(part, op({}));
    expect(result.tj).toBeNull();
    const reason = result.unsuitable.find((item) => item.code === "thermalRunaway");
    expect(reason).toMatchObject({ junction: "switch" });
    expect(result.junctions[0]!.loopGain).toBeGreaterThanOrEqual(1);
  });

  it("judges each junction on its own: an IGBT in runaway leaves its diode's settled temperature as it is", () => {
    // The hand-worked IGBT point (diode 87.0064 °C), with an IGBT whose r_CE rises 40 mΩ/K: G ≫ 1 for the switch.
    const point = op({ vBus: 700, current: 150, fsw: 8000, pf: 0.85, tc: 80 });
    const steepIgbt = { ...qim300120h62, igbt: { t: [25, 150], v0: [0.8, 0.7], r: [3.33, 5000] } } as LossData;
    const result = estimate(steepIgbt, point);
    const [igbt, diode] = result.junctions;
    expect(igbt!.tj).toBeNull();
    expect(igbt!.loopGain).toBeGreaterThan(1);
    expect(diode!.tj).toBeCloseTo(87.0064, 2);
    // Settled as far as with a sound IGBT (stopping where the switch left the range would leave it 3 mK short).
    expect(diode!.tj).toBeCloseTo(estimate(qim300120h62, point).junctions[1]!.tj!, 3);
    expect(result.unsuitable.map((reason) => reason.code)).toEqual(["thermalRunaway"]);
  });

  it("marks a part unsuitable above its rated voltage (its own reason) and cautions above 80 % of it", () => {
    const over = estimate(qcm040120k4, op({ vBus: 1250, current: 5 }));
    expect(over.unsuitable).toEqual([{ code: "voltageOverRating", vBus: 1250, vRated: 1200 }]);
    expect(over.warnings).toEqual([]);
    const close = estimate(qcm040120k4, op({ vBus: 1000, current: 5 }));
    expect(close.unsuitable).toEqual([]);
    expect(close.warnings).toEqual([{ code: "voltageOver80", vBus: 1000, vRated: 1200, limit: 960 }]);
    const fine = estimate(qcm040120k4, op({ vBus: 960, current: 10 }));
    expect(fine.unsuitable).toEqual([]);
    expect(fine.warnings).toEqual([]);
  });

  it("marks T_j over T_j,max as unsuitable, per junction", () => {
    // 60 A rms at 100 kHz, 1000 V: about 190 W through 0.55 K/W on a 100 °C case.
    const result = estimate(qcm040120k4, op({ vBus: 1000, current: 60, fsw: 100_000, tc: 100 }));
    expect(result.unsuitable).toEqual([{ code: "tjOverMax", junction: "switch", tj: result.tj, tjMax: 175 }]);
  });

  it("judges the current by the thermal result and the pulsed rating, not by the continuous DC rating", () => {
    // QCM080120K4 at 800 V, 20 A rms: I_pk = 28.3 A is above its 25 A DC rating at T_c 100 °C, yet the junction
    // settles at 104 °C of 175 °C (its convex R_DS(on) curve is below the 25–175 °C line there): suitable. Its data has no pulsed rating, and the estimate says so.
    const qcm080120k4 = catalogueOf("QCM080120K4");
    expect(qcm080120k4.ratings.iPulse).toBeUndefined();
    const result = estimate(qcm080120k4, op({}));
    expect(result.iPeak).toBeGreaterThan(qcm080120k4.ratings.i);
    expect(result.tj).toBeCloseTo(104, 0);
    expect(result.unsuitable).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(assumptionsOf(qcm080120k4, op({})).map((item) => item.key)).toContain("currentNoPulse");
    // A diode with a surge rating I_FSM of 80 A: a 60 A rms sine peaks at 84.9 A, above it, whatever its T_j.
    const diode = { ...qcd10065t2, ratings: { ...qcd10065t2.ratings, iPulse: 80 } } as LossData;
    const peak = estimate(diode, op({ vBus: 400, current: 60, fsw: 1000, tc: 25 }));
    expect(peak.unsuitable).toContainEqual({ code: "currentOverPulse", current: peak.iPeak, rating: 80 });
    expect(estimate(diode, op({ vBus: 400, current: 79, currentKind: "peak", fsw: 1000, tc: 25 })).unsuitable.map((item) => item.code)).not.toContain("currentOverPulse");
    expect(assumptionsOf(diode, op({}))).toContainEqual({ key: "currentPulse", values: { iPulse: 80 } });
  });
});

const catalogueRows = JSON.parse(readFileSync(new URL("../../server/upstream/content/catalog/loss-data.json", import.meta.url), "utf8")) as Array<
  Record<string, unknown>
>;
const catalogue: LossData[] = catalogueRows.map(({ partNumber: _, ...data }) => lossData.parse(data));
function catalogueOf(part: string): LossData {
  const { partNumber: _, ...data } = catalogueRows.find((row) => row.partNumber === part)!;
  return lossData.parse(data);
}

describe("monotonicity over every part", () => {
  const points: Array<Partial<OperatingPoint>> = [{}, { mode: "dcdc", duty: 0.4 }, { pf: -0.8 }];
  it("loss rises with current, switching frequency and case temperature", () => {
    expect(catalogue.length).toBeGreaterThan(40);
    for (const data of catalogue) {
      // Each part near its own scale: a third of its rating, at 60 % of its voltage.
      for (const base of points) {
        const at = (fields: Partial<OperatingPoint>) => estimate(data, op({ vBus: 0.6 * data.ratings.v, current: data.ratings.i / 3, fsw: 20_000, ...base, ...fields }));
        const reference = at({});
        expect(reference.losses.total).toBeGreaterThan(0);
        expect(at({ current: data.ratings.i / 2 }).losses.total).toBeGreaterThan(reference.losses.total);
        // A Schottky diode's own loss does not depend on f_sw: its capacitive charge heats the switch.
        const withSwitch = (result: ReturnType<typeof at>) => result.losses.total + result.losses.inSwitch;
        expect(withSwitch(at({ fsw: 40_000 }))).toBeGreaterThan(withSwitch(reference));
        expect(at({ tc: 110 }).losses.total).toBeGreaterThan(reference.losses.total);
        expect(withSwitch(at({ vBus: 0.7 * data.ratings.v }))).toBeGreaterThan(withSwitch(reference));
      }
    }
  });

  it("the loss-vs-frequency sweep rises and brackets the operating point", () => {
    const sweep = lossVsFrequency(qim300120h62, op({ vBus: 600, current: 150, fsw: 8000 }));
    const frequencies = frequencySweep(8000);
    expect(sweep.map((point) => point.fsw)).toEqual(frequencies);
    expect(frequencies[0]).toBeLessThan(8000);
    expect(frequencies.at(-1)).toBeGreaterThan(8000);
    for (let index = 1; index < sweep.length; index++) expect(sweep[index]!.losses.total).toBeGreaterThan(sweep[index - 1]!.losses.total);
  });

  it("names its assumptions, ending with the datasheet governing", () => {
    const keys = assumptionsOf(qcm040120k4, op({})).map((item) => item.key);
    expect(keys[0]).toBe("topologyInverter");
    expect(keys).toContain("mosfetSync");
    expect(keys.at(-1)).toBe("datasheetGoverns");
    expect(assumptionsOf(qcd10065t2, op({ mode: "dcdc" })).map((item) => item.key)).toEqual(expect.arrayContaining(["topologyDcdc", "diodeCapacitive"]));
  });
});

describe("gate resistance, dead time and on-state curves", () => {
  it("scales the switching energies with R_G along the part's E(R_G) curves", () => {
    // QCM040120K4 at R_G = 5 Ω: E_on 0.3953 mJ, E_off 0.1012 mJ (its curve's points) instead of 0.31 + 0.075 mJ
    // at the reference 2.5 Ω, so the switching loss of the first hand-worked test scales by 0.4965/0.385.
    const reference = estimate(qcm040120k4, op({}));
    const slower = estimate(qcm040120k4, op({ rg: 5 }));
    expect(slower.losses.switching).toBeCloseTo((8.6656 * 0.4965) / 0.385, 3);
    expect(slower.rg).toBe(5);
    expect(reference.rg).toBe(2.5);
    // Between points it interpolates: 3.75 Ω is halfway between 2.5 and 5 Ω.
    expect(estimate(qcm040120k4, op({ rg: 3.75 })).losses.switching).toBeCloseTo((8.6656 * (0.385 + 0.4965)) / 2 / 0.385, 3);
    // The IGBT's recovery energy falls with R_G, its E_on + E_off rise: 3.6 Ω against 1.8 Ω at the hand-worked point.
    const point = op({ vBus: 700, current: 150, fsw: 8000, pf: 0.85, tc: 80 });
    const igbt = estimate(qim300120h62, point);
    const igbtSlow = estimate(qim300120h62, { ...point, rg: 3.6 });
    expect(igbtSlow.losses.switching).toBeGreaterThan(igbt.losses.switching);
    expect(igbtSlow.losses.diodeSwitching).toBeLessThan(igbt.losses.diodeSwitching);
    expect(assumptionsOf(qim300120h62, { ...point, rg: 3.6 })).toContainEqual({ key: "gateResistance", values: { rg: 3.6 } });
    // A diode has no gate: the input does not change it.
    expect(estimate(qcd10065t2, op({ rg: 10 })).losses).toEqual(estimate(qcd10065t2, op({})).losses);
  });

  it("takes the dead time from the operating point or the part, and out of the channel's reverse conduction", () => {
    // The part's own 250 ns, or 0 or 400 ns from the point: the body diode's loss is linear in Δ = 2·t_dd·f_sw and
    // the channel loses R·800·Δ/4 of its reverse conduction.
    const own = estimate(qcm040120k4, op({ tc: 25 }));
    expect(own.deadTime).toBe(250);
    expect(assumptionsOf(qcm040120k4, op({}))).toContainEqual({ key: "mosfetSync", values: { deadTime: 250 } });
    expect(assumptionsOf(qcm040120k4, op({ deadTime: 100 }))).toContainEqual({ key: "mosfetSync", values: { deadTime: 100 } });
    const none = estimate({ ...qcm040120k4, rth: 1e-6 } as LossData, op({ tc: 25, deadTime: 0 }));
    const long = estimate({ ...qcm040120k4, rth: 1e-6 } as LossData, op({ tc: 25, deadTime: 400 }));
    expect(none.losses.deadTime).toBe(0);
    // At 25 °C, Δ = 0.04: body diode 0.04·48.10917 = 1.924367 W; the channel's reverse conduction
    // 0.040·800·0.04/4 = 0.32 W less.
    expect(long.losses.deadTime).toBeCloseTo(1.924367, 4);
    expect(long.losses.diodeConduction - long.losses.deadTime).toBeCloseTo(none.losses.diodeConduction - 0.32, 5);
    // Dead times that fill the whole freewheeling interval leave the channel nothing in reverse.
    const full = estimate({ ...qcm040120k4, rth: 1e-6 } as LossData, op({ tc: 25, mode: "dcdc", duty: 0.5, deadTime: 10_000 }));
    expect(full.losses.diodeConduction).toBeCloseTo(full.losses.deadTime, 9);
  });

  it("reads older two-point on-state rows as the straight line they meant, and interpolates curves piecewise", () => {
    const old = { ...qcm040120k4, channel: { tHot: 175, v0: [0, 0], r: [40, 70] } };
    expect(lossData.parse(old)).toEqual(qcm040120k4);
    // A convex curve: 40, 45, 55, 70 mΩ at 25, 75, 125, 175 °C. At T_j = 100 °C: 50 mΩ, where the line gives 55.
    const convex = { ...qcm040120k4, rth: 1e-6, channel: { t: [25, 75, 125, 175], v0: [0, 0, 0, 0], r: [40, 45, 55, 70] } } as LossData;
    const straight = { ...qcm040120k4, rth: 1e-6 } as LossData;
    const at100 = (data: LossData) => estimate(data, op({ tc: 100 })).losses.conduction;
    expect(at100(convex) / at100(straight)).toBeCloseTo(50 / 55, 6);
    // Points out of order or of unequal length are refused.
    expect(lossData.safeParse({ ...qcm040120k4, channel: { t: [25, 175, 125], v0: [0, 0, 0], r: [40, 70, 55] } }).success).toBe(false);
    expect(lossData.safeParse({ ...qcm040120k4, channel: { t: [25, 175], v0: [0, 0], r: [40, 55, 70] } }).success).toBe(false);
  });
});

describe("switching energies from the E(I) tables at two temperatures", () => {
  // Junctions at the case temperature: no thermal resistance to speak of.
  const flat = (data: LossData) => ({ ...data, rth: 1e-6, ...(data.kind === "igbt" ? { rthDiode: 1e-6 } : {}) }) as LossData;

  it("keeps the energy left at zero current (output capacitance, recovery charge) instead of scaling through zero", () => {
    // The catalogue's QCM040120K4: E_on(0) = 0.0504 mJ (0.35·180 nC·800 V), E_off(0) = 0.00375 mJ at 25 °C.
    // DC/DC at 0.1 A, 800 V, 100 kHz: one turn-on and one turn-off per period, read at 0.1 A on the table's first
    // segment: E_on = 0.0504 + 0.1·(0.1031 − 0.0504)/5, E_off = 0.00375 + 0.1·(0.01926 − 0.00375)/5.
    const part = flat(catalogueOf("QCM040120K4"));
    const result = estimate(part, op({ mode: "dcdc", duty: 0.5, current: 0.1, fsw: 100_000, tc: 25 }));
    const eOn = 0.0504 + (0.1 * (0.1031 - 0.0504)) / 5;
    const eOff = 0.00375 + (0.1 * (0.01926 - 0.00375)) / 5;
    expect(result.losses.switching).toBeCloseTo(100_000 * (eOn + eOff) * 1e-3, 4);
    expect(result.losses.switching).toBeGreaterThan(5); // linear through zero from 0.385 mJ at 20 A: 0.19 W
  });

  it("follows the SiC MOSFET's E_on up with temperature (its body diode's Q_rr rises) and E_off slightly down", () => {
    const part = catalogueOf("QCM040120K4") as MosfetLossData;
    expect(part.energies.qrr[1]).toBeGreaterThan(part.energies.qrr[0]);
    const at = (tc: number) => estimate(flat(part), op({ mode: "dcdc", duty: 0.5, current: 20, fsw: 100_000, tc }));
    // At 20 A (the reference current) and 800 V: 0.31 + 0.075 mJ at 25 °C, 0.346 + 0.07125 mJ at 175 °C, and
    // halfway at 100 °C.
    expect(at(25).losses.switching).toBeCloseTo(100_000 * (0.31 + 0.075) * 1e-3, 4);
    expect(at(175).losses.switching).toBeCloseTo(100_000 * (0.346 + 0.07125) * 1e-3, 4);
    expect(at(100).losses.switching).toBeCloseTo(100_000 * ((0.31 + 0.075 + 0.346 + 0.07125) / 2) * 1e-3, 4);
  });

  it("recovers an IGBT module's diode with E_rec ∝ I^0.6, and averages nonlinear rows over the sine exactly", () => {
    const part = catalogueOf("QIM300120H62");
    // DC/DC at 150 °C (the table's hot row): 300 A → E_rec 19.2 mJ, 600 A → 29.1 mJ = 19.2·2^0.6 (rounded).
    const at = (current: number) => estimate(flat(part), op({ mode: "dcdc", vBus: 600, duty: 0.5, current, fsw: 1000, tc: 150 })).losses.diodeSwitching;
    expect(at(300)).toBeCloseTo(19.2e-3 * 1000, 4);
    expect(at(600) / at(300)).toBeCloseTo(2 ** 0.6, 2);
  });
});

describe("comparable references: case, heat sink or coolant, and three-level modules per switch", () => {
  it("adds the package's interface for a heat-sink temperature and uses a pin-fin module's own path per reference", () => {
    // QCM040120K4, TO-247-4: R_th(j-c) 0.55 K/W, R_th(c-h) 0.25 K/W with grease. At the same loss, a heat sink at
    // 80 °C puts the junction 0.25·P higher than a case at 80 °C would.
    const part = catalogueOf("QCM040120K4");
    expect(thermalPath(part, "case")).toEqual({ rth: 0.55, rthDiode: null });
    expect(thermalPath(part, "heatsink")!.rth).toBeCloseTo(0.8, 12);
    expect(thermalPath(part, "coolant")).toBeNull();
    const atCase = estimate(part, op({}));
    const atSink = estimate(part, op({ tcRef: "heatsink" }));
    expect(atSink.junctions[0]!.rth).toBeCloseTo(0.8, 12);
    expect(atSink.tj!).toBeCloseTo(80 + atSink.losses.total * 0.8, 6);
    expect(atSink.tj!).toBeGreaterThan(atCase.tj!);
    expect(assumptionsOf(part, op({ tcRef: "heatsink" }))).toContainEqual({ key: "thermalPath_heatsink", values: { rth: 0.8 } });
    // A case part cannot be put at a coolant temperature (the cooler is the visitor's): said so, ranked last.
    expect(estimate(part, op({ tcRef: "coolant" })).unsuitable).toContainEqual({ code: "referenceUnavailable", reference: "coolant" });
    // A pin-fin module (R_th(j-f) 0.14 K/W, R_th(j-c) to its baseplate 0.077 K/W): the coolant is its own reference.
    const pinFin = catalogueOf("QSM400120SHP");
    expect(thermalPath(pinFin, "coolant")).toEqual({ rth: 0.14, rthDiode: null });
    expect(thermalPath(pinFin, "case")).toEqual({ rth: 0.077, rthDiode: null });
    // An IGBT module at a heat sink: each of IGBT and diode through its own interface (62 mm: 0.04 and 0.06 K/W).
    const igbt = catalogueOf("QIM300120H62");
    const sink = thermalPath(igbt, "heatsink")!;
    expect(sink.rth).toBeCloseTo(0.135, 12);
    expect(sink.rthDiode).toBeCloseTo(0.212, 12);
  });

  it("refuses a three-level NPC module (no per-device estimate yet), and a coolant temperature on a case-referenced part", () => {
    // QSM100120NP2 (1200 V devices) on a 1500 V DC link: the outer, inner and clamp devices carry different
    // losses, so no one figure is given; what the model would run is the two-level one at half the link.
    const part = catalogueOf("QSM100120NP2");
    expect(part.threeLevel).toBe(true);
    expect(refusalOf(part, op({ vBus: 1500, current: 30 }))).toEqual({ code: "threeLevel" });
    const link = estimate(part, op({ vBus: 1500, current: 30 }));
    expect(link.unsuitable).toEqual([{ code: "threeLevel" }]);
    expect(refusalOf(qcm040120k4, op({ tcRef: "coolant" }))).toEqual({ code: "referenceUnavailable", reference: "coolant" });
    expect(refusalOf(catalogueOf("QCM040120K4"), op({ tcRef: "heatsink" }))).toBeNull();
    const twoLevel = estimate({ ...part, threeLevel: undefined } as LossData, op({ vBus: 750, current: 30 }));
    expect(link.losses.total).toBeCloseTo(twoLevel.losses.total, 9);
    expect(assumptionsOf(part, op({ vBus: 1500 }))).toContainEqual({ key: "threeLevel", values: { vSwitch: 750 } });
  });
});
