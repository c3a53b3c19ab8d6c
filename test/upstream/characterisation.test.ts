// The characterisation datasets (docs/decisions/055-characterisation-dataset.md): the committed files are exactly
// what the generator writes from today's content; each is physically consistent (R_DS(on) read off the output
// curves, Q_G off the gate-charge curve, Q_oss and E_oss the integrals of C_oss, R_th the sum of the Foster r,
// the transfer curve through V_GS(th), the SOA inside the thermal limit); the loss data's numbers are in it
// unchanged; and its key values lie inside the spread of competitor parts of the same class.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { characterisationFile, characterisationText, generateCharacterisation, zthAt } from "../../server/upstream/models/characterisation.ts";
import { characterisation, type DiodeCharacterisation, type IgbtCharacterisation, type MosfetCharacterisation } from "../../shared/contract/characterisation.ts";
import { crossReferenceContent, type CompetitorPart } from "../../shared/cross-reference/schema.ts";
import type { DiodeLossData, IgbtLossData, LossData, MosfetLossData } from "../../shared/contract/loss-data.ts";

const read = (file: string) => JSON.parse(readFileSync(path.join(shippedContentDir, file), "utf8")) as unknown;
const generated = generateCharacterisation();
const committed = new Map(
  readdirSync(path.join(shippedContentDir, "characterisation")).map((file) => [
    file.replace(/\.json$/, ""),
    readFileSync(path.join(shippedContentDir, "characterisation", file), "utf8"),
  ]),
);
const datasets = [...committed.values()].map((text) => characterisation.parse(JSON.parse(text)));
const mosfets = datasets.filter((dataset): dataset is MosfetCharacterisation => dataset.kind === "mosfet");
const diodes = datasets.filter((dataset): dataset is DiodeCharacterisation => dataset.kind === "diode");
const igbts = datasets.filter((dataset): dataset is IgbtCharacterisation => dataset.kind === "igbt");
const lossData = new Map((read("catalog/loss-data.json") as Array<LossData & { partNumber: string }>).map((row) => [row.partNumber, row]));
const products = new Map((read("catalog/products.json") as Array<{ partNumber: string; params: Record<string, unknown> }>).map((row) => [row.partNumber, row.params]));
const crossReference = crossReferenceContent.parse(read("cross-reference/competitor-parts.json"));
const datasheets = read("documents.json") as Array<{ type: string; pages: { en: string[] } }>;
/** A typical value as the part's datasheet text states it (and as its catalogue row does, where it has the column). */
function stated(part: string, pattern: RegExp, column: string): number {
  const lines = datasheets.find((document) => document.type === "datasheet" && document.pages.en[0]?.startsWith(`${part} - `))!.pages.en;
  const value = Number(lines.map((line) => pattern.exec(line)).find(Boolean)![1]);
  const catalogue = products.get(part)![column];
  if (catalogue !== undefined) expect(catalogue).toBe(value);
  return value;
}

const relative = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-12);
/** x where a curve given at points (xs, ys), ys ascending, reaches y: linear between the points. */
function inverse(xs: number[], ys: number[], y: number): number {
  const index = ys.findIndex((value) => value >= y);
  if (index <= 0) throw new Error(`no point reaches ${y}`);
  const [y0, y1, x0, x1] = [ys[index - 1]!, ys[index]!, xs[index - 1]!, xs[index]!];
  return x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
}
const at = (xs: number[], ys: number[], x: number) => inverse(ys, xs, x);
/** The running trapezoid integral of y over x. */
function integral(xs: number[], ys: number[]): number[] {
  const sums = [0];
  for (let index = 1; index < xs.length; index++) sums.push(sums[index - 1]! + ((ys[index]! + ys[index - 1]!) / 2) * (xs[index]! - xs[index - 1]!));
  return sums;
}

