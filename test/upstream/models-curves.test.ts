// Each part's curves as CSV, read back as a spreadsheet would (RFC 4180, the header naming the columns) and checked
// against the pack's other files, not against the code that wrote it: the output and forward characteristics against
// the PLECS conduction table, a MOSFET's energies against the machine-readable datasheet, the Foster rows against the
// PLECS thermal network, and the thermal impedance rising to R_th(j-c) (the sum of the network's R) for long pulses.
import { describe, expect, it } from "vitest";
import { createModelStore } from "../../server/upstream/models/store.ts";
import { MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { readModuleInputs } from "../../server/upstream/models/module-inputs.ts";

const store = createModelStore();
/** The modules' files hold two devices' curves (module.ts): checked apart, below. */
const modules = readModuleInputs();
const moduleParts = new Set(modules.map((input) => input.partNumber));

/** RFC 4180: fields split on commas outside double quotes, "" an escaped quote, CRLF between records. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => {
      const fields: string[] = [];
      let field = "";
      let quoted = false;
      for (let index = 0; index < line.length; index++) {
        const char = line[index]!;
        if (quoted && char === '"' && line[index + 1] === '"') {
          field += '"';
          index++;
        } else if (char === '"') quoted = !quoted;
        else if (char === "," && !quoted) {
          fields.push(field);
          field = "";
        } else field += char;
      }
      fields.push(field);
      return fields;
    });
}

/** The numbers between <tag> and </tag>, each match a list. */
const xmlRows = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((match) => match[1]!.trim().split(/\s+/).map(Number));

function read(part: string) {
  const text = (name: string) => store.file(part, MODEL_VERSION, `${part}${name}`)?.read().toString("utf8");
  const csv = text(".curves.csv");
  expect(csv, part).toBeDefined();
  const [header, ...rows] = parseCsv(csv!);
  for (const row of rows) expect(row.length, `${part}: ${row.join(",")}`).toBe(header!.length);
  const records = rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
  const curve = (name: string, filter: (record: Record<string, string>) => boolean = () => true) => records.filter((record) => record.curve === name && filter(record));
  return { records, curve, plecs: text(".plecs.xml")!, tdb: text(".tdb.json") };
}

describe("the curves as CSV", () => {
  const parts = store.parts().filter((part) => !moduleParts.has(part));

  it("has one file per part at the current version, listed with the part's other files", () => {
    expect(parts.length).toBeGreaterThanOrEqual(20);
    for (const part of parts)
      expect(
        store.forPart(part).map((file) => file.kind),
        part,
      ).toContain("csv");
  });

  it("gives the PLECS conduction table's points at every temperature", () => {
    for (const part of parts) {
      const { curve, plecs } = read(part);
      const name = plecs.includes('type="MOSFET"') ? "output characteristic" : "forward characteristic";
      const [currents] = xmlRows(plecs.slice(plecs.indexOf("<ConductionLoss>")), "CurrentAxis");
      const [temperatures] = xmlRows(plecs.slice(plecs.indexOf("<ConductionLoss>")), "TemperatureAxis");
      const drops = xmlRows(plecs.slice(plecs.indexOf("<VoltageDrop")), "Temperature");
      temperatures!.forEach((tj, index) => {
        const points = curve(name, (record) => Number(record.t_j_degC) === tj);
        expect(
          points.map((point) => Number(point.y)),
          `${part} ${tj} °C`,
        ).toEqual(currents);
        // A MOSFET's PLECS table is the channel from its first current; at 0 A both are 0 V.
        points.forEach((point, at) => void expect(Number(point.x)).toBeCloseTo(drops[index]![at]!, 4));
      });
    }
  });

  it("gives a MOSFET's switching energies as its machine-readable datasheet states them (J there, mJ here)", () => {
    for (const part of parts) {
      const { curve, tdb } = read(part);
      if (!tdb) continue;
      const data = JSON.parse(tdb) as {
        switch: Record<"e_on" | "e_off", Array<{ t_j: number; r_g: number | null; i_x: number | null; graph_i_e: number[][] | null; graph_r_e: number[][] | null }>>;
      };
      for (const [key, label] of [
        ["e_on", "turn-on"],
        ["e_off", "turn-off"],
      ] as const) {
        // The energies against current and gate resistance (the file's entries against T_j and its single points at
        // other voltages are the characterisation dataset's, compared in models-tdb.test.ts).
        const sets = data.switch[key].filter((set) => set.graph_i_e || set.graph_r_e);
        expect(sets.length, `${part} ${key}`).toBeGreaterThanOrEqual(2);
        for (const set of sets) {
          const byCurrent = Boolean(set.graph_i_e);
          const points = curve(`${label} energy against ${byCurrent ? "drain current" : "external gate resistance"}`, (record) => Number(record.t_j_degC) === set.t_j);
          const graph = (set.graph_i_e ?? set.graph_r_e)!;
          expect(
            points.map((point) => Number(point.x)),
            `${part} ${key}`,
          ).toEqual(graph[0]);
          points.forEach((point, at) => void expect(Number(point.y) / 1000).toBeCloseTo(graph[1]![at]!, 9));
        }
      }
    }
  });

  it("gives the Foster network of the PLECS file, and a thermal impedance that rises to its R_th(j-c)", () => {
    for (const part of parts) {
      const { curve, plecs } = read(part);
      const network = [...plecs.matchAll(/<RTauElement R="([^"]+)" Tau="([^"]+)"\/>/g)].map((match) => ({ r: Number(match[1]), tau: Number(match[2]) }));
      const foster = curve("thermal network (Foster), R_i against tau_i");
      expect(
        foster.map((row) => [Number(row.x), Number(row.y)]),
        part,
      ).toEqual(network.map(({ r, tau }) => [tau, r]));
      const zth = curve("transient thermal impedance, single pulse").map((row) => [Number(row.x), Number(row.y)] as const);
      expect(zth.length).toBeGreaterThan(20);
      for (let index = 1; index < zth.length; index++) expect(zth[index]![1], `${part} at ${zth[index]![0]} s`).toBeGreaterThanOrEqual(zth[index - 1]![1]);
      const rth = network.reduce((sum, { r }) => sum + r, 0);
      // 10 s is many times every τ of a discrete part's network: the curve has reached R_th(j-c).
      expect(zth.at(-1)![1]).toBeCloseTo(rth, 3);
      // For a pulse far shorter than every τ, each stage is still linear in t: Z ≈ t·Σ R_i/τ_i.
      const [t0, z0] = zth[0]!;
      expect(z0 / (t0 * network.reduce((sum, { r, tau }) => sum + r / tau, 0))).toBeCloseTo(1, 2);
    }
  });
});

describe("an IGBT module's curves as CSV", () => {
  it("give each device's conduction table and Foster network of the PLECS file: the IGBT's, then the diode's", () => {
    expect(modules.filter((input) => input.kind === "igbtModule").length).toBeGreaterThanOrEqual(8);
    for (const input of modules) {
      if (input.kind !== "igbtModule") continue;
      const part = input.partNumber;
      const { curve, plecs } = read(part);
      const [igbt, diode] = plecs.split("</Package>");
      for (const [xml, name, prefix] of [
        [igbt!, "IGBT output characteristic", "IGBT"],
        [diode!, "diode forward characteristic", "diode"],
      ] as const) {
        const conduction = xml.slice(xml.indexOf("<ConductionLoss>"));
        const [currents] = xmlRows(conduction, "CurrentAxis");
        const [temperatures] = xmlRows(conduction, "TemperatureAxis");
        const drops = xmlRows(xml.slice(xml.indexOf("<VoltageDrop")), "Temperature");
        temperatures!.forEach((tj, index) => {
          const points = curve(name, (record) => Number(record.t_j_degC) === tj);
          expect(
            points.map((point) => Number(point.y)),
            `${part} ${name} ${tj} °C`,
          ).toEqual(currents);
          points.forEach((point, at) => void expect(Number(point.x)).toBeCloseTo(drops[index]![at]!, 4));
        });
        const network = [...xml.matchAll(/<RTauElement R="([^"]+)" Tau="([^"]+)"\/>/g)].map((match) => ({ r: Number(match[1]), tau: Number(match[2]) }));
        expect(
          curve(`${prefix} thermal network (Foster), R_i against tau_i`).map((row) => [Number(row.x), Number(row.y)]),
          `${part} ${prefix}`,
        ).toEqual(network.map(({ r, tau }) => [tau, r]));
        const zth = curve(`${prefix} transient thermal impedance, single pulse`).map((row) => Number(row.y));
        expect(zth.at(-1)).toBeCloseTo(
          network.reduce((sum, { r }) => sum + r, 0),
          3,
        );
      }
      // The diode's recovery energy at the reference is the loss data's E_rec.
      const ref = input.loss.switchingRef;
      const recovery = curve("diode reverse-recovery energy against collector current", (record) => Number(record.t_j_degC) === ref.tj);
      expect(Number(recovery.find((record) => Number(record.x) === ref.i)?.y)).toBe(input.loss.eRec);
    }
  });
});
