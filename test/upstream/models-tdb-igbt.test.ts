// The IGBT modules' machine-readable datasheets (transistordatabase JSON, server/upstream/models/tdb-igbt.ts): every
// IGBT module on sale has one at the current model version and no SiC module does yet (decision 053); each is valid
// against the published JSON Schema (checked by Ajv, not by the code that wrote it); it states the datasheet's own
// figures, read here from the datasheet's text (V_CE(sat) at 25 °C and hot and the diode's V_F from the channel
// curves, I_C,nom and I_CRM, R_th(j-c) per IGBT and per diode as the Foster networks' sums), the loss data's energies
// at the double-pulse reference and interface resistances, the part's lifecycle state on the version's day
// (decision 040), and, value for value in SI units, every curve of its committed characterisation dataset
// (decision 055), so the two cannot drift apart.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { documentFile } from "../../server/upstream/content/schema.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { readModuleInputs, type IgbtModuleInput } from "../../server/upstream/models/module-inputs.ts";
import { MODEL_DATE, MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { tdbSchema } from "../../server/upstream/models/tdb.ts";
import { currentStateUrl } from "../../shared/contract/models.ts";
import { characterisation, type IgbtCharacterisation } from "../../shared/contract/characterisation.ts";
import { lifecycleOn } from "../../shared/contract/lifecycle.ts";

const modules = readModuleInputs();
const igbtModules = modules.filter((input): input is IgbtModuleInput => input.kind === "igbtModule");
const file = (part: string) => path.join(shippedContentDir, "models", part, MODEL_VERSION, `${part}.tdb.json`);
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(tdbSchema);
const documents = readContent("documents.json", documentFile.array(), shippedContentDir);

/** The numbers of the datasheet line `pattern` matches (the datasheet's English text). */
function datasheetNumbers(part: string, pattern: RegExp): number[] {
  const datasheet = documents.find((document) => document.type === "datasheet" && document.title.en.startsWith(`${part} `));
  const match = datasheet?.pages.en.map((line) => pattern.exec(line)).find(Boolean);
  if (!match) throw new Error(`${part}: no ${pattern}`);
  return match.slice(1).map(Number);
}

type Graph = [number[], number[]];
interface Channel {
  t_j: number;
  v_g: number | null;
  graph_v_i: Graph;
}
interface Energy {
  dataset_type: string;
  t_j: number | null;
  v_supply: number;
  v_g: number;
  v_g_off: number;
  r_g: number | null;
  i_x: number | null;
  e_x: number | null;
  graph_i_e: Graph | null;
  graph_r_e: Graph | null;
  graph_t_e?: Graph | null;
}
interface Foster {
  r_th_total: number;
  r_th_vector: number[];
  tau_vector: number[];
  graph_t_rthjc: Graph;
}
interface Tdb {
  type: string;
  housing_type: string;
  v_abs_max: number;
  i_abs_max: number;
  i_cont: number;
  r_th_cs: number;
  r_th_switch_cs: number;
  r_th_diode_cs: number;
  c_oss: Array<{ t_j: number; graph_v_c: Graph }>;
  c_iss: Array<{ t_j: number; graph_v_c: Graph }>;
  c_rss: Array<{ t_j: number; graph_v_c: Graph }>;
  c_oss_fix: number;
  c_iss_fix: number;
  c_rss_fix: number;
  graph_v_ecoss: Graph;
  c_oss_er: { c_o: number; v_gs: number; v_ds: number };
  c_oss_tr: { c_o: number; v_gs: number; v_ds: number };
  lifecycle: Record<string, unknown>;
  diode: { channel: Channel[]; thermal_foster: Foster; t_j_max: number; e_rr: Energy[] };
  switch: {
    channel: Channel[];
    thermal_foster: Foster;
    t_j_max: number;
    charge_curve: Array<{ t_j: number; v_supply: number; i_channel: number; graph_q_v: Graph }>;
    soa: Array<{ t_c: number; time_pulse: number | null; graph_i_v: Graph }>;
    e_on: Energy[];
    e_off: Energy[];
  };
}
const read = (part: string) => JSON.parse(readFileSync(file(part), "utf8")) as Tdb;
const datasetOf = (part: string) => {
  const dataset = characterisation.parse(JSON.parse(readFileSync(path.join(shippedContentDir, "characterisation", `${part}.json`), "utf8")));
  expect(dataset.kind).toBe("igbt");
  return dataset as IgbtCharacterisation;
};

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

/** The curve's voltage at `current`, linear between its points (the current need not be one of them). */
function voltageAt(channel: Channel, current: number): number {
  const [volts, amps] = channel.graph_v_i;
  const index = amps.findIndex((amp) => amp >= current);
  expect(index, `no point at or above ${current} A`).toBeGreaterThan(0);
  const share = (current - amps[index - 1]!) / (amps[index]! - amps[index - 1]!);
  return volts[index - 1]! + share * (volts[index]! - volts[index - 1]!);
}

const energyAt = (data: Energy[], tj: number, current: number) => {
  const set = data.find((entry) => entry.dataset_type === "graph_i_e" && entry.t_j === tj)!;
  const [amps, joules] = set.graph_i_e!;
  expect(amps).toContain(current);
  return joules[amps.indexOf(current)]!;
};

describe("the IGBT modules' machine-readable datasheets", () => {
  it("exist for every IGBT module on sale, of transistordatabase's IGBT type; a SiC module's is a SiC MOSFET's (decision 058)", () => {
    expect(igbtModules.length).toBeGreaterThanOrEqual(8);
    for (const input of modules) {
      const type = (JSON.parse(readFileSync(file(input.partNumber), "utf8")) as { type: string }).type;
      expect(type, input.partNumber).toBe(input.kind === "igbtModule" ? "IGBT" : "SiC-MOSFET");
    }
  });

  it("the schema refuses a malformed freewheeling diode: its recovery energies and its gateless channel", () => {
    const good = read(igbtModules[0]!.partNumber) as unknown as Record<string, unknown> & { diode: Record<string, unknown> & { e_rr: Energy[]; channel: Channel[] } };
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
    const diode = (change: Record<string, unknown>) => validate({ ...good, diode: { ...good.diode, ...change } });
    const [erec] = good.diode.e_rr;
    const [line] = good.diode.channel;
    expect(diode({ e_rr: [{ ...erec, dataset_type: "graph_q_e" }] })).toBe(false);
    expect(diode({ e_rr: [{ ...erec, v_supply: "600 V" }] })).toBe(false);
    expect(diode({ e_rr: [{ ...erec, graph_i_e: [[0, 1]] }] })).toBe(false);
    expect(diode({ channel: [{ ...line, v_g: "none" }] })).toBe(false);
    const { t_j: _tj, ...noTemperature } = line!;
    expect(diode({ channel: [noTemperature] })).toBe(false);
    // The IGBT's own energies keep the switch's rule (v_g is its gate voltage, a number).
    expect(validate({ ...good, switch: { ...(good.switch as object), e_on: [{ ...erec, v_g: null }] } })).toBe(false);
  });

  for (const input of igbtModules) {
    const part = input.partNumber;

    it(`${part}: carries every curve of its characterisation dataset, in SI units`, () => {
      const tdb = read(part);
      const dataset = datasetOf(part);
      const { capacitance, conditions, keyValues, switching } = dataset;
      for (const [field, values] of [
        ["c_oss", capacitance.coes],
        ["c_iss", capacitance.cies],
        ["c_rss", capacitance.cres],
      ] as const) {
        expect(tdb[field].map((entry) => entry.t_j)).toEqual([25]);
        same(tdb[field][0]!.graph_v_c, [capacitance.vce, values], [1, 1e-12]);
      }
      same(tdb.graph_v_ecoss, [capacitance.vce, capacitance.eoes], [1, 1e-6]);
      same([[tdb.c_oss_fix, tdb.c_iss_fix, tdb.c_rss_fix]], [[keyValues.coes, keyValues.cies, keyValues.cres]], [1e-12]);
      // ½·C_o(er)·V² = E_oes and C_o(tr)·V = Q_oes at V_CC, within C_o's six significant digits.
      expect(tdb.c_oss_er.v_ds).toBe(conditions.switching.vcc);
      expect(Math.abs((tdb.c_oss_er.c_o * tdb.c_oss_er.v_ds ** 2) / 2 / 1e-6 / keyValues.eoes - 1)).toBeLessThan(1e-5);
      expect(Math.abs((tdb.c_oss_tr.c_o * tdb.c_oss_tr.v_ds) / 1e-9 / keyValues.qoes - 1)).toBeLessThan(1e-5);

      expect(tdb.switch.channel.map((c) => [c.t_j, c.v_g])).toEqual(dataset.output.map((c) => [c.tj, c.vge]));
      dataset.output.forEach((c, index) => {
        same(tdb.switch.channel[index]!.graph_v_i, [c.vce, c.ic], [1, 1]);
      });
      // The freewheeling diode has no gate.
      expect(tdb.diode.channel.map((c) => [c.t_j, c.v_g])).toEqual(dataset.diode.map((c) => [c.tj, null]));
      dataset.diode.forEach((c, index) => {
        same(tdb.diode.channel[index]!.graph_v_i, [c.vf, c.if], [1, 1]);
      });

      const [charge] = tdb.switch.charge_curve;
      expect(tdb.switch.charge_curve).toHaveLength(1);
      expect([charge!.t_j, charge!.v_supply, charge!.i_channel]).toEqual([25, conditions.gateCharge.vce, conditions.gateCharge.ic]);
      same(charge!.graph_q_v, [dataset.gateCharge.qg, dataset.gateCharge.vge], [1e-9, 1]);

      expect(tdb.switch.soa.map((line) => [line.t_c, line.time_pulse])).toEqual(dataset.soa.lines.map((line) => [dataset.soa.tc, line.tp]));
      dataset.soa.lines.forEach((line, index) => {
        same(tdb.switch.soa[index]!.graph_i_v, [line.vds, line.id], [1, 1]);
      });

      for (const [foster, thermal] of [
        [tdb.switch.thermal_foster, dataset.thermal],
        [tdb.diode.thermal_foster, dataset.thermalDiode],
      ] as const) {
        expect(foster.r_th_total).toBe(thermal.rth);
        expect(foster.r_th_vector).toEqual(thermal.foster.map((pair) => pair.r));
        expect(foster.tau_vector).toEqual(thermal.foster.map((pair) => pair.tau));
        same(foster.graph_t_rthjc, [thermal.zth.t, thermal.zth.z], [1, 1]);
      }

      const ref = conditions.switching;
      for (const [which, data] of [
        ["eOn", tdb.switch.e_on],
        ["eOff", tdb.switch.e_off],
        ["eRec", tdb.diode.e_rr],
      ] as const) {
        const of = (type: string) => data.filter((entry) => entry.dataset_type === type);
        // Every set at the switching IGBT's gate swing.
        expect(new Set(data.map((entry) => `${entry.v_g}/${entry.v_g_off}`))).toEqual(new Set([`${conditions.vgeOn}/${conditions.vgeOff}`]));
        expect(of("graph_i_e").map((entry) => [entry.t_j, entry.r_g, entry.v_supply])).toEqual(switching.byCurrent.tj.map((tj) => [tj, ref.rg, ref.vcc]));
        switching.byCurrent.tj.forEach((_, index) => {
          same(of("graph_i_e")[index]!.graph_i_e!, [switching.byCurrent.i, switching.byCurrent[which][index]!], [1, 1e-3]);
        });
        expect(of("graph_r_e").map((entry) => [entry.t_j, entry.i_x])).toEqual([[ref.tj, ref.ic]]);
        same(of("graph_r_e")[0]!.graph_r_e!, [switching.byGate.rg, switching.byGate[which]], [1, 1e-3]);
        expect(of("graph_t_e").map((entry) => [entry.t_j, entry.r_g, entry.i_x])).toEqual([[null, ref.rg, ref.ic]]);
        same(of("graph_t_e")[0]!.graph_t_e!, [switching.byTemperature.tj, switching.byTemperature[which]], [1, 1e-3]);
        const single = of("single");
        expect(single.map((entry) => [entry.t_j, entry.r_g, entry.i_x])).toEqual(switching.byVoltage.vcc.map(() => [ref.tj, ref.rg, ref.ic]));
        same([single.map((entry) => entry.v_supply), single.map((entry) => entry.e_x!)], [switching.byVoltage.vcc, switching.byVoltage[which]], [1, 1e-3]);
      }
    });

    it(`${part}: valid, an IGBT, and states its datasheet's and loss data's figures`, () => {
      const tdb = read(part);
      expect(validate(tdb), JSON.stringify(validate.errors)).toBe(true);
      expect(tdb.type).toBe("IGBT");
      // "V_CE(sat) = 1.8 V typ at I_C = 300 A, V_GE = 15 V; 2.15 V typ at Tvj = 150 deg C"
      const [v25, ic, vge, vHot, tHot] = datasheetNumbers(
        part,
        /V_CE\(sat\) = ([\d.]+) V typ at I_C = ([\d.]+) A, V_GE = ([\d.]+) V; ([\d.]+) V typ at Tvj = (\d+) deg C/,
      );
      const output = (tj: number) => tdb.switch.channel.find((curve) => curve.t_j === tj && curve.v_g === vge)!;
      expect(voltageAt(output(25), ic!)).toBeCloseTo(v25!, 2);
      expect(voltageAt(output(tHot!), ic!)).toBeCloseTo(vHot!, 2);
      // "diode V_F = 1.75 V typ at I_F = 300 A" (25 °C; the datasheet states no hot V_F).
      const [vf, iF] = datasheetNumbers(part, /diode V_F = ([\d.]+) V typ at I_F = ([\d.]+) A/);
      expect(voltageAt(tdb.diode.channel.find((curve) => curve.t_j === 25)!, iF!)).toBeCloseTo(vf!, 2);
      // "V_CES = 1200 V", "I_C,nom = 300 A; I_CRM = 600 A"
      const [vces] = datasheetNumbers(part, /V_CES = ([\d.]+) V/);
      const [nom, peak] = datasheetNumbers(part, /I_C,nom = ([\d.]+) A; I_CRM = ([\d.]+) A/);
      expect([tdb.v_abs_max, tdb.i_cont, tdb.i_abs_max]).toEqual([vces, nom, peak]);
      // "R_th(j-c) = 0.095 K/W per IGBT, 0.152 K/W per diode": each Foster network sums to its device's.
      const [rthIgbt, rthDiode] = datasheetNumbers(part, /R_th\(j-c\) = ([\d.]+) K\/W per IGBT, ([\d.]+) K\/W per diode/);
      for (const [foster, rth] of [
        [tdb.switch.thermal_foster, rthIgbt!],
        [tdb.diode.thermal_foster, rthDiode!],
      ] as const) {
        expect(foster.r_th_total).toBe(rth);
        expect(foster.r_th_vector.reduce((sum, r) => sum + r, 0)).toBeCloseTo(rth, 6);
      }
      expect([tdb.switch.t_j_max, tdb.diode.t_j_max]).toEqual([input.loss.ratings.tjMax, input.loss.ratings.tjMax]);
      expect(tdb.housing_type).toBe(input.package);
      // The loss data's energies at the double-pulse reference, and their interface resistances per IGBT and diode
      // (the module's own r_th_cs is 0: the tool adds it to each, which would count the interface twice).
      const ref = input.loss.switchingRef;
      const reference = tdb.switch.e_on.find((entry) => entry.dataset_type === "graph_i_e" && entry.t_j === ref.tj)!;
      expect([reference.v_supply, reference.r_g]).toEqual([ref.v, ref.rg]);
      expect(energyAt(tdb.switch.e_on, ref.tj, ref.i) * 1e3).toBeCloseTo(input.loss.eOn, 6);
      expect(energyAt(tdb.switch.e_off, ref.tj, ref.i) * 1e3).toBeCloseTo(input.loss.eOff, 6);
      expect(energyAt(tdb.diode.e_rr, ref.tj, ref.i) * 1e3).toBeCloseTo(input.loss.eRec, 6);
      expect([tdb.r_th_cs, tdb.r_th_switch_cs, tdb.r_th_diode_cs]).toEqual([0, input.loss.rthCh, input.loss.rthChDiode]);
    });

    it(`${part}: records its lifecycle state on the version's day, and where it is answered now`, () => {
      const tdb = read(part);
      const day = lifecycleOn(input.lifecycle, MODEL_DATE)!;
      expect(day).not.toBeNull();
      expect(tdb.lifecycle).toMatchObject({ state: day.state, since: day.since, as_of: MODEL_DATE, current_state_url: currentStateUrl(part) });
      if (!day.current) return;
      expect(tdb.lifecycle.replacement ?? null).toBe(input.lifecycle.replacement);
      expect(tdb.lifecycle.last_order ?? null).toBe(input.lifecycle.lastOrder);
    });
  }
});