describe("the characterisation datasets as files", () => {
  it("every discrete MOSFET, Schottky diode, SiC MOSFET and IGBT module on sale has one, and the committed files are what the generator writes", () => {
    expect([...committed.keys()].sort()).toEqual([...generated.keys()].sort());
    expect(mosfets.length).toBeGreaterThan(10);
    expect(diodes.length).toBeGreaterThan(5);
    expect(mosfets.filter((dataset) => dataset.module).length).toBeGreaterThan(5);
    expect(igbts.length).toBeGreaterThan(5);
    for (const [part, dataset] of generated) {
      expect(characterisationFile(part)).toBe(`characterisation/${part}.json`);
      expect(committed.get(part), part).toBe(characterisationText(dataset));
    }
  });

  it("a change of the loss data moves the dataset with it, so a committed file that was not regenerated fails the comparison", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "qy-characterisation-"));
    try {
      cpSync(shippedContentDir, dir, { recursive: true });
      const file = path.join(dir, "catalog/loss-data.json");
      const rows = JSON.parse(readFileSync(file, "utf8")) as Array<MosfetLossData & { partNumber: string }>;
      const row = rows.find((candidate) => candidate.partNumber === "QCM040120K4")!;
      // A larger zero-current turn-on energy: more output charge at V_DD.
      row.energies.eOn[0][0] = row.energies.eOn[0][0]! * 1.2;
      writeFileSync(file, JSON.stringify(rows));
      const moved = generateCharacterisation(dir).get("QCM040120K4") as MosfetCharacterisation;
      expect(characterisationText(moved)).not.toBe(committed.get("QCM040120K4"));
      expect(moved.switching.byCurrent.eOn).toEqual(row.energies.eOn);
      expect(relative(moved.keyValues.qoss, ((row.energies.eOn[0][0] as number) * 1e6) / row.switchingRef.v)).toBeLessThan(1e-5);
      expect(characterisationText(generateCharacterisation(dir).get("QCD10120T2")!)).toBe(committed.get("QCD10120T2"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the schema refuses a curve whose axis does not ascend or whose values do not match it", () => {
    const sample = structuredClone(mosfets[0]!);
    sample.capacitance.vds = [...sample.capacitance.vds].reverse();
    expect(characterisation.safeParse(sample).success).toBe(false);
    const short = structuredClone(mosfets[0]!);
    short.output[0]!.id = short.output[0]!.id.slice(1);
    expect(characterisation.safeParse(short).success).toBe(false);
    const extra = structuredClone(mosfets[0]!) as unknown as { output: Array<Record<string, unknown>> };
    extra.output[0]!.unknown = 1;
    expect(characterisation.safeParse(extra).success).toBe(false);
  });
});

