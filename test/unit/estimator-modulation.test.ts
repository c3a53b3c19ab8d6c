// The inverter's modulations: each closed form against a numerical average over the fundamental period, the
// invariants every zero sequence keeps, DPWM1's fewer commutations, the estimate they change, and the op= grammar
// that names them (old URLs unchanged).
import { describe, expect, it } from "vitest";
import type { LossData } from "../../shared/contract/loss-data.ts";
import {
  averagedFactors,
  dpwmSwitchingFactors,
  estimate,
  formToOperatingPoint,
  modulationFactors,
  modulations,
  spwmDiodeConduction,
  spwmSwitchConduction,
  writeOperatingPoint,
  zeroSequence,
  type OperatingPoint,
} from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { handWorkedIgbtModule, handWorkedMosfet } from "../fixtures/loss-data.ts";

const points = [
  { m: 0.95, pf: 1 },
  { m: 0.9, pf: 0.85 },
  { m: 1.1, pf: 0.5 },
  { m: 0.6, pf: 0 },
  { m: 1, pf: -0.7 },
];

describe("modulation factors", () => {
  it("gives SPWM's and THIPWM's closed forms, which a numerical average over the fundamental period confirms", () => {
    for (const modulation of ["spwm", "thipwm"] as const) {
      for (const { m, pf } of points.filter((point) => modulation === "thipwm" || point.m <= 1)) {
        const closed = modulationFactors(modulation, m, pf);
        const numeric = averagedFactors(modulation, m, pf, 20_000);
        for (const side of ["switch", "diode"] as const)
          for (const key of ["a", "b", "s", "q", "n"] as const) expect(closed[side][key], `${modulation} ${m} ${pf} ${side}.${key}`).toBeCloseTo(numeric[side][key], 6);
      }
    }
  });

  it("is Casanellas' SPWM conduction for the sine-triangle", () => {
    const f = modulationFactors("spwm", 0.9, 0.85);
    expect(0.8 * 212 * f.switch.a + 0.004 * 212 ** 2 * f.switch.b).toBeCloseTo(spwmSwitchConduction(0.8, 0.004, 212, 0.9, 0.85), 10);
    expect(0.8 * 212 * f.diode.a + 0.004 * 212 ** 2 * f.diode.b).toBeCloseTo(spwmDiodeConduction(0.8, 0.004, 212, 0.9, 0.85), 10);
  });

  it("keeps SPWM's V0 terms under every zero sequence (its harmonics are odd triplen) and moves only r·I² between switch and diode", () => {
    for (const modulation of modulations) {
      for (const { m, pf } of points) {
        const spwm = averagedFactors("spwm", Math.min(m, 1), pf);
        const f = modulationFactors(modulation, Math.min(m, 1), pf);
        expect(f.switch.a, `${modulation} ${pf}`).toBeCloseTo(spwm.switch.a, 3);
        expect(f.diode.a, `${modulation} ${pf}`).toBeCloseTo(spwm.diode.a, 3);
      }
    }
  });

  it("keeps every duty within 0…1 up to M = 2/√3 for THIPWM, SVPWM and DPWM1 (the linear range beyond SPWM's 1)", () => {
    const m = 2 / Math.sqrt(3);
    for (const modulation of ["thipwm", "svpwm", "dpwm"] as const) {
      for (let index = 0; index < 3600; index++) {
        const theta = (index * 2 * Math.PI) / 3600;
        const duty = 0.5 * (1 + m * Math.sin(theta) + zeroSequence(modulation, m, theta));
        expect(duty).toBeGreaterThanOrEqual(-1e-9);
        expect(duty).toBeLessThanOrEqual(1 + 1e-9);
      }
    }
  });

  it("DPWM1 switches in two thirds of the period: half the switched current at cos φ = 1, cos 30° of it at cos φ = 0 (closed form = numerical average)", () => {
    for (const pf of [1, 0.9, 0.5, 0, -0.5, -1]) {
      const closed = dpwmSwitchingFactors(pf);
      const numeric = averagedFactors("dpwm", 1, pf, 36_000);
      expect(closed.switch, `${pf}`).toBeCloseTo(numeric.switch.s, 5);
      expect(closed.diode, `${pf}`).toBeCloseTo(numeric.diode.s, 5);
      expect(numeric.switch.n + numeric.diode.n).toBeCloseTo(2 / 3, 3);
    }
    expect(dpwmSwitchingFactors(1).switch * Math.PI).toBeCloseTo(0.5, 10);
    expect(dpwmSwitchingFactors(0).switch * Math.PI).toBeCloseTo(Math.cos(Math.PI / 6), 10);
  });
});

const mosfet: LossData = handWorkedMosfet;
const base: OperatingPoint = { mode: "inverter", vBus: 800, current: 20, currentKind: "rms", fsw: 50_000, pf: 1, duty: 0.5, tc: 80, m: 0.9 };

