// Every part's ngspice model, run in Debian's ngspice (batch mode, no compatibility mode), against its
// datasheet: a DC sweep gives R_DS(on) (V_F for a diode) at 25 °C and at the hot temperature within 5 %, a
// gate-charge test gives Q_G within 10 %, a charge test gives a diode's Q_C within 10 %, a MOSFET's output
// charge Q_oss at V_DD is the one its loss data imply (no datasheet states C_oss: docs/decisions/027-model-topology.md),
// a double-pulse leg with the upper device's source at V_DD runs to the datasheet's current, and the self-heated
// junction settles where I²·R_DS(on)(T_j)·R_th says.
// One ngspice run per diode and two per MOSFET hold all the circuits; two run at a time. The figures go into
// test-results/models-validation.md.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { readModelInputs, type DiodeModelInput, type ModelInput, type MosfetModelInput } from "../../server/upstream/models/inputs.ts";
import { mosfetParameters } from "../../server/upstream/models/ngspice.ts";
import { MODEL_VERSION } from "../../server/upstream/models/pack.ts";

const run = promisify(execFile);
/** A computed number as a netlist takes it: six significant digits (ngspice misread 0.00007999999999999999). */
const n = (value: number) => String(Number(value.toPrecision(6)));
const NGSPICE = "/usr/bin/ngspice";
const inputs = readModelInputs();
const modelFile = (part: string) => path.join(shippedContentDir, "models", part, MODEL_VERSION, `${part}.lib`);

interface Check {
  name: string;
  unit: string;
  expected: number;
  simulated: number;
  tolerance: number;
  source: string;
}

/** The circuits of one MOSFET: output sweeps at 25 °C and hot, the gate-charge test, the output-charge ramp. */
function mosfetDeck(input: MosfetModelInput): string {
  const { rdsOn, gateCharge, partNumber: part } = input;
  const vRef = input.loss.switchingRef.v;
  const iLoad = input.loss.switchingRef.i;
  // Constant gate current, the datasheet method; a 1 MΩ bias holds the gate at V_GS(off) before it starts.
  const ig = Math.max(1e-3, (gateCharge.qg * 1e-9) / 10e-6);
  const tEnd = 1e-6 + (3 * gateCharge.qg * 1e-9) / ig;
  return [
    `validation of ${part}`,
    `.include ${modelFile(part)}`,
    `X1 d1 g1 0 0 tj1 tc1 ${part}`,
    `Vtj1 tj1 0 25`,
    "Vtc1 tc1 0 25",
    `Vg1 g1 0 ${rdsOn.vgs}`,
    "Id1 0 d1 0",
    `X2 d2 g2 0 0 tj2 tc2 ${part}`,
    "Vtj2 tj2 0 25",
    "Vtc2 tc2 0 25",
    `Vdd2 vdd2 0 ${gateCharge.vds}`,
    `Rl2 vdd2 d2 ${n(gateCharge.vds / iLoad)}`,
    `Vb2 b2 0 ${gateCharge.vgsOff}`,
    "Rb2 b2 g2 1e6",
    `Ig2 0 g2 PWL(0 0 1u 0 1.01u ${n(ig)})`,
    `X3 d3 g3 0 0 tj3 tc3 ${part}`,
    "Vtj3 tj3 0 25",
    "Vtc3 tc3 0 25",
    `Vg3 g3 0 ${gateCharge.vgsOff}`,
    `Vd3 d3 0 PWL(0 0 100u ${vRef} 200u ${vRef})`,
    ".control",
    `dc Id1 0 ${n(2 * rdsOn.id)} ${n(rdsOn.id / 20)}`,
    `meas dc vd25 find v(d1) at=${rdsOn.id}`,
    'echo "RESULT vd25 $&vd25"',
    `alter Vtj1 dc=${rdsOn.tHot}`,
    `dc Id1 0 ${n(2 * rdsOn.id)} ${n(rdsOn.id / 20)}`,
    `meas dc vdhot find v(d1) at=${rdsOn.id}`,
    'echo "RESULT vdhot $&vdhot"',
    `alter Vtj1 dc=25`,
    `tran 50n ${n(Math.max(tEnd, 200e-6))}`,
    `meas tran ton when v(g2)=${gateCharge.vgsOn} rise=1`,
    "meas tran qb integ i(Vb2) from=1u to=ton",
    "meas tran qoss integ i(Vd3) from=0 to=100u",
    `let qg = ${n(ig)}*(ton-1u) - qb`,
    'echo "RESULT qg $&qg"',
    'echo "RESULT qoss $&qoss"',
    // Batch mode would otherwise go on to the netlist's own analyses (none) and exit with 1.
    "quit 0",
    ".endc",
    ".end",
    "",
  ].join("\n");
}

