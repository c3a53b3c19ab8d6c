// Every part's LTspice file (PART.ltspice.lib, translated from its ngspice netlist by server/upstream/models/ltspice.ts;
// docs/decisions/052-ltspice-models.md), checked without LTspice:
// (a) a linter, written here apart from the translator, refuses in the committed files what ngspice alone reads and
//     what LTspice's documentation reads differently, and checks the header LTspice users need;
// (b) each file runs in Debian's ngspice in its LTspice compatibility mode (`set ngbehavior=lt` in a .spiceinit),
//     through the DC and charge circuits of server/upstream/models/validation.ts, and gives the published figures
//     of the ngspice file (content/models/validation/{version}.json) within 1 %;
// and the translator itself refuses, naming it, every construct it has no rule for, and writes ngspice's pwl() as
// segments that ngspice evaluates to the same values, inside the table and outside it.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PartValidation } from "../../shared/contract/model-validation.ts";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { modelValidationFile } from "../../server/upstream/content/schema.ts";
import { readModelInputs } from "../../server/upstream/models/inputs.ts";
import { readModuleInputs } from "../../server/upstream/models/module-inputs.ts";
import { ltspiceExpression, ltspiceModel } from "../../server/upstream/models/ltspice.ts";
import { MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { runValidation, validationOf, validationReportPath } from "../../server/upstream/models/validation.ts";

const inputs = readModelInputs();
const committed = (part: string, file: string) => readFileSync(path.join(shippedContentDir, "models", part, MODEL_VERSION, file), "utf8");

/**
 * The functions of LTspice's B sources that our files may use: a subset of the list in LTspice's help (ltwiki.org,
 * "B sources (complete reference)"), those whose meaning is the same in ngspice. `table` is LTspice's own.
 */
const LTSPICE_FUNCTIONS = new Set(["abs", "exp", "ln", "max", "min", "tanh", "table", "v"]);

/**
 * Lines of an LTspice file that LTspice rejects or reads differently from ngspice: ngspice's pwl() function (not
 * an LTspice B-source function) and its `temper`, `^` (ngspice's power, LTspice's Boolean XOR: LTspice help,
 * "numerical parameters" operators), the ternary `?:`, ngspice's `$` end-of-line comment and its `.control`
 * blocks, unit suffixes glued to numbers (LTspice reads "M" as milli like SPICE, but "1meg" and "1Meg" pass through
 * different hands), and any function outside LTSPICE_FUNCTIONS.
 */
function ltspiceIncompatible(text: string): string[] {
  const problems: string[] = [];
  // A subcircuit instance is read alike by both (LTspice help, "X. Subcircuit"), if its subcircuit is in the file.
  const defined = new Set([...text.matchAll(/^\.subckt\s+(\S+)/gim)].map((match) => match[1]!.toLowerCase()));
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    if (line.startsWith("*") || line === "") return;
    if (/^\.(control|endc)\b/i.test(line)) {
      problems.push(`${where}: .control block`);
      return;
    }
    if (line.includes("$")) problems.push(`${where}: $ comment`);
    const expression = /^B\S*\s+\S+\s+\S+\s+[IV]\s*=(.*)$/i.exec(line)?.[1];
    if (expression === undefined) {
      const instance = /^X\S*(\s+[\w.]+)+$/i.test(line) && defined.has(line.split(/\s+/).at(-1)!.toLowerCase());
      // A linear G source, `G n+ n- nc+ nc- gain` (LTspice help, "G. Voltage Dependent Current Source").
      const linearG = /^G\S*(\s+\w+){4}\s+-?[\d.]+(e-?\d+)?$/i.test(line);
      if (!instance && !linearG && !/^(\.subckt|\.ends|[rclv]\S*\s+\S+\s+\S+\s+-?[\d.]+(e-?\d+)?$)/i.test(line)) problems.push(`${where}: unknown line`);
      return;
    }
    if (expression.includes("^")) problems.push(`${where}: ^ (XOR in LTspice)`);
    if (/[?:]/.test(expression)) problems.push(`${where}: ?: ternary`);
    if (/\btemper\b/i.test(expression)) problems.push(`${where}: temper`);
    if (/\d[a-df-z]/i.test(expression.replace(/v\([^)]*\)/gi, ""))) problems.push(`${where}: unit suffix`);
    for (const match of expression.matchAll(/([A-Za-z_]\w*)\s*\(/g)) if (!LTSPICE_FUNCTIONS.has(match[1]!.toLowerCase())) problems.push(`${where}: ${match[1]}()`);
  });
  return problems;
}

