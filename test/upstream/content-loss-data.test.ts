// The estimator's loss and thermal data: every power device has it through the product calls (gate drivers
// none), it is plausible and agrees with the part's ratings and datasheet text, and the datasheet PDF prints it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lossData, querySiteListDataByPage, type LossData, type ProductListItem } from "../../shared/contract/index.ts";
import { shippedContentDir as contentDir } from "../../server/upstream/content/load.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";

interface ProductFile {
  id: number;
  parentId: number;
  partNumber: string;
  status: string;
  params: Record<string, unknown>;
  documents: string[];
}
const readJson = (file: string) => JSON.parse(readFileSync(path.join(contentDir, file), "utf8"));
const products: ProductFile[] = readJson("catalog/products.json");
const categories: Array<{ id: number; parentId: number | null }> = readJson("catalog/categories.json");
const documents: Array<{ id: string; pages: { en: string[] } }> = readJson("documents.json");
const file: Array<{ partNumber: string } & LossData> = readJson("catalog/loss-data.json");

const familyOf = (product: ProductFile) => {
  let id = product.parentId;
  for (let parent = categories.find((c) => c.id === id)?.parentId; parent; parent = categories.find((c) => c.id === id)?.parentId) id = parent;
  return id;
};
const kindOfFamily: Record<number, LossData["kind"] | null> = { 100: "mosfet", 200: "diode", 300: "mosfet", 400: "igbt", 500: null };
const datasheetText = (product: ProductFile) => documents.find((d) => d.id === product.documents[0])!.pages.en.join("\n");
/** E(R_G) curves: the reference R_G among the points with the datasheet energies there, and each energy monotonic. */
function checkGate(
  part: string,
  gate: { rg: number[]; eOn: number[]; eOff: number[]; eRec?: number[] },
  ref: { rg: number },
  energies: { eOn: number; eOff: number; eRec?: number },
) {
  const at = gate.rg.indexOf(ref.rg);
  expect(at, part).toBeGreaterThanOrEqual(0);
  expect(gate.eOn[at], part).toBe(energies.eOn);
  expect(gate.eOff[at], part).toBe(energies.eOff);
  if (gate.eRec) expect(gate.eRec[at], part).toBe(energies.eRec);
  for (let index = 1; index < gate.rg.length; index++) {
    // Slower transitions at a higher R_G: more E_on and E_off, less recovery energy (softer di/dt).
    expect(gate.eOn[index]!, part).toBeGreaterThan(gate.eOn[index - 1]!);
    expect(gate.eOff[index]!, part).toBeGreaterThan(gate.eOff[index - 1]!);
    if (gate.eRec) expect(gate.eRec[index]!, part).toBeLessThan(gate.eRec[index - 1]!);
  }
}

type Table = { tj: [number, number]; i: number[]; eOn: [number[], number[]]; eOff: [number[], number[]]; eRec?: [number[], number[]] };
/**
 * E(I) tables: the datasheet point (I_ref at the reference temperature) among the points with the reference
 * energies there, from zero current, every energy rising with current.
 */
function checkTable(part: string, table: Table, ref: { i: number; tj: number }, energies: { eOn: number; eOff: number; eRec?: number }) {
  expect(table.i[0], part).toBe(0);
  const row = table.tj.indexOf(ref.tj);
  const at = table.i.indexOf(ref.i);
  expect(row, part).toBeGreaterThanOrEqual(0);
  expect(at, part).toBeGreaterThanOrEqual(0);
  expect(table.eOn[row]![at], part).toBe(energies.eOn);
  expect(table.eOff[row]![at], part).toBe(energies.eOff);
  if (table.eRec) expect(table.eRec[row]![at], part).toBe(energies.eRec);
  for (const rows of [table.eOn, table.eOff, table.eRec ?? []]) {
    for (const values of rows) for (let index = 1; index < values.length; index++) expect(values[index]!, part).toBeGreaterThan(values[index - 1]!);
  }
}

/** A number from the datasheet text; the test fails when the text does not state it. */
function stated(text: string, pattern: RegExp): number {
  const match = text.match(pattern);
  expect(match, String(pattern)).not.toBeNull();
  return Number(match![1]);
}
const close = (actual: number, expected: number, tolerance: number) => expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(tolerance);
/** V0 + r·i at 25 °C (the first point) and at the hot point (the last). */
const drop = (curve: { v0: number[]; r: number[] }, current: number, hot: 0 | 1) => {
  const index = hot ? curve.v0.length - 1 : 0;
  return curve.v0[index]! + (curve.r[index]! / 1000) * current;
};
const hotOf = (values: number[]) => values.at(-1)!;

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