describe.each(mosfets.map((dataset) => [dataset.partNumber, dataset] as const))("%s: consistent", (part, data) => {
  const loss = lossData.get(part) as MosfetLossData & { partNumber: string };
  const c = data.conditions;
  const k = data.keyValues;

  it("R_DS(on) is read off the output curves at the datasheet's V_GS and I_D, at 25 °C and hot, and at the other gate voltages as stated", () => {
    const channelVgs = data.output.find((curve) => curve.tj === 25 && relative(inverse(curve.vds, curve.id, c.idRef) / c.idRef, k.rdsOn25 / 1000) < 1e-4)?.vgs;
    expect(channelVgs, "a 25 °C output curve gives R_DS(on)").toBeDefined();
    const curveAt = (tj: number, vgs: number) => data.output.find((curve) => curve.tj === tj && curve.vgs === vgs)!;
    const rdsOn = (tj: number, vgs: number) => (inverse(curveAt(tj, vgs).vds, curveAt(tj, vgs).id, c.idRef) / c.idRef) * 1000;
    expect(relative(rdsOn(c.tjMax, channelVgs!), k.rdsOnHot)).toBeLessThan(1e-4);
    expect(k.rdsOn25).toBe(products.get(part)!.rdson);
    const table = crossReference.qingyun.rdsOn?.find((row) => row.partNumber === part);
    expect(table, "our R_DS(on) at other gate voltages").toBeDefined();
    for (const [row, vgs] of table!.vgs.entries())
      for (const tj of [25, c.tjMax]) {
        const column = table!.tj.indexOf(tj);
        if (column >= 0) expect(relative(rdsOn(tj, vgs), table!.r[row]![column]!), `${vgs} V, ${tj} °C`).toBeLessThan(1e-3);
      }
  });

  it("the transfer curve passes V_GS(th) at its test current, the output curves saturate below it, and the Miller plateau lies on it", () => {
    const cold = data.transfer.find((curve) => curve.tj === 25)!;
    expect(relative(at(cold.vgs, cold.id, k.vgsTh), c.idTh / 1000)).toBeLessThan(1e-3);
    expect(k.vgsTh).toBe(stated(part, /V_GS\(th\) = ([\d.]+) V typ/, "vgsth"));
    for (const curve of data.output) {
      const transfer = data.transfer.find((candidate) => candidate.tj === curve.tj)!;
      const saturation = at(transfer.vgs, transfer.id, curve.vgs);
      // Rising, bending over (each step's slope at most the one before) and below the channel's saturation current.
      const slopes = curve.id.slice(1).map((value, index) => (value - curve.id[index]!) / (curve.vds[index + 1]! - curve.vds[index]!));
      // Six significant digits leave a rounding noise of a few 1e-6 of the current in each slope, visible where
      // the curve is flat (a module's thousand amperes in saturation).
      const noise = (1e-5 * curve.id.at(-1)!) / Math.min(...curve.vds.slice(1).map((v, index) => v - curve.vds[index]!));
      for (const [index, slope] of slopes.entries()) {
        expect(slope).toBeGreaterThan(0);
        if (index > 0) expect(slope).toBeLessThanOrEqual(slopes[index - 1]! * (1 + 1e-3) + noise);
      }
      expect(curve.id.at(-1)!).toBeLessThan(saturation);
    }
    const plateau = data.gateCharge.vgs.find((value, index) => value === data.gateCharge.vgs[index + 1])!;
    expect(relative(inverse(cold.vgs, cold.id, c.gateCharge.id), plateau)).toBeLessThan(0.02);
  });

  it("Q_G is the gate-charge curve's charge at V_GS(on), from V_GS(off), and Q_GS + Q_GD lie inside it", () => {
    const { qg, vgs } = data.gateCharge;
    expect(qg[0]).toBe(0);
    expect(vgs[0]).toBe(c.vgsOff);
    expect(vgs.at(-1)).toBe(c.vgsOn);
    expect(relative(qg.at(-1)!, k.qg)).toBeLessThan(1e-5);
    expect(k.qg).toBe(stated(part, /Q_G = ([\d.]+) nC typ/, "qg"));
    for (let index = 1; index < qg.length; index++) {
      expect(qg[index]!).toBeGreaterThan(qg[index - 1]!);
      expect(vgs[index]!).toBeGreaterThanOrEqual(vgs[index - 1]!);
    }
    expect(k.qgs + k.qgd).toBeLessThan(k.qg);
  });

  it("Q_oss and E_oss are the integrals of C_oss, Q_oss at V_DD is what the loss data's E_on at 0 A implies, C_iss − C_rss is C_GS", () => {
    const { vds, coss, ciss, crss, qoss, eoss } = data.capacitance;
    const charge = integral(vds, coss).map((value) => value * 1e-3); // pF·V → nC
    const energy = integral(
      vds,
      coss.map((value, index) => value * vds[index]!),
    ).map((value) => value * 1e-6); // pF·V² → µJ
    for (const [index, v] of vds.entries()) {
      if (v < 10) continue;
      expect(relative(charge[index]!, qoss[index]!), `Q_oss at ${v} V`).toBeLessThan(0.01);
      expect(relative(energy[index]!, eoss[index]!), `E_oss at ${v} V`).toBeLessThan(0.01);
    }
    const atVdd = vds.indexOf(c.switching.vdd);
    expect(qoss[atVdd]).toBe(k.qoss);
    expect(eoss[atVdd]).toBe(k.eoss);
    expect(coss[atVdd]).toBe(k.coss);
    // mJ/V = 1e6 nC.
    expect(relative(k.qoss, (loss.energies.eOn[0][0]! * 1e6) / c.switching.vdd)).toBeLessThan(1e-5);
    const cgs = ciss.map((value, index) => value - crss[index]!);
    for (const value of cgs) expect(relative(value, cgs[0]!)).toBeLessThan(1e-4);
    for (let index = 1; index < vds.length; index++) expect(coss[index]!).toBeLessThan(coss[index - 1]!);
  });

  it("R_th(j-c) is the sum of the Foster r, Z_th is the network's, and the SOA lies inside the thermal and current limits", () => {
    const sum = data.thermal.foster.reduce((total, pair) => total + pair.r, 0);
    expect(relative(sum, data.thermal.rth)).toBeLessThan(1e-9);
    for (const [index, t] of data.thermal.zth.t.entries()) expect(relative(data.thermal.zth.z[index]!, zthAt(data.thermal.foster, t))).toBeLessThan(1e-5);
    for (const line of data.soa.lines) {
      expect(data.soa.tc).toBe(25);
      const power = (c.tjMax - data.soa.tc) / (line.tp === null ? data.thermal.rth : zthAt(data.thermal.foster, line.tp));
      const limit = line.tp === null ? c.idCont : c.idPulse;
      const products = line.vds.map((v, index) => v * line.id[index]!);
      for (const [index, value] of products.entries()) {
        expect(value).toBeLessThanOrEqual(power * (1 + 1e-5));
        expect(line.id[index]!).toBeLessThanOrEqual(limit);
      }
      expect(line.vds.at(-1)).toBe(c.vRating);
      expect(relative(Math.max(...products), Math.min(power, limit * c.vRating))).toBeLessThan(1e-5);
    }
  });
});