describe("the LTspice linter", () => {
  it("refuses ngspice-only and LTspice-incompatible constructs", () => {
    expect(ltspiceIncompatible("B1 a b I=pwl(v(t),25,1,175,2)*v(a,b)")).toEqual(["line 1: pwl()"]);
    expect(ltspiceIncompatible("B1 a b I=v(a,b)^2")).toEqual(["line 1: ^ (XOR in LTspice)"]);
    expect(ltspiceIncompatible("B1 a b I=v(a)>0 ? 1 : 0")).toEqual(["line 1: ?: ternary"]);
    expect(ltspiceIncompatible("B1 a b V=1e-3*temper")).toEqual(["line 1: temper"]);
    expect(ltspiceIncompatible("B1 a b I=v(a,b)/1k")).toEqual(["line 1: unit suffix"]);
    expect(ltspiceIncompatible("B1 a b I=nint(v(a))")).toEqual(["line 1: nint()"]);
    expect(ltspiceIncompatible(".control\nrun\n.endc")).toEqual(["line 1: .control block", "line 2: unknown line", "line 3: .control block"]);
    expect(ltspiceIncompatible("R1 a b 1 $ one ohm")).toEqual(["line 1: $ comment", "line 1: unknown line"]);
    expect(ltspiceIncompatible("D1 a b dmod")).toEqual(["line 1: unknown line"]);
    // An instance only of a subcircuit the file defines, with node names only.
    expect(ltspiceIncompatible("X1 a b ELSEWHERE")).toEqual(["line 1: unknown line"]);
    expect(ltspiceIncompatible("G1 a b c d 1e-3")).toEqual([]);
    expect(ltspiceIncompatible("G1 a b c d 1k")).toEqual(["line 1: unknown line"]);
    expect(ltspiceIncompatible(".subckt SW c e\nR1 c e 1\n.ends SW\nX1 a b SW params: k=2")).toEqual(["line 4: unknown line"]);
    expect(ltspiceIncompatible(".subckt SW c e\nR1 c e 1\n.ends SW\nX1 a b SW")).toEqual([]);
    // A comment may name what it likes; table() and node voltages such as v(n1e5) are LTspice's.
    expect(ltspiceIncompatible("* pwl() and ^ here\n.subckt X a b\nB1 a b I=table(v(n1e5),0,1,1,2)*1e-3\nR1 a b 1e9\n.ends X")).toEqual([]);
  });

  it("finds none in any part's LTspice file, whose header says how to load it, its pins in netlist order, its levels and validity", () => {
    for (const input of inputs) {
      const part = input.partNumber;
      const text = committed(part, `${part}.ltspice.lib`);
      expect(ltspiceIncompatible(text), part).toEqual([]);
      const pins = input.kind === "mosfet" ? ["d", "g", "s", "ks", "tj", "tc"] : ["a", "k", "tj", "tc"];
      expect(text.match(/^\.subckt\s.*$/gim), part).toEqual([`.subckt ${part} ${pins.join(" ")}`]);
      expect(text.match(/^\.ends\s.*$/gim), part).toEqual([`.ends ${part}`]);
      expect(text.startsWith(`* ${part} - `)).toBe(true);
      expect(text).toContain(`LTspice model, version ${MODEL_VERSION}`);
      expect(text).toContain(`*   .lib ${part}.ltspice.lib`);
      for (const [index, pin] of pins.entries()) expect(text, `${part} pin ${pin}`).toContain(`*   ${index + 1} ${pin}\n`);
      for (const topic of ["Pins:", "Topology", "Validity:", "Tj", "Foster"]) expect(text, `${part}: ${topic}`).toContain(topic);
      // Nothing in it is addressed to ngspice users but the line that says where it comes from.
      expect(text.split("\n").filter((line) => /ngspice/i.test(line)).length, part).toBeLessThanOrEqual(2);
    }
  });

  it("is the translation of the same version's ngspice file, element for element", () => {
    for (const input of inputs) {
      const part = input.partNumber;
      const ngspice = committed(part, `${part}.lib`);
      const elements = (text: string) => text.split("\n").filter((line) => line && !line.startsWith("*"));
      const names = (text: string) => elements(text).map((line) => line.split(/\s+/).slice(0, 3).join(" "));
      expect(names(committed(part, `${part}.ltspice.lib`)), part).toEqual(names(ngspice));
      expect(committed(part, `${part}.ltspice.lib`)).toBe(ltspiceModel(ngspice, `${part}.ltspice.lib`));
    }
  });
});

