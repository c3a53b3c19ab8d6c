// The estimator's loss and thermal data (catalog/loss-data.json): read and checked against the catalog at
// start, and printed into each part's datasheet PDF so the PDF and the estimate rest on the same numbers.
import { z } from "zod";
import { lossData, type LossData, type OnState } from "../../../shared/contract/loss-data.ts";
import type { CategoryFile, ProductFile } from "./schema.ts";

/** The file's rows: a part number plus the contract's loss data (checked per row below, so errors name the part). */
export const lossDataFile = z.array(z.looseObject({ partNumber: z.string().regex(/^[A-Z0-9-]+$/) }));

/** The blocking-voltage columns of the families whose parts get an estimate (gate drivers have none). */
const powerDeviceFields = ["vds", "vrrm", "vces"];

/** Whether a product's family is a power device family (it has a blocking-voltage column). */
function takesLossData(product: ProductFile, categories: CategoryFile[]): boolean {
  const byId = new Map(categories.map((category) => [category.id, category]));
  let node = byId.get(product.parentId);
  while (node && node.parentId !== null) node = byId.get(node.parentId);
  return (node?.paramTable ?? []).some((column) => powerDeviceFields.includes(column.fieldId));
}

/** Product id → loss data; throws (naming the part) when a power device lacks data or a part is unknown. */
export function lossDataByProduct(entries: z.output<typeof lossDataFile>, products: ProductFile[], categories: CategoryFile[]): Map<number, LossData> {
  const byPart = new Map<string, LossData>();
  for (const { partNumber, ...data } of entries) {
    if (byPart.has(partNumber)) throw new Error(`Content file catalog/loss-data.json: ${partNumber} appears twice`);
    const parsed = lossData.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`Content file catalog/loss-data.json: ${partNumber}: ${issue.path.join(".")}: ${issue.message}`);
    }
    byPart.set(partNumber, parsed.data);
  }
  const result = new Map<number, LossData>();
  for (const product of products) {
    const data = byPart.get(product.partNumber);
    byPart.delete(product.partNumber);
    if (takesLossData(product, categories)) {
      if (!data) throw new Error(`Content file catalog/loss-data.json: power device ${product.partNumber} has no loss data`);
      result.set(product.id, data);
    } else if (data) {
      throw new Error(`Content file catalog/loss-data.json: ${product.partNumber} is not a power device`);
    }
  }
  const unknown = [...byPart.keys()];
  if (unknown.length) throw new Error(`Content file catalog/loss-data.json: unknown part ${unknown.join(", ")}`);
  return result;
}

const fmt = (value: number) => String(Number(value.toPrecision(4)));
const onStateLine = (name: string, curve: OnState, v0Name: string, rName: string) =>
  `${name}: ${curve.t.map((t, index) => `${v0Name} = ${fmt(curve.v0[index]!)} V, ${rName} = ${fmt(curve.r[index]!)} mOhm at Tj = ${t} deg C`).join("; ")} (linear between these points)`;
/** The E(I) curves at the two temperatures: each energy at each current (linear between the points). */
const energyLine = (table: { tj: [number, number]; i: number[]; eOn: [number[], number[]]; eOff: [number[], number[]]; eRec?: [number[], number[]] }) =>
  `Switching energy against current (other conditions as above, linear between the points): ${table.tj
    .map(
      (tj, row) =>
        `at Tj = ${tj} deg C: ${table.i
          .map((i, index) => `I = ${fmt(i)} A: E_on = ${fmt(table.eOn[row]![index]!)} mJ, E_off = ${fmt(table.eOff[row]![index]!)} mJ${table.eRec ? `, E_rec = ${fmt(table.eRec[row]![index]!)} mJ` : ""}`)
          .join("; ")}`,
    )
    .join("; ")}`;
/** The E(R_G) curves at the switching reference: each energy at each gate resistance. */
const gateLine = (gate: { rg: number[]; eOn: number[]; eOff: number[]; eRec?: number[] }) =>
  `Switching energy against gate resistance (other conditions as above): ${gate.rg
    .map((rg, index) => `R_G = ${fmt(rg)} Ohm: E_on = ${fmt(gate.eOn[index]!)} mJ, E_off = ${fmt(gate.eOff[index]!)} mJ${gate.eRec ? `, E_rec = ${fmt(gate.eRec[index]!)} mJ` : ""}`)
    .join("; ")}`;

/** The thermal interface the estimator adds for a heat-sink temperature, or uses for a pin-fin module's baseplate. */
function interfaceText(data: LossData): string {
  if (data.rthCase !== undefined) return `; R_th(j-c) to the pin-fin baseplate = ${fmt(data.rthCase)} K/W`;
  if (data.rthCh === undefined) return "";
  const diode = data.rthChDiode === undefined ? "" : ` per IGBT, ${fmt(data.rthChDiode)} K/W per diode`;
  return `; interface to the heat sink with the recommended thermal grease R_th(c-h) = ${fmt(data.rthCh)} K/W${diode}`;
}

/** The Foster network of Z_th: its pairs. */
const fosterText = (name: string, network: Array<{ r: number; tau: number }> | undefined) =>
  network ? `- Transient thermal impedance ${name} as a Foster network (r_i, tau_i): ${network.map((pair) => `${fmt(pair.r)} K/W, ${fmt(pair.tau * 1000)} ms`).join("; ")}` : null;

