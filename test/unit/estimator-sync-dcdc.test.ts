// Synchronous buck and boost given by their two voltages (decision 036): their `op=` form (s<V_out>, u<V_in>), the
// duty it sets, bad input as localized message keys, and the leg's losses checked against a period-by-period
// integration of its timeline (switch for D, the rectifier's body diode in the two dead times, its channel between).
import { describe, expect, it } from "vitest";
import enEstimator from "../../locales/en/estimator.json" with { type: "json" };
import zhEstimator from "../../locales/zh/estimator.json" with { type: "json" };
import { estimate, formFields, formToOperatingPoint, lossModel, lossScope, writeOperatingPoint, type OperatingPoint } from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { handWorkedMosfet } from "../fixtures/loss-data.ts";

const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(`${text} did not parse`);
  return parsed.value;
};

/** A key of the estimator namespace read from a locale file. */
const message = (locale: Record<string, unknown>, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);

describe("the synchronous buck's and boost's op= form", () => {
  it("reads s<V_out> and u<V_in>, sets the duty from the two voltages and round-trips", () => {
    expect(point("48,20,200k,s12,80")).toMatchObject({ mode: "buck", vBus: 48, vOther: 12, duty: 0.25, current: 20 });
    expect(point("400,15,100k,U200,80,dt100")).toMatchObject({ mode: "boost", vBus: 400, vOther: 200, duty: 0.5, deadTime: 100 });
    for (const text of ["48,20,200k,s12,80", "400,15,100k,u200,80h,dt100,rg2.2"]) {
      const value = point(text);
      expect(writeOperatingPoint(value)).toBe(text);
      expect(point(writeOperatingPoint(value))).toEqual(value);
    }
    expect(lossScope("mosfet", "buck")).toBe("leg");
    expect(lossScope("mosfet", "boost")).toBe("leg");
  });

  it("joins the GET form's second voltage into op=", () => {
    const fields: Partial<Record<keyof typeof formFields, string>> = { mode: "boost", vBus: "400", current: "15", fsw: "100", duty: "0.3", vOther: "200", tc: "80" };
    const form = new URLSearchParams(Object.entries(fields).map(([name, value]) => [formFields[name as keyof typeof formFields], value]));
    expect(formToOperatingPoint(form)).toBe("400,15,100k,u200,80");
  });

  it("turns a voltage outside the duty's range, a missing one or a heat-sink temperature beside rs into localized message keys", () => {
    const cases: Array<[string, string, string]> = [
      ["48,20,200k,s60,80", "vOther", "errors.vOther.dcdc"],
      ["200,20,200k,s1.5,80", "vOther", "errors.vOther.dcdc"],
      ["400,15,100k,u,80", "vOther", "errors.vOther.number"],
      ["48,20,200k,s12,80h,rs0.5", "rsa", "converter.errors.rsa.reference"],
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

/**
 * One switching period of the leg, sampled finely: the hard-switched device conducts for D·T; in the rest the
 * rectifier's body diode conducts for t_dd after the switch turns off and t_dd before it turns on again, its channel
 * between; each period switches the current once on and once off. Returns the mean powers (W).
 */
function periodIntegration(
  op: { vBus: number; current: number; fsw: number; duty: number },
  deadTime: number,
  device: { r: number; v0Diode: number; rDiode: number },
  energy: number,
) {
  const steps = 200_000;
  const period = 1 / op.fsw;
  const sums = { switch: 0, channel: 0, bodyDiode: 0 };
  for (let index = 0; index < steps; index++) {
    const t = ((index + 0.5) / steps) * period;
    const i = op.current;
    if (t < op.duty * period) sums.switch += device.r * i * i;
    else if (t < op.duty * period + deadTime || t > period - deadTime) sums.bodyDiode += device.v0Diode * i + device.rDiode * i * i;
    else sums.channel += device.r * i * i;
  }
  return { switch: sums.switch / steps, channel: sums.channel / steps, bodyDiode: sums.bodyDiode / steps, switching: op.fsw * energy };
}

describe("the synchronous leg against its period-by-period integration", () => {
  // The hand-worked MOSFET at 25 °C: channel 40 mΩ, body diode 2.9 V + 110 mΩ, E_on + E_off 0.385 mJ at 20 A and
  // 800 V, linear through zero, (V/V_ref)^1.3.
  const device = { r: 0.04, v0Diode: 2.9, rDiode: 0.11 };
  const within = (actual: number, expected: number) => expect(Math.abs(actual / expected - 1)).toBeLessThan(0.005);

  for (const text of ["48,20,200k,s12,80,dt100", "400,15,100k,u200,80,dt250", "48,30,500k,s40,80,dt60"]) {
    it(`${text}: conduction, dead time and switching within 0.5 %`, () => {
      const op = point(text);
      const { losses, powers } = lossModel(handWorkedMosfet, op).evaluate([25, 25]);
      const energy = 0.385e-3 * (op.current / 20) * (op.vBus / 800) ** 1.3;
      const integrated = periodIntegration(op, op.deadTime! * 1e-9, device, energy);
      within(losses.conduction, integrated.switch);
      within(losses.diodeConduction - losses.deadTime, integrated.channel);
      within(losses.deadTime, integrated.bodyDiode);
      within(losses.switching, integrated.switching);
      // The switch carries its conduction and switching, the rectifier the rest.
      within(powers[0]!, integrated.switch + integrated.switching);
      within(powers[1]!, integrated.channel + integrated.bodyDiode);
    });
  }

  it("a buck given by its voltages is the DC/DC leg at the duty they set, and is judged like it", () => {
    const buck = estimate(handWorkedMosfet, point("48,20,200k,s12,80"));
    const leg = estimate(handWorkedMosfet, point("48,20,200k,d0.25,80"));
    expect(buck.losses).toEqual(leg.losses);
    expect(buck.unsuitable).toEqual(leg.unsuitable);
    expect(buck.scope).toBe("leg");
    const hot = estimate(handWorkedMosfet, point("400,60,200k,u200,120"));
    expect(hot.unsuitable.length).toBeGreaterThan(0);
  });
});