describe("an IGBT module's LTspice file (docs/decisions/053-module-models.md)", () => {
  it("has none of those constructs, names the module's own subcircuit and pins in its header, and is the translation of its ngspice file", () => {
    const modules = readModuleInputs();
    expect(modules.length).toBeGreaterThan(0);
    for (const { partNumber: part } of modules) {
      const ngspice = committed(part, `${part}.lib`);
      const text = committed(part, `${part}.ltspice.lib`);
      expect(ltspiceIncompatible(text), part).toEqual([]);
      expect(text).toBe(ltspiceModel(ngspice, `${part}.ltspice.lib`));
      const own = new RegExp(`^\\.subckt ${part} (.+)$`, "m").exec(text);
      expect(own, part).not.toBeNull();
      for (const [index, pin] of own![1]!.split(" ").entries()) expect(text, `${part} pin ${pin}`).toContain(`*   ${index + 1} ${pin}\n`);
      expect(text).toContain(`*   .lib ${part}.ltspice.lib`);
      expect(text).toContain(`LTspice model, version ${MODEL_VERSION}`);
    }
  });
});

describe("the LTspice translator", () => {
  const netlist = (body: string) =>
    `* X - test part\n* Qingyun Power Semiconductor - ngspice model, version 9.9 (plain netlist, not encrypted)\n.subckt X a b tj\n${body}\n.ends X\n`;

  it("refuses, naming it, every construct it has no rule for", () => {
    const refused: Array<[string, RegExp]> = [
      ["B1 a b I=v(a,b)^2", /the operator or character "\^"/],
      ["B1 a b I=v(a,b)**2", /the operator \*\*/],
      ["B1 a b I=v(a)>0 ? 1 : 0", /the operator or character ">"/],
      ["B1 a b I=if(v(a),1,0)", /the function if\(\)/],
      ["B1 a b I=table(v(tj),25,1,175,2)", /the function table\(\)/],
      ["B1 a b V=1e-3*temper", /the name temper/],
      ["B1 a b I=v(a,b)/1k", /the number "1k"/],
      ["B1 a b I=pwl(v(tj),175,1,25,2)", /x values do not increase/],
      ["B1 a b I=pwl(v(tj),25,v(a),175,2)", /a pwl\(\) point that is not a number/],
      ["B1 a b I=i(Vsen)", /the function i\(\)/],
      ["R1 a b {r}", /the line "R1…"/],
      ["R1 a b 1k", /the line "R1…"/],
      ["D1 a b dmod", /the line "D1…"/],
      [".model dmod d(is=1e-14)", /the line "\.model…"/],
      ["X1 a b ELSEWHERE", /the line "X1…"/],
      ["G1 a b c d {k}", /the line "G1…"/],
      ["G1 a b POLY(1) c d 0 1", /the line "G1…"/],
      ["X1 a b X params: k=2", /the line "X1…"/],
      ["+ 1", /the line "\+…"/],
      ["* a comment for ngspice users", /a comment that names ngspice/],
    ];
    for (const [line, message] of refused) expect(() => ltspiceModel(netlist(line), "X.ltspice.lib"), line).toThrow(message);
    expect(() => ltspiceModel("R1 a b 1\n", "X.ltspice.lib")).toThrow(/without a \.subckt line/);
    expect(() => ltspiceModel(netlist("R1 a b 1").replace(".subckt X a b tj", ".subckt X a b tj PARAMS: r=1"), "X.ltspice.lib")).toThrow(
      /parameters on the \.subckt line/,
    );
  });

  it("keeps what both read alike as it is", () => {
    const expression = "v(dd,s)*(max(v(gi,s)-2.8,0)+0.4*ln(1+exp(-abs(v(gi,s)-2.8)/0.4)))/(-1.5e-3*tanh(min(v(a),2)))";
    expect(ltspiceExpression(expression)).toBe(expression);
  });

  it("writes ngspice's pwl() as segments ngspice evaluates alike, inside the table, at its points and outside it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "qy-ltspice-pwl-"));
    try {
      const tables = ["pwl(v(x),25,1.5,75,2,150,-0.25,175,3)", "pwl(v(x),-40,2,25,1)", "pwl(2*v(x)-10,0,0,100,100,200,100)"];
      const deck = [
        "pwl against its translation",
        "Vx x 0 0",
        ...tables.flatMap((table, index) => [`Bn${index} n${index} 0 V=${table}`, `Bl${index} l${index} 0 V=${ltspiceExpression(table)}`]),
        ".control",
        "dc Vx -100 300 2.5",
        ...tables.map(
          (_, index) =>
            `let d${index} = maximum(abs(v(n${index})-v(l${index})))\necho "RESULT d${index} $&d${index}"\nlet r${index} = maximum(abs(v(n${index})))\necho "RESULT r${index} $&r${index}"`,
        ),
        "quit 0",
        ".endc",
        ".end",
        "",
      ].join("\n");
      writeFileSync(path.join(dir, "pwl.cir"), deck);
      const stdout = execFileSync("/usr/bin/ngspice", ["-b", "pwl.cir"], { cwd: dir, encoding: "utf8" });
      const results = Object.fromEntries([...stdout.matchAll(/^RESULT (\w+) (\S+)$/gm)].map((match) => [match[1]!, Number(match[2])]));
      for (const index of tables.keys()) {
        expect(results[`r${index}`], tables[index]).toBeGreaterThan(1);
        expect(results[`d${index}`], tables[index]).toBeLessThan(1e-9 * results[`r${index}`]!);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The checks of the DC and charge circuits, by id, that the LTspice file must reproduce. */
const COMPARED = new Set(["rdsOn25", "rdsOnHot", "qg", "qoss", "vf25", "vfHot", "qc"]);

describe("the LTspice files in ngspice's LTspice compatibility mode", () => {
  const published = modelValidationFile.parse(JSON.parse(readFileSync(validationReportPath(MODEL_VERSION, shippedContentDir), "utf8")));
  const fresh = new Map<string, PartValidation>();
  let dir = "";
  let banner = "";
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "qy-ltspice-"));
    // ngspice reads a .spiceinit in its working folder (ngspice(1)); `lt` translates the files read by .include
    // from LTspice's syntax, the circuits around them stay ngspice's (ngspice manual, "LTSPICE Compatibility mode").
    writeFileSync(path.join(dir, ".spiceinit"), "set ngbehavior=lt\n");
    writeFileSync(path.join(dir, "probe.cir"), "probe\nR1 a 0 1\nV1 a 0 1\n.control\nop\nquit 0\n.endc\n.end\n");
    const probe = spawnSync("/usr/bin/ngspice", ["-b", "probe.cir"], { cwd: dir, encoding: "utf8" });
    banner = probe.stdout + probe.stderr;
    for (const input of inputs) writeFileSync(path.join(dir, `${input.partNumber}.ltspice.lib`), committed(input.partNumber, `${input.partNumber}.ltspice.lib`));
    const queue = [...inputs];
    const worker = async () => {
      for (let input = queue.shift(); input; input = queue.shift()) {
        const run = await runValidation(input, `${input.partNumber}.ltspice.lib`, dir, "conduction and charge");
        // The switching circuit did not run: its figures are NaN, and only the compared checks are read.
        const results = new Proxy(run.results, { get: (target, name: string) => (name in target ? target[name] : Number.NaN) });
        fresh.set(input.partNumber, validationOf(input, { ...run, results }));
      }
    };
    await Promise.all([worker(), worker()]);
  }, 300_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs with the compatibility mode on", () => {
    expect(banner).toMatch(/Compatibility modes selected: lt\b/);
  });

  for (const input of inputs)
    it(`${input.partNumber}: R_DS(on) or V_F at 25 °C and hot, and the charges, within 1 % of the ngspice file's published figures`, () => {
      const part = fresh.get(input.partNumber)!;
      const reference = published.parts.find((entry) => entry.partNumber === input.partNumber)!;
      const compared = reference.checks.filter((check) => COMPARED.has(check.id));
      expect(compared.length, input.partNumber).toBe(input.kind === "mosfet" ? 4 : 3);
      for (const check of compared) {
        const simulated = part.checks.find((entry) => entry.id === check.id)!.simulated;
        expect(Math.abs(simulated / check.simulated - 1), `${input.partNumber} ${check.id}: ${simulated} against ${check.simulated}`).toBeLessThanOrEqual(0.01);
      }
    });
});
