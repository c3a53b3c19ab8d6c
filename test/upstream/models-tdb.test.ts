// The machine-readable datasheets (transistordatabase JSON): every SiC MOSFET has one at the current model
// version and no diode does (the format has no diode type); each file of every published version is valid
// against the published JSON Schema (checked by Ajv, not by the code that wrote it), the current ones state the
// datasheet's own figures, read here from the datasheet's text: R_DS(on) at 25 °C and hot from the channel
// curves, E_on and E_off at the double-pulse reference, the drain-current ratings, and a Foster network summing
// to R_th(j-c); the part's lifecycle state on the version's day (decision 040); and, value for value in SI units,
// every curve of the part's committed characterisation dataset (decision 055), so the two cannot drift apart.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { documentFile } from "../../server/upstream/content/schema.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { readModelInputs, type MosfetModelInput } from "../../server/upstream/models/inputs.ts";
import { readModuleInputs, type SicModuleInput } from "../../server/upstream/models/module-inputs.ts";
import { MODEL_DATE, MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { compareVersions, modelVersionsFile } from "../../server/upstream/models/store.ts";
import { tdbLifecycle, tdbSchema } from "../../server/upstream/models/tdb.ts";
import { currentStateUrl } from "../../shared/contract/models.ts";
import { characterisation, type MosfetCharacterisation } from "../../shared/contract/characterisation.ts";
import { lifecycleOn, type ProductLifecycle } from "../../shared/contract/lifecycle.ts";

const inputs = readModelInputs();
const mosfets = inputs.filter((input): input is MosfetModelInput => input.kind === "mosfet");
// A SiC module's file is one switch's, written by the same writer from its switch's dataset (decision 058).
const sicModules = readModuleInputs().filter((input): input is SicModuleInput => input.kind === "sicModule");
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
  r_th_cs: number;
  r_th_switch_cs: number;
  r_th_diode_cs: number;
  switch: { channel: Curve[]; e_on: Energy[]; e_off: Energy[]; thermal_foster: { r_th_total: number; r_th_vector: number[] } };
}

type Graph = [number[], number[]];
interface TdbCurves {
  c_oss: Array<{ t_j: number; graph_v_c: Graph }>;
  c_iss: Array<{ t_j: number; graph_v_c: Graph }>;
  c_rss: Array<{ t_j: number; graph_v_c: Graph }>;
  c_oss_fix: number;
  c_iss_fix: number;
  c_rss_fix: number;
  graph_v_ecoss: Graph;
  c_oss_er: { c_o: number; v_gs: number; v_ds: number };
  c_oss_tr: { c_o: number; v_gs: number; v_ds: number };
  diode: { channel: Curve[]; thermal_foster: Foster };
  switch: {
    channel: Curve[];
    thermal_foster: Foster;
    charge_curve: Array<{ t_j: number; v_supply: number; i_channel: number; graph_q_v: Graph }>;
    soa: Array<{ t_c: number; time_pulse: number | null; graph_i_v: Graph }>;
    e_on: Array<Energy & { graph_r_e: Graph | null; graph_t_e?: Graph | null; e_x: number | null }>;
    e_off: Array<Energy & { graph_r_e: Graph | null; graph_t_e?: Graph | null; e_x: number | null }>;
  };
}
interface Foster {
  r_th_total: number;
  r_th_vector: number[];
  tau_vector: number[];
  graph_t_rthjc: Graph;
}
/**
 * Rows of the file equal the dataset's rows times each row's SI scale (pF → F, nC → C, µJ → J, mJ → J), within the
 * six significant digits both are written with.
 */
