// The PFC stages wired through the product (decision 036): their `op=` form (b/t and the line's RMS voltage) read,
// written and validated into localized message keys; the part's estimate at such a point equal to pfc.ts's closed
// forms; the same judgement as the inverter's (mean, worst case, the data's range); and the CLI.
import { describe, expect, it } from "vitest";
import enEstimator from "../../locales/en/estimator.json" with { type: "json" };
import zhEstimator from "../../locales/zh/estimator.json" with { type: "json" };
import { runEstimate } from "../../scripts/estimate.ts";
import { estimate, formFields, formToOperatingPoint, isSuitable, lossModel, writeOperatingPoint, type OperatingPoint } from "../../shared/estimator/index.ts";
import { boostPfcLosses, totemPoleLosses } from "../../shared/estimator/pfc.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import type { DiodeLossData } from "../../shared/contract/loss-data.ts";
import { handWorkedMosfet } from "../fixtures/loss-data.ts";

const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(`${text} did not parse`);
  return parsed.value;
};

/** A key of the estimator namespace ("errors.vOther.boost") read from a locale file. */
function message(locale: Record<string, unknown>, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);
}

const within = (actual: number, expected: number, tolerance: number) => expect(Math.abs(actual / expected - 1)).toBeLessThan(tolerance);

describe("the PFC stages' op= form", () => {
  it("reads b and t with the line's RMS voltage, V_bus as the output and the current as the line's RMS", () => {
    expect(parseOperatingPoint("400,15,65k,b230,80")).toEqual({
      ok: true,
      text: "400,15,65k,b230,80",
      value: { mode: "boostpfc", vBus: 400, current: 15, currentKind: "rms", fsw: 65_000, pf: 0.9, duty: 0.5, vOther: 230, tc: 80, m: 0.9 },
    });
    expect(parseOperatingPoint("400, 15, 65000, T115, 80h, dt100")).toMatchObject({
      ok: true,
      text: "400,15,65k,t115,80h,dt100",
      value: { mode: "totempole", vOther: 115, tcRef: "heatsink", deadTime: 100 },
    });
  });

  it("round-trips and ignores the inverter's fields", () => {
    for (const text of ["400,15,65k,b230,80", "390,6.5,100k,t90,60f,dt50,rg2.2", "800,20,20k,t480,25"]) {
      const value = point(text);
      expect(writeOperatingPoint(value)).toBe(text);
      expect(point(writeOperatingPoint(value))).toEqual(value);
    }
    // A modulation index or a modulation belong to the inverter: not carried. fo is the line frequency here
    // (docs/decisions/043-line-frequency-and-slow-leg.md).
    const ignored = point("400,15,65k,b230,80,1.1,fo55,svpwm");
    expect([ignored.m, ignored.fo, ignored.modulation]).toEqual([0.9, 55, undefined]);
  });

  it("joins the GET form's fields (the mode and the line voltage) into op=", () => {
    const fields: Partial<Record<keyof typeof formFields, string>> = {
      mode: "totempole",
      vBus: "400",
      current: "15",
      currentKind: "peak",
      fsw: "65",
      pf: "0.9",
      duty: "0.5",
      vOther: "230",
      tc: "80",
      m: "1.1",
    };
    const form = new URLSearchParams(Object.entries(fields).map(([name, value]) => [formFields[name as keyof typeof formFields], value]));
    const text = formToOperatingPoint(form);
    expect(text).not.toBeNull();
    expect(point(text!)).toMatchObject({ mode: "totempole", vOther: 230, vBus: 400, current: 15, currentKind: "rms", m: 0.9 });
  });

  it("turns bad PFC input into localized message keys, never a throw", () => {
    const cases: Array<[string, string, string]> = [
      ["400,15,65k,b,80", "vOther", "errors.vOther.number"],
      ["400,15,65k,bx,80", "vOther", "errors.vOther.number"],
      ["400,15,65k,b1200,80", "vOther", "errors.vOther.range"],
      // √2·300 V = 424 V: above the 400 V output, a boost cannot regulate.
      ["400,15,65k,b300,80", "vOther", "errors.vOther.boost"],
      // The whole converter's fields are the inverter's (decision 041): only a heat-sink temperature beside rs is refused.
      ["400,15,65k,t230,80h,rs0.5", "rsa", "converter.errors.rsa.reference"],
    ];
    for (const [text, field, key] of cases) {
      const parsed = parseOperatingPoint(text);
      expect(parsed?.ok, text).toBe(false);
      if (parsed?.ok !== false) continue;
      expect(parsed.issues.find((issue) => issue.field === field)?.message, text).toBe(key);
      expect(typeof message(enEstimator, key), key).toBe("string");
      expect(typeof message(zhEstimator, key), key).toBe("string");
    }
  });
});