describe.each(mosfets.map((dataset) => [dataset.partNumber, dataset] as const))("%s: one with the loss data", (part, data) => {
  const loss = lossData.get(part) as MosfetLossData & { partNumber: string };
  it("carries the loss data's energies, recovery charge, Foster network, body diode and channel unchanged", () => {
    expect(data.switching.byCurrent).toEqual({ tj: loss.energies.tj, i: loss.energies.i, eOn: loss.energies.eOn, eOff: loss.energies.eOff });
    expect(data.switching.byGate).toEqual(loss.gate);
    expect(data.reverseRecovery).toEqual({ tj: loss.energies.tj, qrr: loss.energies.qrr });
    expect(data.thermal.foster).toEqual(loss.zth);
    expect(data.thermal.rth).toBe(loss.rth);
    expect(data.conditions.switching).toEqual({ vdd: loss.switchingRef.v, id: loss.switchingRef.i, rg: loss.switchingRef.rg, tj: loss.switchingRef.tj });
    for (const [index, tj] of loss.bodyDiode.t.entries()) {
      const curve = data.bodyDiode.find((candidate) => candidate.tj === tj)!;
      for (const [point, i] of curve.isd.entries())
        expect(relative(curve.vsd[point]!, loss.bodyDiode.v0[index]! + (loss.bodyDiode.r[index]! / 1000) * i)).toBeLessThan(1e-5);
    }
    const cold = loss.channel.r[0]!;
    const hot = loss.channel.r.at(-1)!;
    expect([data.keyValues.rdsOn25, data.keyValues.rdsOnHot]).toEqual([cold, hot]);
    // Energies against V_DD and T_j follow the estimator's own rules: (V/V_ref)^k and linear in T_j.
    const ref = data.switching.byVoltage.vdd.indexOf(loss.switchingRef.v);
    expect(data.switching.byVoltage.eOn[ref]).toBe(loss.eOn);
    expect(data.switching.byVoltage.eOff[ref]).toBe(loss.eOff);
    for (const [index, v] of data.switching.byVoltage.vdd.entries())
      expect(relative(data.switching.byVoltage.eOn[index]!, loss.eOn * (v / loss.switchingRef.v) ** loss.kv)).toBeLessThan(1e-5);
    const t = data.switching.byTemperature;
    expect(t.eOn[t.tj.indexOf(loss.switchingRef.tj)]).toBe(loss.eOn);
  });
});

describe.each(diodes.map((dataset) => [dataset.partNumber, dataset] as const))("%s: consistent and one with the loss data", (part, data) => {
  const loss = lossData.get(part) as DiodeLossData & { partNumber: string };
  const params = products.get(part)!;
  it("V_F at the datasheet's I_F at 25 °C and hot, Q_C and E_C the integrals of C_j, R_th the sum of the Foster r", () => {
    const cold = data.forward.find((curve) => curve.tj === 25)!;
    const hot = data.forward.find((curve) => curve.tj === loss.forward.t.at(-1))!;
    expect(relative(inverse(cold.vf, cold.if, data.conditions.ifRef), data.keyValues.vf25)).toBeLessThan(0.01);
    expect(relative(inverse(hot.vf, hot.if, data.conditions.ifRef), data.keyValues.vfHot)).toBeLessThan(0.01);
    expect(data.keyValues.vf25).toBe(params.vf);
    const { vr, cj, qc, ec } = data.capacitance;
    const charge = integral(vr, cj).map((value) => value * 1e-3);
    const energy = integral(
      vr,
      cj.map((value, index) => value * vr[index]!),
    ).map((value) => value * 1e-6);
    for (const [index, v] of vr.entries()) {
      if (v < 10) continue;
      expect(relative(charge[index]!, qc[index]!)).toBeLessThan(0.01);
      expect(relative(energy[index]!, ec[index]!)).toBeLessThan(0.01);
    }
    expect(relative(qc[vr.indexOf(data.conditions.vrQc)]!, data.keyValues.qc)).toBeLessThan(1e-5);
    expect(data.keyValues.qc).toBe(params.qc);
    expect(relative(data.keyValues.qc, loss.qc)).toBeLessThan(1e-9);
    expect(data.thermal.foster).toEqual(loss.zth);
    expect(
      relative(
        data.thermal.foster.reduce((total, pair) => total + pair.r, 0),
        data.thermal.rth,
      ),
    ).toBeLessThan(1e-9);
    for (const [index, tj] of loss.forward.t.entries()) {
      const curve = data.forward.find((candidate) => candidate.tj === tj)!;
      for (const [point, i] of curve.if.entries()) expect(relative(curve.vf[point]!, loss.forward.v0[index]! + (loss.forward.r[index]! / 1000) * i)).toBeLessThan(1e-5);
    }
  });
});

/**
 * An IGBT's output curves rise through the collector's knee (slopes growing) to their steepest step, then bend over
 * (each slope at most the one before) and stay below the saturation current.
 */
function expectSaturating(xs: number[], ys: number[], saturation: number) {
  // Six significant digits leave a rounding noise of a few 1e-6 of the current in each slope, visible where the
  // curve is flat (a module's thousand amperes in saturation).
  const noise = (1e-5 * ys.at(-1)!) / Math.min(...xs.slice(1).map((v, index) => v - xs[index]!));
  const slopes = ys.slice(1).map((value, index) => (value - ys[index]!) / (xs[index + 1]! - xs[index]!));
  const steepest = slopes.indexOf(Math.max(...slopes));
  for (const [index, slope] of slopes.entries()) {
    expect(slope).toBeGreaterThanOrEqual(0);
    if (index > 0 && index <= steepest) expect(slope).toBeGreaterThanOrEqual(slopes[index - 1]! * (1 - 1e-3) - noise);
    if (index > steepest) expect(slope).toBeLessThanOrEqual(slopes[index - 1]! * (1 + 1e-3) + noise);
  }
  expect(ys.at(-1)!).toBeLessThan(saturation);
}