function same(actual: Array<Array<number | null>>, expected: number[][], scales: number[]) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((row, index) => {
    expect(actual[index]).toHaveLength(row.length);
    row.forEach((value, at) => {
      const got = actual[index]![at]!;
      expect(Math.abs(got / scales[index]! - value), `row ${index}[${at}]: ${got} against ${value}`).toBeLessThanOrEqual(Math.abs(value) * 1e-9 + 1e-15);
    });
  });
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
  it("exist for every SiC MOSFET and SiC module, and no diode", () => {
    expect(mosfets.length).toBeGreaterThanOrEqual(13);
    expect(sicModules.length).toBeGreaterThanOrEqual(8);
    for (const input of sicModules) expect(() => readFileSync(file(input.partNumber)), input.partNumber).not.toThrow();
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

  it("the schema refuses malformed curves of the characterisation dataset", () => {
    const good = JSON.parse(readFileSync(file(mosfets[0]!.partNumber), "utf8")) as Record<string, unknown> & { switch: Record<string, unknown> };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, c_oss: [{ t_j: 25, graph_v_c: [[0, 1, 2]] }] })).toBe(false);
    expect(validate({ ...good, c_oss_er: { c_o: 0, v_gs: 0, v_ds: 800 } })).toBe(false);
    expect(validate({ ...good, switch: { ...good.switch, charge_curve: [{ t_j: 25, v_supply: 800, graph_q_v: [[0], [0]] }] } })).toBe(false);
    expect(validate({ ...good, switch: { ...good.switch, soa: [{ t_c: 25, time_pulse: "DC", graph_i_v: [[1], [1]] }] } })).toBe(false);
  });

  for (const part of [...mosfets, ...sicModules].map((input) => input.partNumber)) {
    it(`${part}: carries every curve of its characterisation dataset, in SI units`, () => {
      const tdb = JSON.parse(readFileSync(file(part), "utf8")) as TdbCurves;
      const dataset = characterisation.parse(
        JSON.parse(readFileSync(path.join(shippedContentDir, "characterisation", `${part}.json`), "utf8")),
      ) as MosfetCharacterisation;
      expect(dataset.kind).toBe("mosfet");
      const { capacitance, conditions, keyValues, switching } = dataset;
      for (const [field, values] of [
        ["c_oss", capacitance.coss],
        ["c_iss", capacitance.ciss],
        ["c_rss", capacitance.crss],
      ] as const) {
        expect(tdb[field].map((entry) => entry.t_j)).toEqual([25]);
        same(tdb[field][0]!.graph_v_c, [capacitance.vds, values], [1, 1e-12]);
      }
      same(tdb.graph_v_ecoss, [capacitance.vds, capacitance.eoss], [1, 1e-6]);
      same([[tdb.c_oss_fix, tdb.c_iss_fix, tdb.c_rss_fix]], [[keyValues.coss, keyValues.ciss, keyValues.crss]], [1e-12]);
      // ½·C_o(er)·V² = E_oss and C_o(tr)·V = Q_oss at V_DD.
      expect(tdb.c_oss_er.v_ds).toBe(conditions.switching.vdd);
      // Within the six significant digits C_o is written with (a module's Q_oss runs to 1,200 nC).
      expect((tdb.c_oss_er.c_o * tdb.c_oss_er.v_ds ** 2) / 2 / 1e-6 / keyValues.eoss).toBeCloseTo(1, 5);
      expect((tdb.c_oss_tr.c_o * tdb.c_oss_tr.v_ds) / 1e-9 / keyValues.qoss).toBeCloseTo(1, 5);

      expect(tdb.switch.channel.map((c) => [c.t_j, c.v_g])).toEqual(dataset.output.map((c) => [c.tj, c.vgs]));
      dataset.output.forEach((c, index) => {
        same(tdb.switch.channel[index]!.graph_v_i, [c.vds, c.id], [1, 1]);
      });
      expect(tdb.diode.channel.map((c) => [c.t_j, c.v_g])).toEqual(dataset.bodyDiode.map((c) => [c.tj, c.vgs]));
      dataset.bodyDiode.forEach((c, index) => {
        same(tdb.diode.channel[index]!.graph_v_i, [c.vsd, c.isd], [1, 1]);
      });

      const [charge] = tdb.switch.charge_curve;
      expect(tdb.switch.charge_curve).toHaveLength(1);
      expect([charge!.t_j, charge!.v_supply, charge!.i_channel]).toEqual([25, conditions.gateCharge.vds, conditions.gateCharge.id]);
      same(charge!.graph_q_v, [dataset.gateCharge.qg, dataset.gateCharge.vgs], [1e-9, 1]);

      expect(tdb.switch.soa.map((line) => [line.t_c, line.time_pulse])).toEqual(dataset.soa.lines.map((line) => [dataset.soa.tc, line.tp]));
      dataset.soa.lines.forEach((line, index) => {
        same(tdb.switch.soa[index]!.graph_i_v, [line.vds, line.id], [1, 1]);
      });

      for (const foster of [tdb.switch.thermal_foster, tdb.diode.thermal_foster]) {
        expect(foster.r_th_total).toBe(dataset.thermal.rth);
        expect(foster.r_th_vector).toEqual(dataset.thermal.foster.map((pair) => pair.r));
        expect(foster.tau_vector).toEqual(dataset.thermal.foster.map((pair) => pair.tau));
        same(foster.graph_t_rthjc, [dataset.thermal.zth.t, dataset.thermal.zth.z], [1, 1]);
      }

      for (const which of ["eOn", "eOff"] as const) {
        const data = tdb.switch[which === "eOn" ? "e_on" : "e_off"];
        const ref = conditions.switching;
        const of = (type: string) => data.filter((entry) => entry.dataset_type === type);
        expect(of("graph_i_e").map((entry) => [entry.t_j, entry.r_g, entry.v_supply])).toEqual(switching.byCurrent.tj.map((tj) => [tj, ref.rg, ref.vdd]));
        switching.byCurrent.tj.forEach((_, index) => {
          same(of("graph_i_e")[index]!.graph_i_e!, [switching.byCurrent.i, switching.byCurrent[which][index]!], [1, 1e-3]);
        });
        expect(of("graph_r_e").map((entry) => [entry.t_j, entry.i_x])).toEqual([[ref.tj, ref.id]]);
        same(of("graph_r_e")[0]!.graph_r_e!, [switching.byGate.rg, switching.byGate[which]], [1, 1e-3]);
        expect(of("graph_t_e").map((entry) => [entry.t_j, entry.r_g, entry.i_x])).toEqual([[null, ref.rg, ref.id]]);
        same(of("graph_t_e")[0]!.graph_t_e!, [switching.byTemperature.tj, switching.byTemperature[which]], [1, 1e-3]);
        const single = of("single");
        expect(single.map((entry) => [entry.t_j, entry.r_g, entry.i_x])).toEqual(switching.byVoltage.vdd.map(() => [ref.tj, ref.rg, ref.id]));
        same([single.map((entry) => entry.v_supply), single.map((entry) => entry.e_x!)], [switching.byVoltage.vdd, switching.byVoltage[which]], [1, 1e-3]);
      }
    });
  }

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
      const cold = tdb.switch.channel.find((curve) => curve.t_j === 25 && curve.v_g === vgs)!;
      const hot = tdb.switch.channel.find((curve) => curve.t_j === tHot && curve.v_g === vgs)!;
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
      // Case to sink once: the tool adds r_th_cs to r_th_switch_cs and r_th_diode_cs (decision 058).
      expect([tdb.r_th_cs, tdb.r_th_switch_cs, tdb.r_th_diode_cs]).toEqual([0, input.loss.rthCh ?? 0, input.loss.rthCh ?? 0]);
    });
  }

  for (const input of sicModules) {
    it(`${input.partNumber}: one switch of the module, valid, with the module's datasheet figures`, () => {
      const part = input.partNumber;
      const tdb = JSON.parse(readFileSync(file(part), "utf8")) as Tdb & { name: string; comment: string; housing_type: string };
      expect(validate(tdb), JSON.stringify(validate.errors)).toBe(true);
      expect([tdb.type, tdb.name, tdb.housing_type]).toEqual(["SiC-MOSFET", `Qingyun_${part}`, input.package]);
      expect(tdb.comment).toContain(`one switch and its body diode of the ${input.topologyName.toLowerCase()} module`);
      // "R_DS(on) = … mOhm typ at V_GS = … V, I_D = … A; … mOhm typ at Tvj = … deg C" (per switch)
      const [r25, vgs, id, rHot, tHot] = datasheetNumbers(
        part,
        /R_DS\(on\) = ([\d.]+) mOhm typ at V_GS = ([\d.]+) V, I_D = ([\d.]+) A; ([\d.]+) mOhm typ at Tvj = (\d+) deg C/,
      );
      const cold = tdb.switch.channel.find((curve) => curve.t_j === 25 && curve.v_g === vgs)!;
      const hot = tdb.switch.channel.find((curve) => curve.t_j === tHot && curve.v_g === vgs)!;
      expect(slopeAt(cold, id!) * 1000).toBeCloseTo(r25!, 6);
      expect(slopeAt(hot, id!) * 1000).toBeCloseTo(rHot!, 6);
      const [nominal, pulse] = datasheetNumbers(part, /I_D,nom = ([\d.]+) A .*I_DM = ([\d.]+) A/);
      expect([tdb.i_cont, tdb.i_abs_max]).toEqual([nominal, pulse]);
      // The loss data's energies at their double-pulse reference, as the estimator reads them.
      const ref = input.switch.loss.switchingRef;
      expect(energyAt(tdb.switch.e_on, ref.tj, ref.i) * 1e3).toBeCloseTo(input.switch.loss.eOn, 6);
      expect(energyAt(tdb.switch.e_off, ref.tj, ref.i) * 1e3).toBeCloseTo(input.switch.loss.eOff, 6);
      // Where the datasheet states no case-to-sink resistance, none (0).
      const rthCh = input.switch.loss.rthCh ?? 0;
      expect([tdb.r_th_cs, tdb.r_th_switch_cs, tdb.r_th_diode_cs]).toEqual([0, rthCh, rthCh]);
    });
  }
});