/**
 * The second run of a MOSFET: a double-pulse leg whose upper device, held off, is the freewheeling diode with its
 * source at V_DD's node (a high-side switch), the inductor reaching I_D at the end of the 2 µs first pulse; and
 * the part self-heated (case at 25 °C, junction free) at the datasheet's I_D. A .nodeset starts the electro-
 * thermal operating point near where it settles, as a user's netlist would.
 */
function mosfetSwitchingDeck(input: MosfetModelInput): string {
  const { rdsOn, gateCharge, partNumber: part } = input;
  const vRef = input.loss.switchingRef.v;
  const iLoad = input.loss.switchingRef.i;
  const off = gateCharge.vgsOff;
  const on = gateCharge.vgsOn;
  return [
    `switching and self-heating of ${part}`,
    `.include ${modelFile(part)}`,
    `Vdd5 vdd5 0 ${vRef}`,
    `X5h vdd5 g5h sw5 sw5 tj5h tc5h ${part}`,
    `Vg5h g5h sw5 ${off}`,
    "Vtj5h tj5h 0 25",
    "Vtc5h tc5h 0 25",
    `L5 vdd5 sw5 ${n((vRef * 2e-6) / iLoad)}`,
    "Vs5 sw5 d5 0",
    `X5 d5 g5 0 0 tj5 tc5 ${part}`,
    "Vtj5 tj5 0 25",
    "Vtc5 tc5 0 25",
    `Vg5 g5r 0 PWL(0 ${off} 1u ${off} 1.005u ${on} 3u ${on} 3.005u ${off} 5u ${off} 5.005u ${on} 7u ${on})`,
    `Rg5 g5r g5 ${input.loss.switchingRef.rg}`,
    `X6 d6 g6 0 0 tj6 tc6 ${part}`,
    `Vg6 g6 0 ${rdsOn.vgs}`,
    "Vtc6 tc6 0 25",
    `Id6 0 d6 ${rdsOn.id}`,
    `.nodeset v(tj6)=${selfHeatedJunction(input).toFixed(0)}`,
    ".control",
    "tran 0.1n 6u 0 0.5n",
    "meas tran ipeak find i(Vs5) at=3u",
    "meas tran isecond find i(Vs5) at=5.5u",
    "let p5 = v(d5)*i(Vs5)",
    "meas tran eoff integ p5 from=3u to=3.5u",
    "meas tran eon integ p5 from=5u to=5.5u",
    'echo "RESULT ipeak $&ipeak"',
    'echo "RESULT isecond $&isecond"',
    'echo "RESULT eoff $&eoff"',
    'echo "RESULT eon $&eon"',
    "op",
    "let tj6 = v(tj6)",
    'echo "RESULT tjself $&tj6"',
    "quit 0",
    ".endc",
    ".end",
    "",
  ].join("\n");
}

/** The junction temperature where I²·R_DS(on)(T_j)·R_th(j-c) closes on itself (the loss data's curve, linear between points). */
function selfHeatedJunction(input: MosfetModelInput): number {
  const { t, r } = input.loss.channel;
  const resistance = (tj: number) => {
    const clamped = Math.min(Math.max(tj, t[0]!), t[t.length - 1]!);
    let index = 0;
    while (index < t.length - 2 && clamped > t[index + 1]!) index++;
    const share = (clamped - t[index]!) / (t[index + 1]! - t[index]!);
    return (r[index]! + share * (r[index + 1]! - r[index]!)) / 1000;
  };
  let tj = 25;
  for (let step = 0; step < 100; step++) tj = 25 + input.rdsOn.id ** 2 * resistance(tj) * input.loss.rth;
  return tj;
}

