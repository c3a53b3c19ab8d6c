// The machine-readable datasheets (transistordatabase JSON): every SiC MOSFET has one at the current model
// version and no diode does (the format has no diode type); each file of every published version is valid
// against the published JSON Schema (checked by Ajv, not by the code that wrote it), the current ones state the
// datasheet's own figures, read here from the datasheet's text: R_DS(on) at 25 °C and hot from the channel
// curves, E_on and E_off at the double-pulse reference, the drain-current ratings, and a Foster network summing
// to R_th(j-c); and the part's lifecycle state on the version's day (decision 040).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { documentFile } from "../../server/upstream/content/schema.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { readModelInputs, type MosfetModelInput } from "../../server/upstream/models/inputs.ts";
import { MODEL_DATE, MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { compareVersions, modelVersionsFile } from "../../server/upstream/models/store.ts";
import { tdbLifecycle, tdbSchema } from "../../server/upstream/models/tdb.ts";
import { currentStateUrl } from "../../shared/contract/models.ts";
import { lifecycleOn, type ProductLifecycle } from "../../shared/contract/lifecycle.ts";

const inputs = readModelInputs();
const mosfets = inputs.filter((input): input is MosfetModelInput => input.kind === "mosfet");
const file = (part: string) => path.join(shippedContentDir, "models", part, MODEL_VERSION, `${part}.tdb.json`);
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(tdbSchema);
const documents = readContent("documents.json", documentFile.array(), shippedContentDir);

/** The numbers of the datasheet line `pattern` matches, or null where the datasheet's text does not state it. */
function statedNumbers(part: string, pattern: RegExp): number[] | null {
  const datasheet = documents.find((document) => document.type === "datasheet" && document.title.en.startsWith(`${part} `));
  const match = datasheet?.pages.en.map((line) => pattern.exec(line)).find(Boolean);
  return match ? match.slice(1).map(Number) : null;
}
function datasheetNumbers(part: string, pattern: RegExp): number[] {
  const numbers = statedNumbers(part, pattern);
  if (!numbers) throw new Error(`${part}: no ${pattern}`);
  return numbers;
}

interface Curve {
  t_j: number;
  v_g: number;
  graph_v_i: [number[], number[]];
}
interface Energy {
  dataset_type: string;
  t_j: number;
  v_supply: number;
  r_g: number | null;
  i_x: number | null;
  graph_i_e: [number[], number[]] | null;
}
interface Tdb {
  type: string;
  i_abs_max: number;
  i_cont: number;
  switch: { channel: Curve[]; e_on: Energy[]; e_off: Energy[]; thermal_foster: { r_th_total: number; r_th_vector: number[] } };
}

const slopeAt = (curve: Curve, current: number) => {
  const [volts, amps] = curve.graph_v_i;
  const index = amps.indexOf(current);
  expect(index).toBeGreaterThan(0);
  return volts[index]! / amps[index]!;
};
const energyAt = (data: Energy[], tj: number, current: number) => {
  const set = data.find((entry) => entry.dataset_type === "graph_i_e" && entry.t_j === tj)!;
  const [amps, joules] = set.graph_i_e!;
  return joules[amps.indexOf(current)]!;
};

describe("the machine-readable datasheets", () => {
  it("exist for every SiC MOSFET and no diode", () => {
    expect(mosfets.length).toBeGreaterThanOrEqual(13);
    for (const input of inputs) {
      let exists = true;
      try {
        readFileSync(file(input.partNumber));
      } catch {
        exists = false;
      }
      expect(exists, input.partNumber).toBe(input.kind === "mosfet");
    }
  });

  it("the schema refuses what transistordatabase would not read", () => {
    const good = JSON.parse(readFileSync(file(mosfets[0]!.partNumber), "utf8")) as Record<string, unknown>;
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, type: "Diode" })).toBe(false);
    expect(validate({ ...good, v_abs_max: "1200 V" })).toBe(false);
    const { switch: _switch, ...noSwitch } = good;
    expect(validate(noSwitch)).toBe(false);
  });

  it("the schema takes the lifecycle as optional (1.1's files lack it) and refuses a malformed one", () => {
    const good = JSON.parse(readFileSync(file(mosfets[0]!.partNumber), "utf8")) as Record<string, unknown> & { lifecycle: Record<string, unknown> };
    expect(good.lifecycle).toBeDefined();
    const { lifecycle, ...without } = good;
    expect(validate(without)).toBe(true);
    const bad = (change: Record<string, unknown>) => validate({ ...good, lifecycle: { ...lifecycle, ...change } });
    expect(bad({ state: "ltb", last_order: "2027-01-31", last_delivery: "2027-07-31", replacement: "QCM020120K4" })).toBe(true);
    expect(bad({ state: "discontinued" })).toBe(false);
    expect(bad({ since: "15.01.2025" })).toBe(false);
    expect(bad({ last_order: "2027-1-31" })).toBe(false);
    expect(bad({ as_of: undefined })).toBe(false);
    expect(bad({ current_state_url: "queryPartModels" })).toBe(false);
    expect(bad({ note: "unknown key" })).toBe(false);
  });

  it("a file with the lifecycle still passes the schema as it was before the lifecycle (a compatible change)", () => {
    const { lifecycle: _lifecycle, ...earlierProperties } = tdbSchema.properties;
    const earlier = new Ajv2020({ strict: true, allErrors: true }).compile({ ...tdbSchema, properties: earlierProperties });
    const current = JSON.parse(readFileSync(file(mosfets[0]!.partNumber), "utf8")) as { lifecycle?: unknown };
    expect(current.lifecycle).toBeDefined();
    expect(earlier(current), JSON.stringify(earlier.errors)).toBe(true);
  });

  it("every published version's file is valid against the schema", () => {
    const versions = modelVersionsFile.parse(JSON.parse(readFileSync(path.join(shippedContentDir, "models", "versions.json"), "utf8")));
    let checked = 0;
    for (const input of mosfets) {
      for (const version of readdirSync(path.join(shippedContentDir, "models", input.partNumber))) {
        const published = path.join(shippedContentDir, "models", input.partNumber, version, `${input.partNumber}.tdb.json`);
        let text: string;
        try {
          text = readFileSync(published, "utf8");
        } catch {
          continue;
        }
        const tdb = JSON.parse(text) as { lifecycle?: { as_of: string } };
        expect(validate(tdb), `${input.partNumber}@${version}: ${JSON.stringify(validate.errors)}`).toBe(true);
        // A lifecycle, where there is one, is as of the day its version was published.
        if (tdb.lifecycle) expect(tdb.lifecycle.as_of).toBe(versions.find((entry) => entry.version === version)!.date);
        checked++;
      }
    }
    // 1.1 (the first with these files) and every version since.
    expect(checked).toBe(mosfets.length * versions.filter((entry) => compareVersions(entry.version, "1.1") >= 0).length);
  });

  it("the current version's file records each part's lifecycle state on the version's day, and where it is answered now", () => {
    for (const input of mosfets) {
      const tdb = JSON.parse(readFileSync(file(input.partNumber), "utf8")) as { lifecycle: Record<string, unknown> };
      const day = lifecycleOn(input.lifecycle, MODEL_DATE)!;
      expect(tdb.lifecycle, input.partNumber).toMatchObject({
        state: day.state,
        since: day.since,
        as_of: MODEL_DATE,
        current_state_url: currentStateUrl(input.partNumber),
      });
      if (!day.current) continue;
      // Still the part's state: its dates and replacement are the content's, and none the state does not have.
      expect(tdb.lifecycle.replacement ?? null).toBe(input.lifecycle.replacement);
      expect(tdb.lifecycle.last_order ?? null).toBe(input.lifecycle.lastOrder);
      expect(tdb.lifecycle.last_delivery ?? null).toBe(input.lifecycle.lastDelivery);
      expect(tdb.lifecycle.expected_release ?? null).toBe(input.lifecycle.expectedRelease);
    }
    // The pack holds a part on its way out, so the dates and replacement are exercised, not only "active".
    expect(mosfets.some((input) => input.lifecycle.state === "obsolete" && input.lifecycle.lastOrder)).toBe(true);
  });

  it("records a past day's state after the part moved on, unchanged by the later state", () => {
    const part = "QCM040120K4";
    const before: ProductLifecycle = { ...mosfets.find((input) => input.partNumber === part)!.lifecycle };
    expect(before.state).toBe("active");
    // The part becomes NRND after the version's day: the file of that day still says what it said.
    const after: ProductLifecycle = {
      ...before,
      state: "nrnd",
      since: "2027-03-01",
      history: [...before.history, { state: "active", since: before.since! }],
      replacement: "QCM013120K4",
    };
    expect(tdbLifecycle(part, after, MODEL_DATE)).toEqual(tdbLifecycle(part, before, MODEL_DATE));
    expect(tdbLifecycle(part, after, "2027-03-01")).toMatchObject({ state: "nrnd", since: "2027-03-01", replacement: "QCM013120K4" });
    // Before its first recorded state the part had none to record.
    expect(tdbLifecycle(part, after, "2024-01-01")).toBeNull();
  });

  for (const input of mosfets) {
    it(`${input.partNumber}: valid, and states its datasheet's figures`, () => {
      const part = input.partNumber;
      const tdb = JSON.parse(readFileSync(file(part), "utf8")) as Tdb;
      expect(validate(tdb), JSON.stringify(validate.errors)).toBe(true);
      expect(tdb.type).toBe("SiC-MOSFET");
      // R_DS(on) = … mOhm typ at V_GS = … V, I_D = … A; … mOhm typ at Tj = … deg C
      const [r25, vgs, id, rHot, tHot] = datasheetNumbers(
        part,
        /R_DS\(on\) = ([\d.]+) mOhm typ at V_GS = ([\d.]+) V, I_D = ([\d.]+) A; ([\d.]+) mOhm typ at Tj = (\d+) deg C/,
      );
      const cold = tdb.switch.channel.find((curve) => curve.t_j === 25)!;
      const hot = tdb.switch.channel.find((curve) => curve.t_j === tHot)!;
      expect(cold.v_g).toBe(vgs);
      expect(slopeAt(cold, id!) * 1000).toBeCloseTo(r25!, 6);
      expect(slopeAt(hot, id!) * 1000).toBeCloseTo(rHot!, 6);
      // "Switching energy (V_DD = …, I_D = … A, R_G(ext) = … Ohm, Tj = 25 deg C): E_on = … uJ typ, E_off = … uJ typ"
      // where the datasheet's first page states it; otherwise its loss data's double-pulse reference.
      const ref = input.loss.switchingRef;
      const [vdd, iRef, rg, tj, eOn, eOff] = statedNumbers(
        part,
        /Switching energy \(V_DD = ([\d.]+) V, I_D = ([\d.]+) A, R_G\(ext\) = ([\d.]+) Ohm, Tj = (\d+) deg C\): E_on = ([\d.]+) uJ typ, E_off = ([\d.]+) uJ typ/,
      ) ?? [ref.v, ref.i, ref.rg, ref.tj, input.loss.eOn * 1000, input.loss.eOff * 1000];
      const reference = tdb.switch.e_on.find((entry) => entry.dataset_type === "graph_i_e" && entry.t_j === tj)!;
      expect([reference.v_supply, reference.r_g]).toEqual([vdd, rg]);
      expect(energyAt(tdb.switch.e_on, tj!, iRef!) * 1e6).toBeCloseTo(eOn!, 6);
      expect(energyAt(tdb.switch.e_off, tj!, iRef!) * 1e6).toBeCloseTo(eOff!, 6);
      const [i25, pulse] = datasheetNumbers(part, /I_D = ([\d.]+) A \(Tc = 25 deg C\).*I_D,pulse = ([\d.]+) A/);
      expect([tdb.i_cont, tdb.i_abs_max]).toEqual([i25, pulse]);
      const foster = tdb.switch.thermal_foster;
      expect(foster.r_th_vector.reduce((sum, r) => sum + r, 0)).toBeCloseTo(foster.r_th_total, 6);
    });
  }
});
