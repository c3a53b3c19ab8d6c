// The model pack as files: every discrete part on sale has its ngspice netlist and PLECS thermal description at
// the current version, the committed files are exactly what the generators write from today's content (so
// they cannot drift from the loss data or the datasheets), the ngspice files hold no PSpice-only syntax, and
// each PLECS file is structurally sound and carries the loss data's own numbers.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { readModelInputs, type ModelInput } from "../../server/upstream/models/inputs.ts";
import { readModuleInputs } from "../../server/upstream/models/module-inputs.ts";
import { moduleSwitchingFitOf, moduleSwitchingFitReached } from "../../server/upstream/models/module-switching-fit.ts";
import { generateModelPack, MODEL_DATE, MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { modelVersionsFile } from "../../server/upstream/models/store.ts";
import { currentStateUrl } from "../../shared/contract/models.ts";
import { atVoltage, conductionCurrents, VENDOR, voltageAxis } from "../../server/upstream/models/plecs.ts";

const modelsDir = path.join(shippedContentDir, "models");
const inputs = readModelInputs();
const modules = readModuleInputs();
const committed = (part: string, file: string) => readFileSync(path.join(modelsDir, part, MODEL_VERSION, file), "utf8");
// Reading the committed files only for what the generator keeps as published: a machine-readable datasheet's
// lifecycle once the part has left that state (pack.ts), checked there against the content's history.
const pack = generateModelPack(undefined, committed);

/**
 * Lines of a netlist that ngspice, loaded without a compatibility mode, rejects or reads differently: PSpice's
 * IF() function, PARAMS: on .subckt/X lines, its {…} expression braces on B sources' TABLE, .FUNC, .LIB sections
 * ngspice would need named, VALUE=/TABLE forms of E/G sources, the ** operator in old LTspice files, and an .ENDS
 * without a matching .SUBCKT (or a .SUBCKT left open).
 */
function pspiceOnlySyntax(text: string): string[] {
  const problems: string[] = [];
  let open: string | null = null;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    if (line.startsWith("*") || line === "") return;
    const code = line.split(";")[0]!;
    if (/\bif\s*\(/i.test(code)) problems.push(`${where}: IF()`);
    if (/\bparams\s*:/i.test(code)) problems.push(`${where}: PARAMS:`);
    if (/^\.func\b/i.test(code)) problems.push(`${where}: .FUNC`);
    if (/^[eg]\w*\s.*\b(value|table)\s*=?\s*\{/i.test(code)) problems.push(`${where}: VALUE/TABLE source`);
    if (/\*\*/.test(code)) problems.push(`${where}: ** power operator`);
    if (/^\.(lib|endl)\b/i.test(code)) problems.push(`${where}: .LIB section`);
    if (/^\.(protect|unprotect|encrypt)/i.test(code) || /\$CDNENC|\bencrypted\b/i.test(code)) problems.push(`${where}: encrypted`);
    const subckt = /^\.subckt\s+(\S+)/i.exec(code);
    if (subckt) {
      if (open) problems.push(`${where}: .SUBCKT inside ${open}`);
      open = subckt[1]!;
    }
    const ends = /^\.ends\b\s*(\S*)/i.exec(code);
    if (ends) {
      if (!open) problems.push(`${where}: stray .ENDS`);
      else if (ends[1] && ends[1].toLowerCase() !== open.toLowerCase()) problems.push(`${where}: .ENDS ${ends[1]} closes ${open}`);
      open = null;
    }
  });
  if (open) problems.push(`.SUBCKT ${open} never closed`);
  return problems;
}

describe("the model pack's files", () => {
  it("covers every discrete SiC MOSFET and Schottky diode and every IGBT module on sale, at the current version", () => {
    expect(modules.filter((input) => input.kind === "igbtModule").length).toBeGreaterThanOrEqual(8);
    expect(inputs.filter((input) => input.kind === "mosfet").length).toBeGreaterThanOrEqual(13);
    expect(inputs.filter((input) => input.kind === "diode").length).toBeGreaterThanOrEqual(10);
    // validation/ holds the ngspice reports (models-ngspice.test.ts), the other folders are parts.
    const parts = readdirSync(modelsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== "validation");
    expect(parts.map((entry) => entry.name).sort()).toEqual([...inputs, ...modules].map((input) => input.partNumber).sort());
    // Every version folder is a published version, with its date: the current one among them.
    const versions = modelVersionsFile.parse(JSON.parse(readFileSync(path.join(modelsDir, "versions.json"), "utf8")));
    expect(versions.map((entry) => entry.version)).toContain(MODEL_VERSION);
    expect(versions.find((entry) => entry.version === MODEL_VERSION)?.date).toBe(MODEL_DATE);
    for (const part of parts)
      for (const version of readdirSync(path.join(modelsDir, part.name)))
        expect(
          versions.map((entry) => entry.version),
          `${part.name}/${version}`,
        ).toContain(version);
  });

  it("are exactly what the generators write from today's content", () => {
    for (const [part, files] of pack) {
      for (const file of files) expect(committed(part, file.fileName), `${part}/${MODEL_VERSION}/${file.fileName}`).toBe(file.text);
    }
  });
});

describe("a machine-readable datasheet's lifecycle after the part moved on", () => {
  it("keeps the dates and replacement it published, refuses a published state the history contradicts, and has only the day without one", () => {
    // A content where QCM040120K4 was NRND on the version's day and went into a last-time buy since: the
    // content keeps the NRND state's day only.
    const dir = mkdtempSync(path.join(tmpdir(), "qy-pack-lifecycle-"));
    try {
      cpSync(shippedContentDir, dir, { recursive: true });
      const file = path.join(dir, "catalog", "lifecycle.json");
      const entries = JSON.parse(readFileSync(file, "utf8")) as Array<Record<string, unknown>>;
      const part = "QCM040120K4";
      const entry = entries.find((candidate) => candidate.partNumber === part)!;
      Object.assign(entry, {
        state: "ltb",
        since: "2027-01-15",
        history: [...(entry.history as unknown[]), { state: "active", since: entry.since }, { state: "nrnd", since: "2026-11-01" }],
        lastOrder: "2028-01-15",
        lastDelivery: "2028-07-15",
        replacement: "QCM013120K4",
      });
      writeFileSync(file, JSON.stringify(entries));
      const published = { state: "nrnd", since: "2026-11-01", replacement: "QCM013120K4", as_of: MODEL_DATE, current_state_url: currentStateUrl(part) };
      const lifecycleOf = (read: (part: string, fileName: string) => string | null) => {
        const tdb = generateModelPack(dir, read)
          .get(part)!
          .find((entry) => entry.kind === "tdb")!;
        return (JSON.parse(tdb.text) as { lifecycle: unknown }).lifecycle;
      };
      expect(lifecycleOf((name) => (name === part ? JSON.stringify({ lifecycle: published }) : null))).toEqual(published);
      expect(lifecycleOf(() => null)).toEqual({ state: "nrnd", since: "2026-11-01", as_of: MODEL_DATE, current_state_url: currentStateUrl(part) });
      expect(() => lifecycleOf((name) => (name === part ? JSON.stringify({ lifecycle: { ...published, state: "active", since: "2025-01-15" } }) : null))).toThrow(
        /QCM040120K4: the published lifecycle \(active since 2025-01-15\) is not the content's/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the ngspice linter", () => {
  it("refuses PSpice-only syntax", () => {
    expect(pspiceOnlySyntax(".subckt X a b PARAMS: r=1\nR1 a b {r}\n.ends X")).toEqual(["line 1: PARAMS:"]);
    expect(pspiceOnlySyntax(".subckt X a b\nB1 a b I=IF(v(a)>0, 1, 0)\n.ends")).toEqual(["line 2: IF()"]);
    expect(pspiceOnlySyntax("R1 a b 1\n.ENDS")).toEqual(["line 2: stray .ENDS"]);
    expect(pspiceOnlySyntax(".subckt X a b\nE1 a b VALUE={v(a)**2}\n.ends X")).toEqual(["line 2: VALUE/TABLE source", "line 2: ** power operator"]);
    expect(pspiceOnlySyntax(".subckt X a b\nR1 a b 1")).toEqual([".SUBCKT X never closed"]);
    expect(pspiceOnlySyntax(".FUNC f(x) {x}\n.LIB models\n.ENDL")).toEqual(["line 1: .FUNC", "line 2: .LIB section", "line 3: .LIB section"]);
    // A comment may name what it likes.
    expect(pspiceOnlySyntax("* no IF() and no PARAMS: here\n.subckt X a b\nR1 a b 1\n.ends X")).toEqual([]);
  });

  it("finds none in any part's ngspice file, and each has one subcircuit named after the part with a documented header", () => {
    for (const input of inputs) {
      const text = committed(input.partNumber, `${input.partNumber}.lib`);
      expect(pspiceOnlySyntax(text), input.partNumber).toEqual([]);
      const subckts = text.match(/^\.subckt\s+(\S+)\s+(.*)$/gim) ?? [];
      expect(subckts, input.partNumber).toEqual([`.subckt ${input.partNumber} ${input.kind === "mosfet" ? "d g s ks tj tc" : "a k tj tc"}`]);
      for (const topic of ["Pins:", "Topology", "Validity:", "Tj", "Foster"]) expect(text, `${input.partNumber}: ${topic}`).toContain(topic);
      expect(text.startsWith(`* ${input.partNumber} - `)).toBe(true);
    }
  });
});

/** The numbers of one whitespace-separated XML element's text. */
const numbers = (text: string) => text.trim().split(/\s+/).map(Number);
const one = (xml: string, tag: string) => {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml);
  if (!match) throw new Error(`no <${tag}>`);
  return match[1]!;
};
const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => match[1]!);
const ascending = (values: number[]) => values.every((value, index) => index === 0 || value > values[index - 1]!);
const close = (actual: number, expected: number) => Math.abs(actual - expected) <= 1e-5 * Math.max(1, Math.abs(expected));

interface LossTable {
  current: number[];
  voltage: number[];
  temperature: number[];
  /** energy[t][v][i] in mJ (scale 0.001 J). */
  energy: number[][][];
}

function lossTable(xml: string, tag: string): LossTable {
  const block = one(xml, tag);
  expect(block).toContain("<ComputationMethod>Table only</ComputationMethod>");
  expect(block).toContain('<Energy scale="0.001">');
  const energy = all(one(block, "Energy"), "Temperature").map((temperature) => all(temperature, "Voltage").map(numbers));
  return { current: numbers(one(block, "CurrentAxis")), voltage: numbers(one(block, "VoltageAxis")), temperature: numbers(one(block, "TemperatureAxis")), energy };
}

function checkShape(table: LossTable, name: string) {
  expect(ascending(table.current), `${name} current axis`).toBe(true);
  expect(ascending(table.voltage), `${name} voltage axis`).toBe(true);
  expect(ascending(table.temperature), `${name} temperature axis`).toBe(true);
  expect(table.energy.length, `${name} temperatures`).toBe(table.temperature.length);
  for (const perTemperature of table.energy) {
    expect(perTemperature.length, `${name} voltages`).toBe(table.voltage.length);
    for (const values of perTemperature) expect(values.length, `${name} currents`).toBe(table.current.length);
  }
}

describe("each part's PLECS thermal description", () => {
  const byPart = new Map<string, ModelInput>(inputs.map((input) => [input.partNumber, input]));
  for (const part of byPart.keys()) {
    it(`${part}: axes ascend, shapes match, energies and on-state are the loss data's, Foster R sum to R_th`, () => {
      const input = byPart.get(part)!;
      const xml = committed(part, `${part}.plecs.xml`);
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="ISO-8859-1"\?>\n<SemiconductorLibrary xmlns="http:\/\/www.plexim.com\/xml\/semiconductors\/" version="1.1">/);
      // ISO-8859-1 declared: ASCII only, so no byte is read differently.
      expect([...xml].every((character) => character === "\n" || (character >= " " && character <= "~"))).toBe(true);
      const kind = input.kind === "mosfet" ? "MOSFET" : "Diode";
      expect(xml).toContain(`<Package class="${kind}" vendor="${VENDOR}" partnumber="${part}">`);
      expect(xml).toContain(`<SemiconductorData type="${kind}">`);
      expect(xml).toContain(`package ${input.package}`);
      const on = lossTable(xml, "TurnOnLoss");
      const off = lossTable(xml, "TurnOffLoss");
      checkShape(on, "TurnOnLoss");
      checkShape(off, "TurnOffLoss");
      const conduction = one(xml, "ConductionLoss");
      const current = numbers(one(conduction, "CurrentAxis"));
      const temperature = numbers(one(conduction, "TemperatureAxis"));
      const drops = all(one(conduction, "VoltageDrop"), "Temperature").map(numbers);
      expect(ascending(current) && ascending(temperature)).toBe(true);
      expect(drops.length).toBe(temperature.length);
      for (const values of drops) {
        expect(values.length).toBe(current.length);
        expect(values.every((value, index) => index === 0 || value >= values[index - 1]!)).toBe(true);
      }
      const foster = [...xml.matchAll(/<RTauElement R="([^"]+)" Tau="([^"]+)"\/>/g)].map((match) => ({ r: Number(match[1]), tau: Number(match[2]) }));
      const loss = input.loss;
      expect(foster).toEqual(loss.zth);
      expect(
        close(
          foster.reduce((sum, pair) => sum + pair.r, 0),
          loss.rth,
        ),
      ).toBe(true);

      if (input.kind === "mosfet") {
        const e = input.loss.energies;
        const ref = input.loss.switchingRef;
        for (const [table, data] of [
          [on, e.eOn],
          [off, e.eOff],
        ] as const) {
          expect(table.current).toEqual(e.i);
          expect(table.temperature).toEqual(e.tj);
          expect(table.voltage).toEqual(voltageAxis(ref.v, input.vRating));
          const atRef = table.voltage.indexOf(ref.v);
          // At the reference voltage the tables are the loss data's E(I) as they are; elsewhere the estimator's rule.
          for (const [t, values] of data.entries()) {
            for (const [i, energy] of values.entries()) {
              expect(close(table.energy[t]![atRef]![i]!, energy), `${part} E at ${e.i[i]} A`).toBe(true);
              for (const [vIndex, v] of table.voltage.entries()) expect(close(table.energy[t]![vIndex]![i]!, atVoltage(energy, v, ref.v, input.loss.kv))).toBe(true);
            }
          }
        }
        // The datasheet's reference energies sit in the tables at the reference point.
        const refIndex = e.i.indexOf(ref.i);
        const refT = e.tj.indexOf(ref.tj);
        expect(close(on.energy[refT]![on.voltage.indexOf(ref.v)]![refIndex]!, input.loss.eOn)).toBe(true);
        expect(close(off.energy[refT]![off.voltage.indexOf(ref.v)]![refIndex]!, input.loss.eOff)).toBe(true);
        expect(current).toEqual(conductionCurrents(input.rdsOn.id));
        expect(temperature).toEqual(input.loss.channel.t);
        for (const [t, values] of drops.entries())
          for (const [i, drop] of values.entries()) expect(close(drop, (input.loss.channel.r[t]! / 1000) * current[i]!)).toBe(true);
        // The datasheet's R_DS(on) at 25 °C and hot, read back from the table at the test current.
        const at = current.indexOf(input.rdsOn.id);
        expect(close(drops[0]![at]! / input.rdsOn.id, input.rdsOn.r25 / 1000)).toBe(true);
        expect(close(drops[temperature.indexOf(input.rdsOn.tHot)]![at]! / input.rdsOn.id, input.rdsOn.rHot / 1000)).toBe(true);
      } else {
        for (const table of [on, off]) for (const perT of table.energy) for (const values of perT) expect(values.every((value) => value === 0)).toBe(true);
        const f = input.loss.forward;
        expect(temperature).toEqual(f.t);
        for (const [t, values] of drops.entries())
          for (const [i, drop] of values.entries()) expect(close(drop, current[i] === 0 ? 0 : f.v0[t]! + (f.r[t]! / 1000) * current[i]!)).toBe(true);
        const at = current.indexOf(input.forward.i);
        expect(Math.abs(drops[0]![at]! - input.forward.v25)).toBeLessThan(0.01);
        expect(Math.abs(drops[temperature.indexOf(input.forward.tHot)]![at]! - input.forward.vHot)).toBeLessThan(0.01);
      }
    });
  }
});

describe("each IGBT module's files (module.ts, decision 053)", () => {
  /** How many switches (and clamp diodes) each topology wires. */
  const wiring = { halfBridge: [2, 0], fullBridge: [4, 0], sixPack: [6, 0], npc: [4, 2] } as const;
  for (const input of modules) {
    if (input.kind !== "igbtModule") continue;
    const part = input.partNumber;
    it(`${part}: one switch subcircuit wired as the catalogue's ${input.topologyName}, no PSpice-only syntax, a documented header`, () => {
      const text = committed(part, `${part}.lib`);
      expect(pspiceOnlySyntax(text), part).toEqual([]);
      expect(text.startsWith(`* ${part} - IGBT module, `)).toBe(true);
      const subckts = (text.match(/^\.subckt\s+(\S+)\s+(.*)$/gim) ?? []).map((line) => line.split(/\s+/).slice(1));
      const [switches, clamps] = wiring[input.topology];
      expect(subckts.map(([name]) => name)).toEqual([`${part}_SW`, ...(clamps ? [`${part}_D`] : []), part]);
      expect(subckts[0]!.slice(1)).toEqual(["c", "g", "e", "ea", "tj", "tjd", "tc"]);
      const pins = subckts.at(-1)!.slice(1);
      // Every switch has its gate, driver emitter and two junction nodes among the pins; one case node.
      for (let index = 1; index <= switches; index++)
        for (const pin of [`g${index}`, `e${index}`, `tj${index}`, `tjd${index}`]) expect(pins, `${part} ${pin}`).toContain(pin);
      expect(pins.filter((pin) => pin === "tc").length).toBe(1);
      const body = text.slice(text.lastIndexOf(`.subckt ${part} `));
      expect(body.match(new RegExp(`^XT\\d+ .* ${part}_SW$`, "gm"))?.length, part).toBe(switches);
      expect(body.match(new RegExp(`^XD\\d+ .* ${part}_D$`, "gm"))?.length ?? 0, part).toBe(clamps);
      for (const topic of ["Pins:", "Topology", "Validity:", "Not modelled: the tail current", "Foster", "V_CE(sat)"]) expect(text, `${part}: ${topic}`).toContain(topic);
      // The switch's numbers are the loss data's: the on-state curve and both Foster networks.
      expect(text).toContain(`V_CE0 = ${input.loss.igbt.v0.join(", ")} V, r_CE = ${input.loss.igbt.r.join(", ")} mOhm`);
      expect(text).toContain(`V_F0 = ${input.loss.diode.v0.join(", ")} V, r_F = ${input.loss.diode.r.join(", ")} mOhm`);
    });

    it(`${part}: a PLECS package per device, the IGBT's E_on/E_off and the diode's E_rec at the reference as the loss data's`, () => {
      const xml = committed(part, `${part}.plecs.xml`);
      const [igbt, diode] = xml.split("</Package>");
      expect(igbt).toContain(`<Package class="IGBT" vendor="${VENDOR}" partnumber="${part}">`);
      expect(diode).toContain(`<Package class="Diode" vendor="${VENDOR}" partnumber="${part}">`);
      expect(xml).toContain(`package ${input.package}`);
      const e = input.loss.energies;
      const ref = input.loss.switchingRef;
      const check = (table: LossTable, data: [number[], number[]], kv: number) => {
        checkShape(table, part);
        expect(table.current).toEqual(e.i);
        expect(table.temperature).toEqual(e.tj);
        expect(table.voltage).toEqual(voltageAxis(ref.v, input.vRating));
        for (const [t, values] of data.entries())
          for (const [i, energy] of values.entries())
            for (const [vIndex, v] of table.voltage.entries())
              expect(close(table.energy[t]![vIndex]![i]!, atVoltage(energy, v, ref.v, kv)), `${part} ${e.i[i]} A ${v} V`).toBe(true);
      };
      check(lossTable(igbt!, "TurnOnLoss"), e.eOn, input.loss.kv);
      check(lossTable(igbt!, "TurnOffLoss"), e.eOff, input.loss.kv);
      check(lossTable(diode!, "TurnOffLoss"), e.eRec, input.loss.kvRec);
      for (const perT of lossTable(diode!, "TurnOnLoss").energy) for (const values of perT) expect(values.every((value) => value === 0)).toBe(true);
      const at = (table: LossTable, energy: number) =>
        expect(close(table.energy[e.tj.indexOf(ref.tj)]![table.voltage.indexOf(ref.v)]![e.i.indexOf(ref.i)]!, energy), part).toBe(true);
      at(lossTable(igbt!, "TurnOnLoss"), input.loss.eOn);
      at(lossTable(igbt!, "TurnOffLoss"), input.loss.eOff);
      at(lossTable(diode!, "TurnOffLoss"), input.loss.eRec);
      // The datasheet's V_CE(sat) at 25 °C, read back from the IGBT's conduction table at its I_C.
      const conduction = one(igbt!, "ConductionLoss");
      const current = numbers(one(conduction, "CurrentAxis"));
      const drops = all(one(conduction, "VoltageDrop"), "Temperature").map(numbers);
      expect(Math.abs(drops[0]![current.indexOf(input.vceSat.ic)]! - input.vceSat.v25)).toBeLessThan(0.01);
      const foster = (block: string) =>
        [...block.matchAll(/<RTauElement R="([^"]+)" Tau="([^"]+)"\/>/g)].map((match) => ({ r: Number(match[1]), tau: Number(match[2]) }));
      expect(foster(igbt!)).toEqual(input.loss.zth);
      expect(foster(diode!)).toEqual(input.loss.zthDiode);
    });
  }
});

describe("each SiC module's files (module.ts, decision 053)", () => {
  const wiring = { halfBridge: [2, 0], fullBridge: [4, 0], sixPack: [6, 0], npc: [4, 2] } as const;
  const sicModules = modules.filter((input) => input.kind === "sicModule");
  it("are published from pack 1.4, every SiC module on sale", () => {
    expect(sicModules.length).toBeGreaterThanOrEqual(8);
  });
  for (const input of sicModules) {
    if (input.kind !== "sicModule") continue;
    const part = input.partNumber;
    it(`${part}: the discrete MOSFET netlist as its switch, with the fitted R_G(int) and slope and the energies' check in its header, wired as the catalogue's ${input.topologyName}`, () => {
      const text = committed(part, `${part}.lib`);
      expect(pspiceOnlySyntax(text), part).toEqual([]);
      expect(text.startsWith(`* ${part} - SiC MOSFET module, `)).toBe(true);
      const subckts = (text.match(/^\.subckt\s+(\S+)\s+(.*)$/gim) ?? []).map((line) => line.split(/\s+/).slice(1));
      const [switches, clamps] = wiring[input.topology];
      expect(subckts.map(([name]) => name)).toEqual([`${part}_SW`, ...(clamps ? [`${part}_D`] : []), part]);
      expect(subckts[0]!.slice(1)).toEqual(["d", "g", "s", "ks", "tj", "tc"]);
      const body = text.slice(text.lastIndexOf(`.subckt ${part} `));
      expect(body.match(new RegExp(`^XT\\d+ .* ${part}_SW$`, "gm"))?.length, part).toBe(switches);
      // The switch's fitted values (module-switching-fit.json) are the netlist's, and the header says the energies
      // are checked at the module datasheet's switching temperature.
      const fit = moduleSwitchingFitOf(part);
      expect(fit, part).toBeDefined();
      expect(new RegExp(`^Rg g gi ${fit!.rgInt}$`, "m").test(text), part).toBe(true);
      expect(text).toContain(`Vsat = 0.5+${fit!.satSlope}*Vov`);
      expect(text).toContain(`V_GS = ${input.switch.gateCharge.vgsOff}/+${input.switch.gateCharge.vgsOn} V, ${input.switch.loss.switchingRef.tj} deg C,`);
      expect(text).toContain(
        moduleSwitchingFitReached(part)
          ? `against the datasheet's ${input.switch.loss.eOn} and ${input.switch.loss.eOff} mJ within 15 %`
          : "NOT within 15 % for this part",
      );
    });
  }
});