function diodeDeck(input: DiodeModelInput): string {
  const { forward, charge, partNumber: part } = input;
  return [
    `validation of ${part}`,
    `.include ${modelFile(part)}`,
    `X1 a1 0 tj1 tc1 ${part}`,
    "Vtj1 tj1 0 25",
    "Vtc1 tc1 0 25",
    "If1 0 a1 0",
    `X2 0 k2 tj2 tc2 ${part}`,
    "Vtj2 tj2 0 25",
    "Vtc2 tc2 0 25",
    `Vr2 k2 0 PWL(0 0 100u ${charge.vr} 200u ${charge.vr})`,
    ".control",
    `dc If1 0 ${n(2 * forward.i)} ${n(forward.i / 20)}`,
    `meas dc vf25 find v(a1) at=${forward.i}`,
    'echo "RESULT vf25 $&vf25"',
    `alter Vtj1 dc=${forward.tHot}`,
    `dc If1 0 ${n(2 * forward.i)} ${n(forward.i / 20)}`,
    `meas dc vfhot find v(a1) at=${forward.i}`,
    'echo "RESULT vfhot $&vfhot"',
    "tran 50n 200u",
    "meas tran qc integ i(Vr2) from=0 to=100u",
    'echo "RESULT qc $&qc"',
    "quit 0",
    ".endc",
    ".end",
    "",
  ].join("\n");
}

async function simulate(input: ModelInput, dir: string): Promise<Record<string, number>> {
  const decks = input.kind === "mosfet" ? [mosfetDeck(input), mosfetSwitchingDeck(input)] : [diodeDeck(input)];
  let stdout = "";
  let stderr = "";
  for (const [index, text] of decks.entries()) {
    const deck = path.join(dir, `${input.partNumber}-${index}.cir`);
    writeFileSync(deck, text);
    const answer = await run(NGSPICE, ["-b", deck], { cwd: dir, timeout: 60_000 });
    stdout += answer.stdout;
    stderr += answer.stderr;
  }
  const results: Record<string, number> = {};
  for (const match of stdout.matchAll(/^RESULT (\w+) (\S+)$/gm)) results[match[1]!] = Number(match[2]);
  // A run that did not converge leaves a result empty: say why.
  const names = input.kind === "mosfet" ? ["vd25", "vdhot", "qg", "qoss", "ipeak", "isecond", "eoff", "eon", "tjself"] : ["vf25", "vfhot", "qc"];
  for (const name of names) if (!Number.isFinite(results[name])) throw new Error(`${input.partNumber}: ${name} not measured\n${stdout}\n${stderr}`);
  return results;
}

function checksOf(input: ModelInput, results: Record<string, number>): Check[] {
  if (input.kind === "mosfet") {
    const { rdsOn, gateCharge } = input;
    const datasheet = `datasheet (V_GS = ${rdsOn.vgs} V, I_D = ${rdsOn.id} A)`;
    return [
      { name: "R_DS(on), 25 °C", unit: "mΩ", expected: rdsOn.r25, simulated: (results.vd25! / rdsOn.id) * 1000, tolerance: 0.05, source: datasheet },
      { name: `R_DS(on), ${rdsOn.tHot} °C`, unit: "mΩ", expected: rdsOn.rHot, simulated: (results.vdhot! / rdsOn.id) * 1000, tolerance: 0.05, source: datasheet },
      {
        name: "Q_G",
        unit: "nC",
        expected: gateCharge.qg,
        simulated: results.qg! * 1e9,
        tolerance: 0.1,
        source: `datasheet (V_DS = ${gateCharge.vds} V, V_GS = ${gateCharge.vgsOff}/+${gateCharge.vgsOn} V)`,
      },
      {
        name: "I_D at the end of the double pulse's first pulse",
        unit: "A",
        expected: input.loss.switchingRef.i,
        simulated: results.ipeak!,
        tolerance: 0.05,
        source: "V_DD·t/L (the leg ran, the upper device's source at V_DD)",
      },
      {
        // Through the turn-off, the freewheeling and the turn-on: a transient that stopped on the way has no value here.
        name: "I_D 0.5 µs into the second pulse",
        unit: "A",
        expected: 1.25 * input.loss.switchingRef.i,
        simulated: results.isecond!,
        tolerance: 0.05,
        source: "V_DD·t/L",
      },
      {
        name: `T_j self-heated at I_D = ${rdsOn.id} A, T_C = 25 °C`,
        unit: "°C",
        expected: selfHeatedJunction(input),
        simulated: results.tjself!,
        tolerance: 0.02,
        source: "T_C + I_D²·R_DS(on)(T_j)·R_th(j-c) from the loss data",
      },
      {
        name: `Q_oss, ${input.loss.switchingRef.v} V`,
        unit: "nC",
        expected: mosfetParameters(input).qoss,
        simulated: -results.qoss! * 1e9,
        tolerance: 0.1,
        source: "loss data (E_on at 0 A / V_DD)",
      },
    ];
  }
  const { forward, charge } = input;
  const datasheet = `datasheet (I_F = ${forward.i} A)`;
  return [
    { name: "V_F, 25 °C", unit: "V", expected: forward.v25, simulated: results.vf25!, tolerance: 0.05, source: datasheet },
    { name: `V_F, ${forward.tHot} °C`, unit: "V", expected: forward.vHot, simulated: results.vfhot!, tolerance: 0.05, source: datasheet },
    { name: `Q_C, ${charge.vr} V`, unit: "nC", expected: charge.qc, simulated: -results.qc! * 1e9, tolerance: 0.1, source: `datasheet (V_R = ${charge.vr} V)` },
  ];
}