describe("loss data", () => {
  it("covers every power device exactly once and no gate driver", () => {
    expect(Object.keys(kindOfFamily).map(Number).sort()).toEqual(
      categories
        .filter((c) => c.parentId === null)
        .map((c) => c.id)
        .sort(),
    );
    for (const product of products) {
      const rows = file.filter((row) => row.partNumber === product.partNumber);
      const kind = kindOfFamily[familyOf(product)];
      expect(rows.length, product.partNumber).toBe(kind ? 1 : 0);
      if (kind) expect(rows[0]!.kind, product.partNumber).toBe(kind);
    }
    expect(file.length).toBe(products.filter((p) => kindOfFamily[familyOf(p)]).length);
  });

  it("agrees with each part's ratings, parameters and datasheet, and is physically plausible", () => {
    for (const row of file) {
      const product = products.find((p) => p.partNumber === row.partNumber)!;
      const { partNumber: _, ...data } = row;
      const parsed = lossData.parse(data);
      const params = product.params;
      const text = datasheetText(product);
      const rthStated = stated(text, /R_th\(j-[cf]\) = ([\d.]+) K\/W/);
      expect(parsed.rth, row.partNumber).toBe(rthStated);
      expect(parsed.rthRef).toBe(/R_th\(j-f\)/.test(text) ? "fluid" : "case");
      // Z_th as a Foster network: its r_i sum to the steady R_th, its time constants ascend.
      const networks: Array<[typeof parsed.zth, number]> = [[parsed.zth, parsed.rth]];
      if (parsed.kind === "igbt") networks.push([parsed.zthDiode, parsed.rthDiode]);
      for (const [network, rth] of networks) {
        expect(network, row.partNumber).toBeDefined();
        expect(
          network!.reduce((sum, pair) => sum + pair.r, 0),
          row.partNumber,
        ).toBeCloseTo(rth, 6);
        for (let index = 1; index < network!.length; index++) expect(network![index]!.tau).toBeGreaterThan(network![index - 1]!.tau);
      }
      // Every part can be put at a heat-sink (case parts: their interface) or case temperature (pin-fin modules:
      // their baseplate).
      if (parsed.rthRef === "case") {
        expect(parsed.rthCh, row.partNumber).toBeGreaterThan(0);
        // A module's interface per switch is below its R_th(j-c); a discrete's is its package's (below 1 K/W), which
        // a large die's R_th(j-c) can undercut (a 13 mΩ TO-247-4 at 0.18 K/W against the grease's 0.25).
        const discrete = familyOf(product) === 100 || familyOf(product) === 200;
        expect(parsed.rthCh!, row.partNumber).toBeLessThan(discrete ? 1 : parsed.rth);
        if (parsed.kind === "igbt") expect(parsed.rthChDiode!).toBeGreaterThan(parsed.rthCh!);
      } else {
        expect(parsed.rthCase!, row.partNumber).toBeLessThan(parsed.rth);
      }
      // Three-level NPC modules say so (their devices commutate half the DC link).
      expect(parsed.threeLevel === true, row.partNumber).toBe(/NPC/.test(JSON.stringify(params.topology ?? "")));
      if (parsed.kind === "mosfet") {
        expect(parsed.ratings.v).toBe(params.vds);
        expect(parsed.ratings.i).toBe(params.id100 ?? params.id);
        expect(parsed.ratings.tjMax).toBe(params.tjmax ?? params.tjop);
        // Neither the parameters nor the datasheet state a pulsed current: the estimate says it has none.
        expect(parsed.ratings.iPulse).toBeUndefined();
        expect(parsed.channel.v0.every((v0) => v0 === 0)).toBe(true);
        expect(parsed.channel.t[0]).toBe(25);
        expect(parsed.channel.r[0]).toBe(params.rdson);
        expect(hotOf(parsed.channel.r)).toBe(stated(text, /; ([\d.]+) mOhm typ at T\w* = \d+ deg C/));
        expect(hotOf(parsed.channel.t)).toBe(stated(text, /mOhm typ at T\w* = (\d+) deg C/));
        // SiC R_DS(on) rises 1.3–2× from 25 °C to T_j,max, and convexly: every slope steeper than the one before.
        expect(hotOf(parsed.channel.r) / parsed.channel.r[0]!).toBeGreaterThan(1.3);
        expect(hotOf(parsed.channel.r) / parsed.channel.r[0]!).toBeLessThan(2);
        const slopes = parsed.channel.r.slice(1).map((r, index) => (r - parsed.channel.r[index]!) / (parsed.channel.t[index + 1]! - parsed.channel.t[index]!));
        for (let index = 1; index < slopes.length; index++) expect(slopes[index]!, row.partNumber).toBeGreaterThan(slopes[index - 1]!);
        // The continuous rating is the current that heats the junction to T_j,max: I = sqrt(ΔT / (R_th·R_DS(on),hot)).
        const thermalLimit = Math.sqrt((parsed.ratings.tjMax - parsed.ratings.tc) / ((parsed.rth * hotOf(parsed.channel.r)) / 1000));
        close(parsed.ratings.i, thermalLimit, 0.12);
        // The body diode model meets the datasheet point V_SD at I_SD.
        close(drop(parsed.bodyDiode, parsed.bodyDiode.iSd, 0), parsed.bodyDiode.vSd, 0.01);
        if (/V_SD = /.test(text)) expect(parsed.bodyDiode.vSd).toBe(stated(text, /V_SD = ([\d.]+) V typ/));
        expect(parsed.bodyDiode.v0[0]).toBeGreaterThan(2.3); // SiC p-n body diode knee
        // Switching energy per amp at the reference stays within what SiC MOSFETs achieve (2–40 µJ/A).
        const perAmp = ((parsed.eOn + parsed.eOff) * 1000) / parsed.switchingRef.i;
        expect(perAmp).toBeGreaterThan(2);
        expect(perAmp).toBeLessThan(60);
        expect(parsed.switchingRef.v).toBeLessThanOrEqual(0.85 * parsed.ratings.v);
        checkGate(row.partNumber, parsed.gate, parsed.switchingRef, parsed);
        checkTable(row.partNumber, parsed.energies, parsed.switchingRef, parsed);
        const { energies } = parsed;
        // The body diode's Q_rr at the test temperature is the datasheet's, and higher hot.
        expect(energies.qrr[energies.tj.indexOf(parsed.switchingRef.tj)]).toBe(parsed.bodyDiode.qrr);
        expect(energies.qrr[1]).toBeGreaterThan(energies.qrr[0]);
        // At zero current E_on keeps the capacitive part of the opposite diode's charge (0.35·Q_rr(25 °C)·V, at
        // most 40 % of E_on); hot, E_on carries more recovery, and SiC E_off barely moves (−5 %).
        expect(energies.eOn[0][0]).toBeGreaterThan(0);
        expect(energies.eOn[0][0]).toBeLessThanOrEqual(0.4 * parsed.eOn * 1.001);
        for (let index = 1; index < energies.i.length; index++) {
          expect(energies.eOn[1][index]!).toBeGreaterThan(energies.eOn[0][index]!);
          close(energies.eOff[1][index]!, 0.95 * energies.eOff[0][index]!, 0.01);
        }
        // A SiC leg's dead time: long enough for its driver's propagation skew, short against its period.
        expect(parsed.deadTime).toBeGreaterThanOrEqual(50);
        expect(parsed.deadTime).toBeLessThanOrEqual(1000);
        const onStated = text.match(/E_on = ([\d.]+) uJ/);
        if (onStated) expect(parsed.eOn * 1000).toBe(Number(onStated[1]));
      } else if (parsed.kind === "diode") {
        // The pulsed-current rating of a Schottky diode is its surge current I_FSM (10 ms half sine).
        expect(parsed.ratings).toEqual({ v: params.vrrm, i: params.if, tc: 135, tjMax: params.tjmax, iPulse: params.ifsm });
        const surge = text.match(/IFSM = (\d+) A/);
        if (surge) expect(parsed.ratings.iPulse).toBe(Number(surge[1]));
        close(drop(parsed.forward, parsed.ratings.i, 0), params.vf as number, 0.01);
        close(drop(parsed.forward, parsed.ratings.i, 1), stated(text, /; ([\d.]+) V typ at Tj = 175/), 0.01);
        expect(parsed.qc).toBe(params.qc);
        expect(parsed.vQc).toBe(stated(text, /Q_C = [\d.]+ nC typ at V_R = (\d+) V/));
        // Schottky: lower knee and higher slope when hot (positive coefficient at the rated current).
        expect(hotOf(parsed.forward.v0)).toBeLessThan(parsed.forward.v0[0]!);
        expect(hotOf(parsed.forward.r)).toBeGreaterThan(parsed.forward.r[0]!);
      } else {
        expect(parsed.ratings.v).toBe(params.vces);
        expect(parsed.ratings.i).toBe(params.icnom);
        expect(parsed.ratings.tjMax).toBe(params.tjop);
        expect(parsed.ratings.iPulse).toBeUndefined();
        expect(parsed.rthDiode).toBe(stated(text, /, ([\d.]+) K\/W per diode/));
        close(drop(parsed.igbt, parsed.ratings.i, 0), params.vcesat as number, 0.01);
        close(drop(parsed.igbt, parsed.ratings.i, 1), stated(text, /; ([\d.]+) V typ at Tvj = 150/), 0.01);
        close(drop(parsed.diode, parsed.ratings.i, 0), stated(text, /diode V_F = ([\d.]+) V typ/), 0.01);
        expect(hotOf(parsed.igbt.r)).toBeGreaterThan(parsed.igbt.r[0]!);
        // E_on + E_off + E_rec per amp of a trench field-stop IGBT module: 0.05–1.5 mJ/A across 650–1700 V.
        const perAmp = (parsed.eOn + parsed.eOff + parsed.eRec) / parsed.switchingRef.i;
        expect(perAmp).toBeGreaterThan(0.05);
        expect(perAmp).toBeLessThan(1.5);
        expect(parsed.switchingRef.v).toBeLessThanOrEqual(0.6 * parsed.ratings.v);
        checkGate(row.partNumber, parsed.gate, parsed.switchingRef, parsed);
        checkTable(row.partNumber, parsed.energies, parsed.switchingRef, parsed);
        const { energies } = parsed;
        // A silicon IGBT and its diode lose more hot; the diode's recovery grows as I^0.6 (concave).
        for (let index = 1; index < energies.i.length; index++) {
          for (const rows of [energies.eOn, energies.eOff, energies.eRec]) expect(rows[1][index]!).toBeGreaterThan(rows[0][index]!);
        }
        const at = (current: number) => energies.eRec[1][energies.i.indexOf(current)]!;
        close(at(2 * parsed.switchingRef.i) / at(parsed.switchingRef.i), 2 ** 0.6, 0.01);
      }
    }
  });

  it("comes with the product calls: list rows and detail carry it, gate drivers carry null", async () => {
    for (const [family, kind] of Object.entries(kindOfFamily)) {
      const { data } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: Number(family), pageSize: 100 });
      expect(data.list.length).toBeGreaterThan(0);
      for (const item of data.list as ProductListItem[]) {
        if (kind) expect(item.loss?.kind, item.partNumber).toBe(kind);
        else expect(item.loss).toBeNull();
      }
    }
    const { data } = await callOk(upstream, querySiteListDataByPage, "zh", { partNumber: "QIM300120H62" });
    expect(data.product.loss).toMatchObject({ kind: "igbt", rth: 0.095, rthDiode: 0.152 });
  });

  it("is printed in the part's datasheet PDF", async () => {
    const { data } = await callOk(upstream, querySiteListDataByPage, "en", { partNumber: "QCM040120K4" });
    const datasheet = data.product.documents.find((document: { type: string }) => document.type === "datasheet");
    const response = await fetch(upstream.url + datasheet.downloadPath);
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer()).toString("latin1");
    // The shown text: the PDF's string operands in order, unescaped, lines joined with a space (bullet marks left out).
    const shown = [...pdf.matchAll(/\((.*?)\) Tj ET/g)]
      .map((match) => match[1]!.replace(/\\([\\()])/g, "$1"))
      .filter((run) => run !== "-")
      .join(" ");
    expect(shown).toContain("Loss and thermal data for estimation");
    expect(shown).toMatch(/R_DS\(on\) = 40 mOhm at Tj = 25 deg C/);
    expect(shown).toMatch(/E_on = 0.31 mJ/);
    expect(shown).toMatch(/R_th\(j-c\) = 0.55 K\/W/);
    // The curves at their points, the E(R_G) curve and the recommended dead time.
    expect(shown).toMatch(/R_DS\(on\) = 55.68 mOhm at Tj = 125 deg C/);
    expect(shown).toMatch(/R_G = 12.5 Ohm: E_on = 0.651 mJ, E_off = 0.18 mJ/);
    expect(shown).toMatch(/Recommended dead time 150 ns/);
    expect(shown).toMatch(/Switching energy against current/);
    expect(shown).toMatch(/Transient thermal impedance Z_th as a Foster network \(r_i, tau_i\): 0.055 K\/W, 0.5 ms/);
    expect(shown).toMatch(/interface to the heat sink with the recommended thermal grease R_th\(c-h\) = 0.25 K\/W/);
    expect(shown).toMatch(/body-diode Q_rr at the reference current = 180 nC at Tj = 25 deg C, 270 nC at Tj = 175 deg C/);
  });
});