describe.each(igbts.map((dataset) => [dataset.partNumber, dataset] as const))("%s (IGBT module): consistent and one with the loss data", (part, data) => {
  const loss = lossData.get(part) as IgbtLossData & { partNumber: string };
  const c = data.conditions;
  const k = data.keyValues;
  const lineAt = (tj: number) => {
    const index = loss.igbt.t.indexOf(tj);
    return loss.igbt.v0[index]! + (loss.igbt.r[index]! / 1000) * c.icRef;
  };

  it("V_CE(sat) is read off the V_GE(on) output curve at I_C, at 25 °C and hot: the loss data's line, the datasheet's value", () => {
    for (const [tj, datasheet] of [
      [25, k.vceSat25],
      [c.tjHot, k.vceSatHot],
    ] as const) {
      const curve = data.output.find((candidate) => candidate.tj === tj && candidate.vge === c.vgeOn)!;
      const vce = inverse(curve.vce, curve.ic, c.icRef);
      expect(relative(vce, lineAt(tj))).toBeLessThan(1e-4);
      expect(relative(vce, datasheet)).toBeLessThan(0.01);
    }
    expect(k.vceSat25).toBe(stated(part, /V_CE\(sat\) = ([\d.]+) V typ/, "vcesat"));
  });

  it("the transfer curve passes V_GE(th) at its test current, the output curves saturate below it, the Miller plateau lies on it", () => {
    const cold = data.transfer.find((curve) => curve.tj === 25)!;
    expect(relative(at(cold.vge, cold.ic, k.vgeTh), c.icTh / 1000)).toBeLessThan(1e-3);
    expect(k.vgeTh).toBe(stated(part, /V_GE\(th\) = ([\d.]+) V typ/, "vgeth"));
    for (const curve of data.output) {
      const transfer = data.transfer.find((candidate) => candidate.tj === curve.tj)!;
      expectSaturating(curve.vce, curve.ic, at(transfer.vge, transfer.ic, curve.vge));
    }
    const plateau = data.gateCharge.vge.find((value, index) => value === data.gateCharge.vge[index + 1])!;
    expect(relative(inverse(cold.vge, cold.ic, c.gateCharge.ic), plateau)).toBeLessThan(0.02);
  });

  it("Q_G ends the gate-charge curve, Q_oes and E_oes are the integrals of C_oes, Q_oes at V_CC is what E_on at 0 A implies", () => {
    const { qg, vge } = data.gateCharge;
    expect([qg[0], vge[0], vge.at(-1)]).toEqual([0, c.vgeOff, c.vgeOn]);
    expect(relative(qg.at(-1)!, k.qg)).toBeLessThan(1e-5);
    expect(k.qg).toBe(stated(part, /Q_G = ([\d.]+) uC typ/, "qg") * 1000);
    const { vce, coes, cies, cres, qoes, eoes } = data.capacitance;
    const charge = integral(vce, coes).map((value) => value * 1e-3);
    const energy = integral(
      vce,
      coes.map((value, index) => value * vce[index]!),
    ).map((value) => value * 1e-6);
    for (const [index, v] of vce.entries()) {
      if (v < 10) continue;
      expect(relative(charge[index]!, qoes[index]!)).toBeLessThan(0.01);
      expect(relative(energy[index]!, eoes[index]!)).toBeLessThan(0.01);
    }
    expect(relative(k.qoes, (loss.energies.eOn[0][0]! * 1e6) / c.switching.vcc)).toBeLessThan(1e-5);
    for (const [index, value] of cies.entries()) expect(relative(value - cres[index]!, cies[0]! - cres[0]!)).toBeLessThan(1e-4);
  });

  it("carries the loss data's energies, Foster networks and diode unchanged; R_th are the sums; the SOA inside its limits", () => {
    expect(data.switching.byCurrent).toEqual({ tj: loss.energies.tj, i: loss.energies.i, eOn: loss.energies.eOn, eOff: loss.energies.eOff, eRec: loss.energies.eRec });
    expect(data.switching.byGate).toEqual(loss.gate);
    expect(data.thermal.foster).toEqual(loss.zth);
    expect(data.thermalDiode.foster).toEqual(loss.zthDiode);
    for (const [thermal, rth] of [
      [data.thermal, loss.rth],
      [data.thermalDiode, loss.rthDiode],
    ] as const) {
      expect(thermal.rth).toBe(rth);
      expect(
        relative(
          thermal.foster.reduce((total, pair) => total + pair.r, 0),
          rth,
        ),
      ).toBeLessThan(1e-9);
    }
    const ref = data.switching.byVoltage.vcc.indexOf(loss.switchingRef.v);
    expect([data.switching.byVoltage.eOn[ref], data.switching.byVoltage.eOff[ref], data.switching.byVoltage.eRec[ref]]).toEqual([loss.eOn, loss.eOff, loss.eRec]);
    for (const [index, v] of data.switching.byVoltage.vcc.entries())
      expect(relative(data.switching.byVoltage.eRec[index]!, loss.eRec * (v / loss.switchingRef.v) ** loss.kvRec)).toBeLessThan(1e-5);
    for (const [index, tj] of loss.diode.t.entries()) {
      const curve = data.diode.find((candidate) => candidate.tj === tj)!;
      for (const [point, i] of curve.if.entries()) expect(relative(curve.vf[point]!, loss.diode.v0[index]! + (loss.diode.r[index]! / 1000) * i)).toBeLessThan(1e-5);
    }
    expect(relative(inverse(data.diode[0]!.vf, data.diode[0]!.if, c.icRef), k.vf25)).toBeLessThan(0.01);
    for (const line of data.soa.lines) {
      const power = (c.tjHot - data.soa.tc) / (line.tp === null ? data.thermal.rth : zthAt(data.thermal.foster, line.tp));
      const limit = line.tp === null ? c.icNom : c.icPulse;
      const products = line.vds.map((v, index) => v * line.id[index]!);
      for (const [index, value] of products.entries()) {
        expect(value).toBeLessThanOrEqual(power * (1 + 1e-5));
        expect(line.id[index]!).toBeLessThanOrEqual(limit);
      }
      expect(relative(Math.max(...products), Math.min(power, limit * c.vRating))).toBeLessThan(1e-5);
    }
  });
});