/** What the double-pulse leg gives for E_on and E_off: reported beside the datasheet, not yet checked (decision 027). */
const switchingFigures = new Map<string, { eOn: number; eOff: number; eOnData: number; eOffData: number }>();

const checks = new Map<string, Check[]>();

describe("the ngspice models against the datasheets", () => {
  let dir = "";
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "qy-ngspice-"));
    // Two runs at a time: the machine's two cores are shared.
    const queue = [...inputs];
    const worker = async () => {
      for (let input = queue.shift(); input; input = queue.shift()) {
        const results = await simulate(input, dir);
        checks.set(input.partNumber, checksOf(input, results));
        if (input.kind === "mosfet")
          switchingFigures.set(input.partNumber, { eOn: results.eon! * 1e3, eOff: results.eoff! * 1e3, eOnData: input.loss.eOn, eOffData: input.loss.eOff });
      }
    };
    await Promise.all([worker(), worker()]);
    // A bound on a stuck simulator, not a speed budget: with the rest of the suite on the same two cores these
    // runs took up to three minutes.
  }, 420_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    const lines = [
      `# Model validation report (model version ${MODEL_VERSION})`,
      "",
      "Written by test/upstream/models-ngspice.test.ts: each part's ngspice model run in Debian's ngspice against its datasheet.",
      "",
      "| Part | Check | Datasheet / data | Simulated | Deviation | Limit | Pass | Source |",
      "|---|---|---|---|---|---|---|---|",
    ];
    for (const input of inputs) {
      const part = input.partNumber;
      for (const check of checks.get(part) ?? []) {
        const deviation = check.simulated / check.expected - 1;
        const pass = Math.abs(deviation) <= check.tolerance;
        lines.push(
          `| ${part} | ${check.name} | ${Number(check.expected.toPrecision(4))} ${check.unit} | ${check.simulated.toPrecision(4)} ${check.unit} | ${(deviation * 100).toFixed(2)} % | ±${check.tolerance * 100} % | ${pass ? "yes" : "NO"} | ${check.source} |`,
        );
      }
    }
    lines.push(
      "",
      "## Switching energies (reported, not yet checked)",
      "",
      "The double-pulse leg at the datasheet's V_DD, I_D and R_G(ext), no stray inductance, no reverse recovery of the body diode: not within 15 % yet (docs/decisions/027-model-topology.md).",
      "",
      "| Part | E_on datasheet | E_on simulated | E_off datasheet | E_off simulated |",
      "|---|---|---|---|---|",
      ...inputs.flatMap((input) => {
        const f = switchingFigures.get(input.partNumber);
        return f ? [`| ${input.partNumber} | ${f.eOnData} mJ | ${f.eOn.toPrecision(3)} mJ | ${f.eOffData} mJ | ${f.eOff.toPrecision(3)} mJ |`] : [];
      }),
    );
    mkdirSync("test-results", { recursive: true });
    writeFileSync(path.join("test-results", "models-validation.md"), `${lines.join("\n")}\n`);
  });

  for (const input of inputs) {
    it(`${input.partNumber}: every check within its limit`, () => {
      const list = checks.get(input.partNumber);
      expect(list, "simulated").toBeDefined();
      for (const check of list!) {
        expect(
          Math.abs(check.simulated / check.expected - 1),
          `${input.partNumber} ${check.name}: ${check.simulated} against ${check.expected} ${check.unit}`,
        ).toBeLessThanOrEqual(check.tolerance);
      }
    });
  }
});