describe("a part's estimate at a PFC point", () => {
  // The hand-worked MOSFET at 25 °C: channel 40 mΩ, body diode 2.9 V + 110 mΩ, E_on + E_off linear through zero,
  // 0.385 mJ at 20 A and 800 V with k = 1.3.
  const energy = { eRef: (0.31 + 0.075) * 1e-3, iRef: 20, vRef: 800, k: 1.3 };
  const pfc = { vRms: 230, vOut: 400, pIn: 230 * 15, fsw: 65_000 };

  it("boost PFC: the switch's conduction and switching are pfc.ts's closed forms", () => {
    const { losses } = lossModel(handWorkedMosfet, point("400,15,65k,b230,80")).evaluate([25]);
    const closed = boostPfcLosses(pfc, { v0: 0, r: 0.04 }, energy, { v0: 0, r: 0 }, null);
    within(losses.conduction, closed.switchConduction, 1e-9);
    within(losses.switching, closed.switchSwitching, 1e-9);
    expect(losses.diodeConduction).toBe(0);
  });

  it("totem-pole PFC: one fast-leg MOSFET is pfc.ts's fast device, its body diode in the dead times", () => {
    const { losses, powers } = lossModel(handWorkedMosfet, point("400,15,65k,t230,80,dt100")).evaluate([25]);
    const closed = totemPoleLosses(pfc, { v0: 0, r: 0.04 }, energy, { v0: 2.9, r: 0.11 }, 100e-9, { v0: 0, r: 0 });
    within(losses.conduction + losses.diodeConduction - losses.deadTime, closed.fastConduction, 1e-9);
    within(losses.deadTime, closed.fastDeadTime, 1e-9);
    within(losses.switching, closed.fastSwitching, 1e-9);
    within(powers[0]!, closed.fastConduction + closed.fastDeadTime + closed.fastSwitching, 1e-9);
  });

  it("a boost diode: its conduction over the line and the charge it costs the switch; a slow-leg diode: half the line", () => {
    const diode: DiodeLossData = {
      kind: "diode",
      ratings: { v: 650, i: 10, tc: 135, tjMax: 175 },
      rthRef: "case",
      rth: 1.5,
      forward: { t: [25, 175], v0: [0.9, 0.9], r: [60, 60] },
      qc: 27,
      vQc: 400,
      kv: 1.5,
    };
    const boost = lossModel(diode, point("400,15,65k,b230,80")).evaluate([25]).losses;
    const closed = boostPfcLosses(pfc, { v0: 0, r: 0 }, { ...energy, eRef: 0 }, { v0: 0.9, r: 0.06 }, { qRef: 27e-9, vRef: 400, k: 1.5 });
    within(boost.diodeConduction, closed.diodeConduction, 1e-9);
    within(boost.inSwitch, closed.switchCapacitive, 1e-9);
    // The boost diode's mean current is P_in/V_o, whatever the line.
    within(
      lossModel({ ...diode, forward: { ...diode.forward, r: [0, 0] } }, point("400,15,65k,b230,80")).evaluate([25]).losses.diodeConduction,
      (0.9 * 230 * 15) / 400,
      1e-9,
    );
    const slow = lossModel(diode, point("400,15,65k,t230,80")).evaluate([25]).losses;
    within(slow.diodeConduction, totemPoleLosses(pfc, { v0: 0, r: 0 }, { ...energy, eRef: 0 }, { v0: 0, r: 0 }, 0, { v0: 0.9, r: 0.06 }).slowConduction, 1e-9);
  });

  it("is judged as the inverter is: the mean, the worst case and the data's range against T_j,max", () => {
    const fine = estimate(handWorkedMosfet, point("400,10,65k,b230,40"));
    expect(isSuitable(fine)).toBe(true);
    expect(fine.tj).toBeGreaterThan(40);
    const hot = estimate(handWorkedMosfet, point("400,70,65k,b230,100"));
    expect(isSuitable(hot)).toBe(false);
    expect(hot.unsuitable).toEqual([{ code: "tjOverMax", junction: "switch", tj: hot.tj, tjMax: 175 }]);
    const extreme = estimate(handWorkedMosfet, point("400,200,200k,t230,150"));
    expect(extreme.tj).toBeNull();
    expect(extreme.unsuitable.some((reason) => reason.code === "aboveData" || reason.code === "thermalRunaway")).toBe(true);
  });
});

describe("npm run estimate at a PFC point", () => {
  function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = runEstimate(
      argv,
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  it("estimates a catalogue part as the site does, and refuses a line above the output with the message", () => {
    const json = run("--part", "QCM045065B7", "--op", "400,15,65k,t230,80,dt100", "--json");
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out);
    expect(report).toMatchObject({ op: "400,15,65k,t230,80,dt100", suitable: true });
    expect(report.losses.deadTime).toBeGreaterThan(0);
    const bad = run("--part", "QCM045065B7", "--op", "300,15,65k,b230,80");
    // Typical 172 °C, its peak over the line period 179 °C, above 175 °C (decision 041), and at the datasheet's
    // maximum values 192 °C: not suitable, with the first reason that fails, the peak (decision 022's order).
    const worst = JSON.parse(run("--part", "QCM045065B7", "--op", "400,68,65k,b230,100", "--json").out);
    expect(worst).toMatchObject({ suitable: false, unsuitable: [{ code: "peakOverMax", line: true, fo: 50 }] });
    expect(worst.junctions[0].peak).toBeGreaterThan(175);
    expect(worst.worstCase.tj).toBeGreaterThan(175);
    expect(worst.tj).toBeLessThan(175);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("must stay below the output voltage");
  });
});
