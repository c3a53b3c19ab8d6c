// A device of the visitor's own: the dev= text read and written, the GET form joined into it, and the values
// checked with the contract's loss-data schema, each problem a localized message naming its field.
import { describe, expect, it } from "vitest";
import { customLossCandidate, formToCustomDevice, readCustomDevice, writeCustomDevice } from "../../shared/estimator/custom-device.ts";
import { MAX_DEVICE_TEXT, parseCustomDevice } from "../../shared/estimator/validate-device.ts";
import { estimate, type OperatingPoint } from "../../shared/estimator/index.ts";
import type { LossData } from "../../shared/contract/loss-data.ts";

const MOSFET = "name:C3M40,kind:mosfet,v:1200,i:40,tjmax:175,rth:0.55,thot:175,r:40/70,eon:0.31,eoff:0.075,vref:800,iref:20";
const op: OperatingPoint = { mode: "inverter", vBus: 800, current: 20, currentKind: "rms", fsw: 50_000, pf: 0.9, duty: 0.5, tc: 80, m: 0.9 };

describe("dev= text", () => {
  it("reads a MOSFET into the contract's shape, estimated as our QCM040120K4 with the same values is", () => {
    const parsed = parseCustomDevice(MOSFET);
    expect(parsed).toMatchObject({ ok: true, name: "C3M40", text: MOSFET });
    if (!parsed?.ok) return;
    expect(parsed.data).toMatchObject({
      kind: "mosfet",
      channel: { t: [25, 175], v0: [0, 0], r: [40, 70] },
      switchingRef: { v: 800, i: 20 },
      ratings: { v: 1200, tjMax: 175 },
    });
    // Our QCM040120K4's values (test/unit/estimator-model.test.ts) with the form's default body diode estimate alike.
    const ours: LossData = {
      kind: "mosfet",
      ratings: { v: 1200, i: 40, tc: 25, tjMax: 175 },
      rthRef: "case",
      rth: 0.55,
      channel: { t: [25, 175], v0: [0, 0], r: [40, 70] },
      eOn: 0.31,
      eOff: 0.075,
      switchingRef: { v: 800, i: 20, rg: 1, tj: 25 },
      kv: 1.3,
      // The form's defaults: no R_G dependence (a flat E(R_G)), a 250 ns dead time, and E(I) linear through zero,
      // the same at both temperatures, as test/unit/estimator-model.test.ts gives our part's.
      gate: { rg: [1, 2], eOn: [1, 1], eOff: [1, 1] },
      deadTime: 250,
      energies: {
        tj: [25, 175],
        i: [0, 20],
        eOn: [
          [0, 0.31],
          [0, 0.31],
        ],
        eOff: [
          [0, 0.075],
          [0, 0.075],
        ],
        qrr: [1, 1],
      },
      bodyDiode: { t: [25, 175], v0: [3, 3], r: [40, 70], vSd: 3, iSd: 1, qrr: 1 },
    };
    expect(parsed.data).toEqual(ours);
    expect(estimate(parsed.data, op)).toEqual(estimate(ours, op));
  });

  it("reads an IGBT module and a Schottky diode, one value standing for both temperatures", () => {
    const igbt = parseCustomDevice(
      "name:FF300,kind:igbt,v:1200,i:300,tjmax:150,rth:0.095,thot:150,v0:0.8/0.7,r:3.33/4.83,eon:22.5,eoff:35.4,erec:19.2,vref:600,iref:300,rthd:0.152,dv0:1/0.85,dr:2.5/2.83",
    );
    expect(igbt).toMatchObject({ ok: true, data: { kind: "igbt", switchingRef: { tj: 150 }, diode: { v0: [1, 0.85] } } });
    const diode = parseCustomDevice("name:D10,kind:diode,v:650,i:10,tjmax:175,rth:1.5,thot:175,v0:0.92/0.8,r:46,qc:27,vqc:400");
    expect(diode).toMatchObject({ ok: true, data: { kind: "diode", forward: { r: [46, 46] }, qc: 27 } });
  });

  it("names every bad field with a message key, never a NaN through", () => {
    const bad = parseCustomDevice("name:x y,kind:mosfet,v:-1200,i:40,tjmax:175,rth:abc,thot:25,r:40,eon:0.31,eoff:0.075,vref:800");
    expect(bad?.ok).toBe(false);
    if (bad?.ok !== false) return;
    const fields = Object.fromEntries(bad.issues.map((issue) => [issue.field, issue.message]));
    expect(fields).toMatchObject({
      name: "device.errors.name",
      v: "device.errors.number",
      rth: "device.errors.number",
      iref: "device.errors.number",
      thot: "device.errors.thot",
    });
    expect(parseCustomDevice("name:X,kind:thyristor")).toMatchObject({ ok: false, issues: [{ field: "kind", message: "device.errors.kind" }] });
    expect(parseCustomDevice("")).toBeNull();
  });

  it("refuses implausible values with their bounds and the field's name, and a bad energy names the energy", () => {
    const issuesOf = (text: string) => {
      const parsed = parseCustomDevice(text);
      if (parsed?.ok !== false) throw new Error(`expected issues: ${text}`);
      return parsed.issues;
    };
    // A test voltage of 0.1 µV would scale the energies by (800 V/V_ref)^1.3 to 10^13 °C: no voltage is below 1 V,
    // and a switch's test voltage is 5–100 % of its rating (60–1200 V for 1200 V).
    expect(issuesOf(MOSFET.replace("vref:800", "vref:0.0000001"))).toEqual([{ field: "vref", message: "plausibility.range", values: { min: 1, max: 10000 } }]);
    expect(issuesOf(MOSFET.replace("vref:800", "vref:20"))).toEqual([{ field: "vref", message: "plausibility.range", values: { min: 60, max: 1200 } }]);
    expect(issuesOf(MOSFET.replace("rth:0.55", "rth:550"))).toEqual([{ field: "rth", message: "plausibility.range", values: { min: 0.0001, max: 100 } }]);
    expect(issuesOf(MOSFET.replace("r:40/70", "r:40/700000"))).toEqual([{ field: "r", message: "plausibility.range", values: { min: 0.01, max: 100000 } }]);
    // A typo in an energy is that energy's error (it fills the E(I) table too), never the device type's.
    expect(issuesOf(MOSFET.replace("eon:0.31", "eon:abc"))).toEqual([{ field: "eon", message: "device.errors.number" }]);
    expect(issuesOf(MOSFET.replace("eoff:0.075", "eoff:20000")).map((issue) => issue.field)).toEqual(["eoff"]);
    const igbt =
      "name:FF300,kind:igbt,v:1200,i:300,tjmax:150,rth:0.095,thot:150,v0:0.8/0.7,r:3.33/4.83,eon:22.5,eoff:35.4,erec:19.2,vref:600,iref:300,rthd:0.152,dv0:1/0.85,dr:2.5/2.83";
    expect(issuesOf(igbt.replace("dv0:1/0.85", "dv0:1000000/0.85"))).toEqual([{ field: "dv0", message: "plausibility.range", values: { min: 0, max: 10 } }]);
    expect(issuesOf(igbt.replace("erec:19.2", "erec:x")).map((issue) => issue.field)).toEqual(["erec"]);
  });

  it("reads the whole dev= text up to its stated limit and refuses a longer one instead of cutting it", () => {
    // Over 400 characters (the old silent cut), the name last: read whole.
    const padded = `${MOSFET},${"note:".padEnd(420, "x")},name:Late`;
    expect(padded.length).toBeGreaterThan(400);
    expect(parseCustomDevice(padded)).toMatchObject({ ok: true, name: "Late" });
    expect(parseCustomDevice(`${MOSFET},note:${"x".repeat(MAX_DEVICE_TEXT)}`)).toMatchObject({
      ok: false,
      issues: [{ field: "text", message: "plausibility.tooLong", values: { max: MAX_DEVICE_TEXT } }],
    });
  });

  it("writes the canonical form, only the kind's own fields, and joins the GET form's fields into it", () => {
    const reading = readCustomDevice(`${MOSFET},qc:99,v0:1/1`)!;
    expect(writeCustomDevice(reading)).toBe(MOSFET);
    expect(customLossCandidate(reading)).not.toHaveProperty("qc");
    const form = new URLSearchParams({
      devName: "C3M40",
      devKind: "mosfet",
      dev_v: "1200",
      dev_i: "40",
      dev_tjmax: "175",
      dev_rth: "0.55",
      dev_thot: "175",
      dev_r0: "40",
      dev_r1: "70",
      dev_eon: "0.31",
      dev_eoff: "0.075",
      dev_vref: "800",
      dev_iref: "20",
      dev_qc: "5",
    });
    expect(formToCustomDevice(form)).toBe(MOSFET);
    // Separators typed into a field cannot shift the others.
    expect(formToCustomDevice(new URLSearchParams({ devName: "a,kind:igbt", devKind: "diode" }))).toBe("name:akindigbt,kind:diode");
    expect(formToCustomDevice(new URLSearchParams({ parts: "X" }))).toBeNull();
  });
});