/** The datasheet section of the loss data (English, the PDF's language). */
export function lossDataParagraphs(data: LossData): string[] {
  const rthName = data.rthRef === "fluid" ? "R_th(j-f)" : "R_th(j-c)";
  const tcName = data.rthRef === "fluid" ? "T_F (coolant)" : "T_C";
  const lines = ["## Loss and thermal data for estimation"];
  const threeLevel = data.threeLevel ? " In the three-level NPC topology each device commutates half the DC-link voltage." : "";
  lines.push(
    `These typical values are the inputs of the online loss and junction-temperature estimator on www.qingyun-power.com. They are for first comparisons only; the characteristics and limits in this datasheet govern.${threeLevel}`,
  );
  // The estimate judges a part by its rated voltage, T_j,max and pulsed current (the continuous rating is listed
  // for reference: it says nothing about a sine's peak).
  const pulse = data.ratings.iPulse === undefined ? "no pulsed-current rating given (current judged by Tj alone)" : `pulsed current ${fmt(data.ratings.iPulse)} A (IFSM, 10 ms)`;
  const ratings = `Ratings the estimate is judged against: V = ${fmt(data.ratings.v)} V; Tj,max = ${data.ratings.tjMax} deg C; ${pulse}. Continuous I = ${fmt(data.ratings.i)} A at ${tcName} = ${data.ratings.tc} deg C`;
  if (data.kind === "mosfet") {
    const ref = data.switchingRef;
    lines.push(
      `- ${onStateLine("Channel", data.channel, "V0", "R_DS(on)")}`,
      `- Switching energy at V_DD = ${fmt(ref.v)} V, I_D = ${fmt(ref.i)} A, R_G(ext) = ${fmt(ref.rg)} Ohm, Tj = ${ref.tj} deg C: E_on = ${fmt(data.eOn)} mJ (including the body-diode recovery of the opposite switch), E_off = ${fmt(data.eOff)} mJ; voltage exponent k = ${fmt(data.kv)}`,
      `- ${energyLine(data.energies)}; body-diode Q_rr at the reference current = ${fmt(data.energies.qrr[0])} nC at Tj = ${data.energies.tj[0]} deg C, ${fmt(data.energies.qrr[1])} nC at Tj = ${data.energies.tj[1]} deg C`,
      `- ${gateLine(data.gate)}`,
      `- Recommended dead time ${fmt(data.deadTime)} ns (the body diode conducts in it)`,
      `- Body diode: V_SD = ${fmt(data.bodyDiode.vSd)} V at I_SD = ${fmt(data.bodyDiode.iSd)} A; ${onStateLine("model", data.bodyDiode, "V_SD0", "r_SD")}; Q_rr = ${fmt(data.bodyDiode.qrr)} nC`,
      `- Thermal resistance ${rthName} = ${fmt(data.rth)} K/W${interfaceText(data)}`,
      `- ${ratings}`,
    );
  } else if (data.kind === "diode") {
    lines.push(
      `- ${onStateLine("Forward", data.forward, "V_F0", "r_F")}`,
      `- Capacitive charge Q_C = ${fmt(data.qc)} nC at V_R = ${fmt(data.vQc)} V; capacitive switching energy scaled with (V/V_R)^${fmt(data.kv)}`,
      `- Thermal resistance ${rthName} = ${fmt(data.rth)} K/W${interfaceText(data)}`,
      `- ${ratings}`,
    );
  } else {
    const ref = data.switchingRef;
    lines.push(
      `- ${onStateLine("IGBT", data.igbt, "V_CE0", "r_CE")}`,
      `- ${onStateLine("Diode", data.diode, "V_F0", "r_F")}`,
      `- Switching energy at V_CC = ${fmt(ref.v)} V, I_C = ${fmt(ref.i)} A, R_G = ${fmt(ref.rg)} Ohm, Tvj = ${ref.tj} deg C: E_on = ${fmt(data.eOn)} mJ, E_off = ${fmt(data.eOff)} mJ, diode E_rec = ${fmt(data.eRec)} mJ; voltage exponents k = ${fmt(data.kv)} (IGBT), ${fmt(data.kvRec)} (diode)`,
      `- ${energyLine(data.energies)}`,
      `- ${gateLine(data.gate)}`,
      `- Thermal resistance R_th(j-c) = ${fmt(data.rth)} K/W per IGBT, ${fmt(data.rthDiode)} K/W per diode${interfaceText(data)}`,
      `- ${ratings}`,
    );
  }
  lines.push(...[fosterText(data.kind === "igbt" ? "Z_th per IGBT" : "Z_th", data.zth), data.kind === "igbt" ? fosterText("Z_th per diode", data.zthDiode) : null].filter((line): line is string => line !== null));
  if (data.max) lines.push(`- ${maxLine(data)}`);
  return lines;
}

/** The maximum on-state value of the worst case, as the datasheet's characteristics table states it. */
function maxLine(data: LossData): string {
  const max = data.max!;
  const at = `at ${data.kind === "mosfet" ? "I_D" : data.kind === "igbt" ? "I_C" : "I_F"} = ${fmt(max.i)} A, Tj = 25 deg C`;
  const value =
    data.kind === "mosfet" ? `R_DS(on),max = ${fmt((max.vOn / max.i) * 1000)} mOhm` : data.kind === "igbt" ? `V_CE(sat),max = ${fmt(max.vOn)} V` : `V_F,max = ${fmt(max.vOn)} V`;
  const energies = [max.eSwitch === undefined ? null : `E_on + E_off max = ${fmt(max.eSwitch)} mJ`, max.eRec === undefined ? null : `E_rec max = ${fmt(max.eRec)} mJ`].filter(Boolean);
  return `Worst case (maximum values): ${value} ${at}${energies.length ? `; ${energies.join(", ")}` : ""}`;
}