// Plausibility. A class is the device type and the rated voltage (within 10 %: 600 V and 650 V parts are one class);
// the figures are independent of die size, so parts of every current rating in the class compare. A spread needs at
// least three competitor values from at least two manufacturers; a figure with fewer is not judged for that class.
interface Figure {
  name: string;
  ours: (data: MosfetCharacterisation | DiodeCharacterisation | IgbtCharacterisation) => number | undefined;
  theirs: (part: CompetitorPart) => number[];
}

const typAt25 = (part: CompetitorPart) =>
  part.onState.find((value) => value.typ !== undefined && (value.tj === 25 || value.tj === null) && value.max === undefined) ??
  part.onState.find((value) => value.typ !== undefined && (value.tj === 25 || value.tj === null));
/** Mean temperature coefficient of an on-state value, (value(T)/value(25 °C) − 1)/(T − 25) (1/K). */
const coefficient = (part: CompetitorPart) => {
  const base = part.onState.find((value) => value.typ !== undefined && value.tj === 25);
  if (!base) return [];
  return part.onState
    .filter((value) => value.typ !== undefined && value.tj !== null && value.tj > 25 && value.vgs === base.vgs && value.i === base.i)
    .map((value) => (value.typ! / base.typ! - 1) / (value.tj! - 25));
};

const mosfetFigures: Figure[] = [
  {
    name: "R_DS(on) max/typ at 25 °C",
    ours: (data) => {
      const loss = lossData.get(data.partNumber) as MosfetLossData;
      return loss.max ? ((loss.max.vOn / loss.max.i) * 1000) / (data as MosfetCharacterisation).keyValues.rdsOn25 : undefined;
    },
    theirs: (part) =>
      part.onState
        .filter((value) => value.typ !== undefined && value.max !== undefined && (value.tj === 25 || value.tj === null))
        .map((value) => value.max! / value.typ!),
  },
  {
    name: "R_DS(on) temperature coefficient (1/K)",
    ours: (data) => {
      const { keyValues, conditions } = data as MosfetCharacterisation;
      return (keyValues.rdsOnHot / keyValues.rdsOn25 - 1) / (conditions.tjMax - 25);
    },
    theirs: coefficient,
  },
  { name: "V_GS(th) (V)", ours: (data) => (data as MosfetCharacterisation).keyValues.vgsTh, theirs: (part) => (part.vgsTh ? [part.vgsTh.typ] : []) },
  {
    name: "Q_G·R_DS(on) (nC·mΩ)",
    ours: (data) => (data as MosfetCharacterisation).keyValues.qg * (data as MosfetCharacterisation).keyValues.rdsOn25,
    theirs: (part) => (part.qg && typAt25(part) ? [part.qg.value * typAt25(part)!.typ!] : []),
  },
  {
    name: "R_th(j-c)/R_DS(on) (K/W per mΩ)",
    ours: (data) => (data as MosfetCharacterisation).keyValues.rth / (data as MosfetCharacterisation).keyValues.rdsOn25,
    theirs: (part) => (part.rth && typAt25(part) ? [part.rth.value / typAt25(part)!.typ!] : []),
  },
];