describe("the estimate under each modulation", () => {
  it("is unchanged for SPWM named or not, and DPWM1 halves the switching loss at cos φ = 1", () => {
    const plain = estimate(mosfet, base);
    expect(estimate(mosfet, { ...base, modulation: "spwm" })).toEqual(plain);
    const dpwm = estimate(mosfet, { ...base, modulation: "dpwm" });
    // The switching loss at a given T_j does not depend on T_j for this MOSFET's energies, so it halves exactly.
    expect(dpwm.losses.switching).toBeCloseTo(plain.losses.switching / 2, 6);
    expect(dpwm.losses.total).toBeLessThan(plain.losses.total);
    const svpwm = estimate(mosfet, { ...base, modulation: "svpwm" });
    expect(svpwm.losses.switching).toBeCloseTo(plain.losses.switching, 6);
    // A MOSFET position conducts through its channel in both directions: the zero sequence (odd triplen
    // harmonics, orthogonal to sin²) only moves r·I² conduction between its two halves, so the total stays.
    expect(svpwm.losses.conduction + svpwm.losses.diodeConduction).toBeCloseTo(plain.losses.conduction + plain.losses.diodeConduction, 6);
    expect(svpwm.losses.conduction).not.toBeCloseTo(plain.losses.conduction, 3);
  });

  it("moves conduction between an IGBT and its diode, which heat different junctions", () => {
    const igbt = handWorkedIgbtModule;
    const point: OperatingPoint = { ...base, vBus: 700, current: 150, fsw: 8000, pf: 0.5, m: 1.1 };
    const spwm = estimate(igbt, point);
    const thipwm = estimate(igbt, { ...point, modulation: "thipwm" });
    const dpwm = estimate(igbt, { ...point, modulation: "dpwm" });
    // cos 3φ = −1 at cos φ = 0.5: the injection adds M/(90π) of r·I_pk² to the IGBT.
    expect(thipwm.junctions[0]!.power).toBeGreaterThan(spwm.junctions[0]!.power);
    expect(dpwm.losses.switching).toBeLessThan(spwm.losses.switching);
    expect(dpwm.losses.diodeSwitching).toBeLessThan(spwm.losses.diodeSwitching);
  });
});

describe("op= names the modulation", () => {
  it("reads it as the last field, after an optional M; old URLs read as before", () => {
    expect(parseOperatingPoint("800,20,50k,0.9,80")).toEqual({ ok: true, text: "800,20,50k,0.9,80", value: { ...base, pf: 0.9 } });
    expect(parseOperatingPoint("800,20,50k,0.9,80,svpwm")).toEqual({ ok: true, text: "800,20,50k,0.9,80,svpwm", value: { ...base, pf: 0.9, modulation: "svpwm" } });
    expect(parseOperatingPoint("800,20,50k,0.9,80,1.1,DPWM")).toMatchObject({ ok: true, text: "800,20,50k,0.9,80,1.1,dpwm", value: { m: 1.1, modulation: "dpwm" } });
    // SPWM is the default and is not written.
    expect(parseOperatingPoint("800,20,50k,0.9,80,spwm")).toMatchObject({ ok: true, text: "800,20,50k,0.9,80" });
    // DC/DC has no modulation: the field is ignored.
    expect(parseOperatingPoint("400,12,100k,d0.45,90,dpwm")).toMatchObject({ ok: true, text: "400,12,100k,d0.45,90" });
  });

  it("answers an unknown name with a localized message key, and a misplaced one as a malformed point", () => {
    expect(parseOperatingPoint("800,20,50k,0.9,80,sawtooth")).toMatchObject({ ok: false, issues: [{ field: "modulation", message: "errors.modulation" }] });
    expect(parseOperatingPoint("800,20,50k,0.9,80,svpwm,1.1")).toMatchObject({ ok: false, issues: [{ field: "op" }] });
  });

  it("round-trips and comes from the panel's GET form, a bad or default choice left out", () => {
    for (const modulation of modulations) {
      const text = writeOperatingPoint({ ...base, modulation, m: 1.05 });
      expect(parseOperatingPoint(text)).toMatchObject({ ok: true, text, value: { m: 1.05, ...(modulation === "spwm" ? {} : { modulation }) } });
    }
    const form = (mod: string) =>
      formToOperatingPoint(
        new URLSearchParams({ opMode: "inverter", opV: "800", opI: "20", opIk: "rms", opF: "50", opPf: "0.9", opD: "0.5", opTc: "80", opM: "0.9", opMod: mod }),
      );
    expect(form("dpwm")).toBe("800,20,50k,0.9,80,dpwm");
    expect(form("spwm")).toBe("800,20,50k,0.9,80");
    expect(form("<script>")).toBe("800,20,50k,0.9,80");
  });
});