/** A diode's size: the current of its V_F line (its rated current in every datasheet of the class). */
const diodeSize = (part: CompetitorPart) => part.onState.find((value) => value.tj === 25 && value.typ !== undefined && value.i !== undefined);
const diodeFigures: Figure[] = [
  {
    name: "V_F at 25 °C and the rated current (V)",
    ours: (data) => (data as DiodeCharacterisation).keyValues.vf25,
    theirs: (part) => (diodeSize(part) ? [diodeSize(part)!.typ!] : []),
  },
  {
    name: "V_F temperature coefficient (1/K)",
    ours: (data) => {
      const { keyValues, conditions } = data as DiodeCharacterisation;
      return (keyValues.vfHot / keyValues.vf25 - 1) / (conditions.tjMax - 25);
    },
    theirs: coefficient,
  },
  {
    name: "Q_C per ampere (nC/A)",
    ours: (data) => (data as DiodeCharacterisation).keyValues.qc / (data as DiodeCharacterisation).conditions.ifRef,
    theirs: (part) => (part.qc && diodeSize(part) ? [part.qc.value / diodeSize(part)!.i!] : []),
  },
  {
    name: "I_FSM per ampere",
    ours: (data) => {
      const ifsm = products.get(data.partNumber)!.ifsm;
      return typeof ifsm === "number" ? ifsm / (data as DiodeCharacterisation).conditions.ifRef : undefined;
    },
    theirs: (part) => (part.ifsm && diodeSize(part) ? [part.ifsm.value / diodeSize(part)!.i!] : []),
  },
  {
    name: "R_th(j-c)·I_F (K/W·A)",
    ours: (data) => (data as DiodeCharacterisation).keyValues.rth * (data as DiodeCharacterisation).conditions.ifRef,
    theirs: (part) => (part.rth && diodeSize(part) ? [part.rth.value * diodeSize(part)!.i!] : []),
  },
];

/** An IGBT module's size: the current of its V_CE(sat) line (its nominal current in every datasheet of the class). */
const igbtSize = (part: CompetitorPart) => part.onState.find((value) => value.kind === "vceSat" && value.tj === 25 && value.typ !== undefined && value.i !== undefined);
const igbtFigures: Figure[] = [
  {
    name: "V_CE(sat) at 25 °C and the nominal current (V)",
    ours: (data) => (data as IgbtCharacterisation).keyValues.vceSat25,
    theirs: (part) => (igbtSize(part) ? [igbtSize(part)!.typ!] : []),
  },
  {
    name: "V_CE(sat) max/typ at 25 °C",
    ours: (data) => {
      const loss = lossData.get(data.partNumber) as IgbtLossData;
      return loss.max ? loss.max.vOn / (data as IgbtCharacterisation).keyValues.vceSat25 : undefined;
    },
    theirs: (part) =>
      part.onState
        .filter((value) => value.kind === "vceSat" && value.typ !== undefined && value.max !== undefined && value.tj === 25)
        .map((value) => value.max! / value.typ!),
  },
  {
    name: "V_CE(sat) temperature coefficient (1/K)",
    ours: (data) => {
      const { keyValues, conditions } = data as IgbtCharacterisation;
      return (keyValues.vceSatHot / keyValues.vceSat25 - 1) / (conditions.tjHot - 25);
    },
    theirs: coefficient,
  },
  { name: "V_GE(th) (V)", ours: (data) => (data as IgbtCharacterisation).keyValues.vgeTh, theirs: (part) => (part.vgsTh ? [part.vgsTh.typ] : []) },
  {
    name: "Q_G per ampere (nC/A)",
    ours: (data) => (data as IgbtCharacterisation).keyValues.qg / (data as IgbtCharacterisation).conditions.icRef,
    theirs: (part) => (part.qg && igbtSize(part) ? [part.qg.value / igbtSize(part)!.i!] : []),
  },
];

/**
 * Our values outside their class's spread, each a finding about the content the dataset carries unchanged (the
 * catalogue and the loss data are the authority for them): listed in the decision, and each must still be outside,
 * so a corrected value leaves this list.
 */
const outsideTheSpread = new Set<string>([
  ...["QSM050120FP2", "QSM100120NP2", "QSM150120H34", "QSM300120H62", "QSM400120H62", "QSM400120SHP", "QSM600120HE3"].map(
    (part) => `${part}: R_DS(on) temperature coefficient (1/K)`,
  ),
]);

function spread(type: CompetitorPart["deviceType"], voltage: number, figure: Figure) {
  const values: number[] = [];
  const makers = new Set<string>();
  for (const part of crossReference.parts) {
    if (part.deviceType !== type || Math.abs(part.ratings.v.value - voltage) > 0.1 * voltage) continue;
    const found = figure.theirs(part);
    if (found.length > 0) makers.add(part.manufacturer);
    values.push(...found);
  }
  return values.length >= 3 && makers.size >= 2 ? { min: Math.min(...values), max: Math.max(...values), count: values.length } : null;
}

describe("plausibility against competitor parts of the same class (cross-reference content)", () => {
  const cases = [
    ...mosfets.map((data) => ({ data, type: data.module ? ("sic-module" as const) : ("sic-mosfet" as const), figures: mosfetFigures })),
    ...diodes.map((data) => ({ data, type: "sic-diode" as const, figures: diodeFigures })),
    ...igbts.map((data) => ({ data, type: "igbt-module" as const, figures: igbtFigures })),
  ];
  it("every judged key value lies inside its class's spread, the listed findings apart", () => {
    const outside: string[] = [];
    const inside: string[] = [];
    const judged = new Map<string, number>();
    for (const { data, type, figures } of cases)
      for (const figure of figures) {
        const range = spread(type, data.conditions.vRating, figure);
        const value = figure.ours(data);
        if (!range || value === undefined) continue;
        judged.set(type, (judged.get(type) ?? 0) + 1);
        const key = `${data.partNumber}: ${figure.name}`;
        if (value < range.min * (1 - 1e-9) || value > range.max * (1 + 1e-9))
          outside.push(`${key} = ${value.toPrecision(3)} outside ${range.min.toPrecision(3)}–${range.max.toPrecision(3)} (${range.count} values)`);
        else inside.push(key);
      }
    // Every kind is judged (the counts of the figures its parts have spreads for).
    expect(Object.fromEntries(judged)).toEqual({
      "sic-mosfet": expect.any(Number),
      "sic-module": expect.any(Number),
      "sic-diode": expect.any(Number),
      "igbt-module": expect.any(Number),
    });
    // The 650 V and 1700 V IGBT modules' competitors are one manufacturer's: the 1200 V ones are judged on every figure.
    expect(judged.get("igbt-module")).toBe(igbts.filter((data) => data.conditions.vRating === 1200).length * igbtFigures.length);
    expect(outside.filter((line) => !outsideTheSpread.has(line.split(" = ")[0]!))).toEqual([]);
    expect([...outsideTheSpread].filter((key) => inside.includes(key))).toEqual([]);
  });

  it("judges every figure for the 1200 V classes the cross-reference holds most parts of", () => {
    for (const figure of mosfetFigures) expect(spread("sic-mosfet", 1200, figure), figure.name).not.toBeNull();
    for (const figure of igbtFigures) expect(spread("igbt-module", 1200, figure), figure.name).not.toBeNull();
    // The 1200 V diodes' Q_C and R_th are stated by one manufacturer only: not a spread.
    for (const figure of [diodeFigures[0]!, diodeFigures[1]!, diodeFigures[3]!]) expect(spread("sic-diode", 1200, figure), figure.name).not.toBeNull();
  });
});

/** Rows of an RFC 4180 file with a header, as records (quoted fields may hold commas and doubled quotes). */
function readCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else field += char;
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]!])));
}

describe("the model pack's curves CSV carries the dataset's curves", () => {
  const discrete = [...mosfets.filter((data) => !data.module), ...diodes];
  it.each(discrete.map((data) => [data.partNumber, data] as const))("%s", (part, data) => {
    const records = readCsv(readFileSync(path.join(shippedContentDir, "models", part, MODEL_VERSION, `${part}.curves.csv`), "utf8"));
    const points = (curve: string, filter: (record: Record<string, string>) => boolean = () => true) =>
      records.filter((record) => record.curve === curve && filter(record)).map((record) => [Number(record.x), Number(record.y)]);
    const pairs = (xs: number[], ys: number[]) => xs.map((x, index) => [x, ys[index]!]);
    if (data.kind === "diode") {
      expect(points("junction capacitance against reverse voltage")).toEqual(pairs(data.capacitance.vr, data.capacitance.cj));
      expect(points("capacitive charge against reverse voltage")).toEqual(pairs(data.capacitance.vr, data.capacitance.qc));
      return;
    }
    expect(points("output capacitance against drain-source voltage")).toEqual(pairs(data.capacitance.vds, data.capacitance.coss));
    expect(points("output capacitance stored energy against drain-source voltage")).toEqual(pairs(data.capacitance.vds, data.capacitance.eoss));
    expect(points("gate charge")).toEqual(pairs(data.gateCharge.qg, data.gateCharge.vgs));
    for (const curve of data.output)
      expect(points("output characteristic at several gate voltages", (record) => Number(record.t_j_degC) === curve.tj && Number(record.v_gs_V) === curve.vgs)).toEqual(
        pairs(curve.vds, curve.id),
      );
    const soa = records.filter((record) => record.curve!.startsWith("safe operating area"));
    expect(new Set(soa.map((record) => record.curve)).size).toBe(data.soa.lines.length);
  });
});
