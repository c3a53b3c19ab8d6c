// The ngspice validation of every part's model: the circuits, how their output is read, and the checks against
// the datasheet (docs/decisions/027-model-topology.md). One place for both users: scripts/models-validation.ts
// runs them and publishes the report (content/models/validation/{version}.json, served by queryModelValidation
// and drawn by the validation page), and test/upstream/models-ngspice.test.ts runs them again and fails where
// ngspice's fresh figures differ from the published ones or a check leaves its tolerance.
// A DC sweep gives R_DS(on) (V_F for a diode) at 25 °C and at the hot temperature (5 %), a gate-charge test
// Q_G (10 %), a charge test a diode's Q_C (10 %), a MOSFET's output charge Q_oss at V_DD is the one its loss data
// imply (no datasheet states C_oss), a double-pulse leg with the upper device's source at V_DD runs to the
// datasheet's current, and the self-heated junction settles where I²·R_DS(on)(T_j)·R_th says.
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { PartValidation, ValidationCheck, ValidationCurve } from "../../../shared/contract/model-validation.ts";
import type { DiodeModelInput, ModelInput, MosfetModelInput } from "./inputs.ts";
import { mosfetParameters } from "./ngspice.ts";
import { MODEL_VERSION } from "./pack.ts";
import { shippedContentDir } from "../content/load.ts";

export const run = promisify(execFile);
/** The limit on the double-pulse E_on and E_off against the datasheet's (docs/decisions/051-switching-energies.md). */
export const SWITCHING_TOLERANCE = 0.15;
/** A computed number as a netlist takes it: six significant digits (ngspice misread 0.00007999999999999999). */
export const n = (value: number) => String(Number(value.toPrecision(6)));
/** Debian's ngspice, batch mode, no compatibility mode. */
export const NGSPICE = "/usr/bin/ngspice";
/** A published figure: six significant digits, what ngspice's own output carries. */
export const fig = (value: number) => Number(value.toPrecision(6));

/** Where a run writes a curve's columns (wrdata), in the run's folder. */
export const curveFile = (part: string, name: string) => `${part}-${name}.txt`;
/** wrdata's header and columns, one scale. */
export const wrdata = "set wr_singlescale\nset wr_vecnames";

/** The circuits of one MOSFET: output sweeps at 25 °C and hot, the gate-charge test, the output-charge ramp. */
function mosfetDeck(input: MosfetModelInput, modelFile: string): string {
  const { rdsOn, gateCharge, partNumber: part } = input;
  const vRef = input.loss.switchingRef.v;
  const iLoad = input.loss.switchingRef.i;
  // Constant gate current, the datasheet method; a 1 MΩ bias holds the gate at V_GS(off) before it starts.
  const ig = gateCurrent(input);
  const tEnd = 1e-6 + (3 * gateCharge.qg * 1e-9) / ig;
  return [
    `validation of ${part}`,
    `.include ${modelFile}`,
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
    wrdata,
    `dc Id1 0 ${n(2 * rdsOn.id)} ${n(rdsOn.id / 20)}`,
    `wrdata ${curveFile(part, "out25")} v(d1)`,
    `meas dc vd25 find v(d1) at=${rdsOn.id}`,
    'echo "RESULT vd25 $&vd25"',
    `alter Vtj1 dc=${rdsOn.tHot}`,
    `dc Id1 0 ${n(2 * rdsOn.id)} ${n(rdsOn.id / 20)}`,
    `wrdata ${curveFile(part, "outhot")} v(d1)`,
    `meas dc vdhot find v(d1) at=${rdsOn.id}`,
    'echo "RESULT vdhot $&vdhot"',
    `alter Vtj1 dc=25`,
    `tran 50n ${n(Math.max(tEnd, 200e-6))}`,
    `wrdata ${curveFile(part, "gate")} v(g2) i(Vb2)`,
    `meas tran ton when v(g2)=${gateCharge.vgsOn} rise=1`,
    "meas tran qb integ i(Vb2) from=1u to=ton",
    "meas tran qoss integ i(Vd3) from=0 to=100u",
    `let qg = ${n(ig)}*(ton-1u) - qb`,
    'echo "RESULT ton $&ton"',
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
 * The switching deck's convergence floor for branch currents (A): 1 nA for a discrete part, not ngspice's 1 pA (the
 * deck says why). A SiC module's switch takes its own (module-validation.ts), its currents being tens of times larger.
 */
const DISCRETE_ABSTOL = 1e-9;

/** The gate-charge test's constant gate current (A): the charge in about 10 µs, at least 1 mA. */
const gateCurrent = (input: MosfetModelInput) => Math.max(1e-3, (input.gateCharge.qg * 1e-9) / 10e-6);

/**
 * The second run of a MOSFET: a double-pulse leg whose upper device, held off, is the freewheeling diode with its
 * source at V_DD's node (a high-side switch), the inductor reaching I_D at the end of the 2 µs first pulse; and
 * the part self-heated (case at 25 °C, junction free) at the datasheet's I_D. A .nodeset starts the electro-
 * thermal operating point near where it settles, as a user's netlist would.
 */
function mosfetSwitchingDeck(input: MosfetModelInput, modelFile: string, abstol = DISCRETE_ABSTOL, tj = 25): string {
  const { rdsOn, gateCharge, partNumber: part } = input;
  const vRef = input.loss.switchingRef.v;
  const iLoad = input.loss.switchingRef.i;
  const off = gateCharge.vgsOff;
  const on = gateCharge.vgsOn;
  return [
    `switching and self-heating of ${part}`,
    `.include ${modelFile}`,
    // Branch currents converge to 1 nA, not ngspice's 1 pA: the sources that hold the junctions carry the die's
    // power in amperes (kilowatts at a gate edge), and at 1 pA some fitted netlists stopped there ("timestep too
    // small" on a tj source's branch).
    `.options abstol=${abstol}`,
    `Vdd5 vdd5 0 ${vRef}`,
    `X5h vdd5 g5h sw5 sw5 tj5h tc5h ${part}`,
    `Vg5h g5h sw5 ${off}`,
    `Vtj5h tj5h 0 ${tj}`,
    "Vtc5h tc5h 0 25",
    `L5 vdd5 sw5 ${n((vRef * 2e-6) / iLoad)}`,
    "Vs5 sw5 d5 0",
    `X5 d5 g5 0 0 tj5 tc5 ${part}`,
    `Vtj5 tj5 0 ${tj}`,
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
    // The energies the die dissipates (its power, which the model feeds into tj, is the current of the source that
    // holds tj): E_on with the part's own E_oss, which its channel dissipates, as the loss data count it (their E_on
    // at 0 A is the whole Q_oss·V_DD, decision 051); E_off without it (charged, not dissipated). Each from the gate
    // edge to the end of its transition: 2 % of I_D left at turn-off, 3 % of V_DD left at turn-on.
    `meas tran toffend when i(Vs5)=${n(0.02 * iLoad)} fall=1 td=3u`,
    `meas tran tonend when v(d5)=${n(0.03 * vRef)} fall=1 td=5u`,
    "meas tran eoff integ i(Vtj5) from=3u to=$&toffend",
    "meas tran eon integ i(Vtj5) from=5u to=$&tonend",
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
  const resistance = (tj: number) => onState(input.loss.channel, tj).r / 1000;
  let tj = 25;
  for (let step = 0; step < 100; step++) tj = 25 + input.rdsOn.id ** 2 * resistance(tj) * input.loss.rth;
  return tj;
}

/** An on-state curve's V0 (V) and r (mΩ) at T_j: linear between the loss data's points, held outside (as the estimator does). */
export function onState(curve: { t: number[]; v0: number[]; r: number[] }, tj: number): { v0: number; r: number } {
  const { t, v0, r } = curve;
  const clamped = Math.min(Math.max(tj, t[0]!), t[t.length - 1]!);
  let index = 0;
  while (index < t.length - 2 && clamped > t[index + 1]!) index++;
  const share = t.length === 1 ? 0 : (clamped - t[index]!) / (t[index + 1]! - t[index]!);
  const at = (values: number[]) => values[index]! + share * ((values[index + 1] ?? values[index]!) - values[index]!);
  return { v0: at(v0), r: at(r) };
}

function diodeDeck(input: DiodeModelInput, modelFile: string): string {
  const { forward, charge, partNumber: part } = input;
  return [
    `validation of ${part}`,
    `.include ${modelFile}`,
    `X1 a1 0 tj1 tc1 ${part}`,
    "Vtj1 tj1 0 25",
    "Vtc1 tc1 0 25",
    "If1 0 a1 0",
    `X2 0 k2 tj2 tc2 ${part}`,
    "Vtj2 tj2 0 25",
    "Vtc2 tc2 0 25",
    `Vr2 k2 0 PWL(0 0 100u ${charge.vr} 200u ${charge.vr})`,
    ".control",
    wrdata,
    `dc If1 0 ${n(2 * forward.i)} ${n(forward.i / 20)}`,
    `wrdata ${curveFile(part, "fwd25")} v(a1)`,
    `meas dc vf25 find v(a1) at=${forward.i}`,
    'echo "RESULT vf25 $&vf25"',
    `alter Vtj1 dc=${forward.tHot}`,
    `dc If1 0 ${n(2 * forward.i)} ${n(forward.i / 20)}`,
    `wrdata ${curveFile(part, "fwdhot")} v(a1)`,
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

/** A wrdata file's columns (the scale first), numbers only. */
export function readColumns(file: string): number[][] {
  return readFileSync(file, "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((row) => row.length > 1 && row.every(Number.isFinite));
}

/** What one part's runs gave: the measured figures, the curves' columns and the simulator's banner. */
export interface NgspiceRun {
  results: Record<string, number>;
  columns: Record<string, number[][]>;
  simulator: string;
}

/**
 * Runs a part's circuits in ngspice, in `dir` (a scratch folder), against the netlist at `modelFile`. `scope`
 * "conduction and charge" runs only the first circuit file (the DC sweeps and the charge tests) and leaves it to
 * the caller to check the figures it reads: the LTspice file's run in ngspice's LTspice mode
 * (test/upstream/models-ltspice.test.ts, docs/decisions/052-ltspice-models.md).
 */
export async function runValidation(
  input: ModelInput,
  modelFile: string,
  dir: string,
  scope: "all" | "conduction and charge" = "all",
  abstol = DISCRETE_ABSTOL,
  switchingTj = 25,
): Promise<NgspiceRun> {
  const decks =
    input.kind === "mosfet"
      ? [mosfetDeck(input, modelFile), ...(scope === "all" ? [mosfetSwitchingDeck(input, modelFile, abstol, switchingTj)] : [])]
      : [diodeDeck(input, modelFile)];
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
  const names = input.kind === "mosfet" ? ["vd25", "vdhot", "ton", "qg", "qoss", "ipeak", "isecond", "eoff", "eon", "tjself"] : ["vf25", "vfhot", "qc"];
  if (scope === "all") for (const name of names) if (!Number.isFinite(results[name])) throw new Error(`${input.partNumber}: ${name} not measured\n${stdout}\n${stderr}`);
  const curveNames = input.kind === "mosfet" ? ["out25", "outhot", "gate"] : ["fwd25", "fwdhot"];
  const columns = Object.fromEntries(curveNames.map((name) => [name, readColumns(path.join(dir, curveFile(input.partNumber, name)))]));
  const simulator = /\*+\s*(ngspice-\d+)/.exec(stdout + stderr)?.[1] ?? (await ngspiceVersion());
  return { results, columns, simulator };
}

/** The double-pulse leg alone (scripts/models-fit.ts): E_on and E_off (J) as the report measures them. */
export async function runSwitching(input: MosfetModelInput, modelFile: string, dir: string, abstol = DISCRETE_ABSTOL, tj = 25): Promise<{ eon: number; eoff: number }> {
  const deck = path.join(dir, `${input.partNumber}-switching.cir`);
  writeFileSync(deck, mosfetSwitchingDeck(input, modelFile, abstol, tj));
  const { stdout } = await run(NGSPICE, ["-b", deck], { cwd: dir, timeout: 60_000 });
  const value = (name: string) => Number(new RegExp(`^RESULT ${name} (\\S+)$`, "m").exec(stdout)?.[1]);
  return { eon: value("eon"), eoff: value("eoff") };
}

/** The simulator's version ("ngspice-39"), from its banner. */
export async function ngspiceVersion(): Promise<string> {
  const answer = await run(NGSPICE, ["-v"]);
  return /ngspice-\d+/.exec(answer.stdout)?.[0] ?? "ngspice";
}

export const check = (fields: Omit<ValidationCheck, "deviation" | "pass" | "expected" | "simulated"> & { expected: number; simulated: number }): ValidationCheck => {
  const expected = fig(fields.expected);
  const simulated = fig(fields.simulated);
  const deviation = simulated / expected - 1;
  return { ...fields, expected, simulated, deviation: fig(deviation), pass: Math.abs(deviation) <= fields.tolerance };
};

/** A sweep's columns as (V, I) points: the DC sweep drives the current, the curve reads voltage against it. */
export const sweepPoints = (rows: number[][]): Array<[number, number]> => rows.map(([current, voltage]) => [fig(voltage!), fig(current!)]);
/**
 * A diode's forward sweep from its first step: at exactly 0 A the softplus knee, whose current only vanishes
 * far below the knee, leaves the anode at an arbitrary negative voltage (−1.2 V) that is no point of the curve.
 */
export const forwardPoints = (rows: number[][]) => sweepPoints(rows.filter(([current]) => current! > 0));

/**
 * The gate-charge test as (Q_G, V_GS) points from the current's start to V_GS(on): the charge the constant
 * current delivered, less what the 1 MΩ bias drew, at about 60 evenly spaced times.
 */
export function gateChargePoints(rows: number[][], ig: number, ton: number): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  let drawn = 0;
  let previous: number[] | null = null;
  const step = (ton - 1e-6) / 60;
  let next = 1e-6;
  for (const row of rows) {
    const [time, vg, ib] = row as [number, number, number];
    if (previous && time > 1e-6) drawn += ((ib + previous[2]!) / 2) * (time - previous[0]!);
    previous = row;
    if (time < next - 1e-12 || time > ton + step / 2) continue;
    points.push([fig((ig * Math.max(0, time - 1e-6) - drawn) * 1e9), fig(vg)]);
    next += step;
  }
  return points;
}

/** The part's report from its runs: the checks, the unchecked switching energies and the curves. */
/** `switchingTj`: the junction temperature the double-pulse leg held (runValidation's), which its checks state. */
export function validationOf(input: ModelInput, { results, columns }: NgspiceRun, switchingTj = 25): PartValidation {
  if (input.kind === "mosfet") {
    const { rdsOn, gateCharge } = input;
    const ref = input.loss.switchingRef;
    const conduction = { vgs: rdsOn.vgs, id: rdsOn.id };
    const line = (r: number): Array<[number, number]> => [0, 2 * rdsOn.id].map((current) => [fig((current * r) / 1000), fig(current)] as [number, number]);
    const curves: ValidationCurve[] = [
      {
        id: "output",
        x: { symbol: "V_DS", unit: "V" },
        y: { symbol: "I_D", unit: "A" },
        conditions: { vgs: rdsOn.vgs },
        series: [
          { source: "simulated", tj: 25, points: sweepPoints(columns.out25!) },
          { source: "simulated", tj: rdsOn.tHot, points: sweepPoints(columns.outhot!) },
          { source: "datasheet", tj: 25, points: line(rdsOn.r25) },
          { source: "datasheet", tj: rdsOn.tHot, points: line(rdsOn.rHot) },
        ],
        marks: [
          { tj: 25, x: fig((rdsOn.id * rdsOn.r25) / 1000), y: rdsOn.id },
          { tj: rdsOn.tHot, x: fig((rdsOn.id * rdsOn.rHot) / 1000), y: rdsOn.id },
        ],
      },
      {
        id: "gateCharge",
        x: { symbol: "Q_G", unit: "nC" },
        y: { symbol: "V_GS", unit: "V" },
        conditions: { tj: 25, vds: gateCharge.vds, id: ref.i },
        series: [{ source: "simulated", tj: 25, points: gateChargePoints(columns.gate!, gateCurrent(input), results.ton!) }],
        marks: [{ tj: 25, x: gateCharge.qg, y: gateCharge.vgsOn }],
      },
    ];
    return {
      partNumber: input.partNumber,
      kind: "mosfet",
      checks: [
        check({
          id: "rdsOn25",
          group: "conduction",
          symbol: "R_DS(on)",
          unit: "mΩ",
          conditions: { tj: 25, ...conduction },
          reference: "datasheet",
          expected: rdsOn.r25,
          simulated: (results.vd25! / rdsOn.id) * 1000,
          tolerance: 0.05,
        }),
        check({
          id: "rdsOnHot",
          group: "conduction",
          symbol: "R_DS(on)",
          unit: "mΩ",
          conditions: { tj: rdsOn.tHot, ...conduction },
          reference: "datasheet",
          expected: rdsOn.rHot,
          simulated: (results.vdhot! / rdsOn.id) * 1000,
          tolerance: 0.05,
        }),
        check({
          id: "qg",
          group: "charge",
          symbol: "Q_G",
          unit: "nC",
          conditions: { tj: 25, vds: gateCharge.vds, vgsOff: gateCharge.vgsOff, vgsOn: gateCharge.vgsOn, id: ref.i },
          reference: "datasheet",
          expected: gateCharge.qg,
          simulated: results.qg! * 1e9,
          tolerance: 0.1,
        }),
        check({
          id: "qoss",
          group: "charge",
          symbol: "Q_oss",
          unit: "nC",
          conditions: { tj: 25, vds: ref.v, vgs: gateCharge.vgsOff },
          // No datasheet states C_oss: the loss data's E_on at 0 A over V_DD (decision 027).
          reference: "lossData",
          expected: mosfetParameters(input).qoss,
          simulated: -results.qoss! * 1e9,
          tolerance: 0.1,
        }),
        check({
          id: "firstPulse",
          group: "robustness",
          symbol: "I_D",
          unit: "A",
          conditions: { tj: switchingTj, vdd: ref.v, rg: ref.rg, vgsOff: gateCharge.vgsOff, vgsOn: gateCharge.vgsOn },
          reference: "calculated",
          expected: ref.i,
          simulated: results.ipeak!,
          tolerance: 0.05,
        }),
        check({
          // Through the turn-off, the freewheeling and the turn-on: a transient that stopped on the way has no value here.
          id: "secondPulse",
          group: "robustness",
          symbol: "I_D",
          unit: "A",
          conditions: { tj: switchingTj, vdd: ref.v, rg: ref.rg, vgsOff: gateCharge.vgsOff, vgsOn: gateCharge.vgsOn },
          reference: "calculated",
          expected: 1.25 * ref.i,
          simulated: results.isecond!,
          tolerance: 0.05,
        }),
        check({
          id: "selfHeating",
          group: "robustness",
          symbol: "T_j",
          unit: "°C",
          conditions: { tc: 25, vgs: rdsOn.vgs, id: rdsOn.id },
          reference: "calculated",
          expected: selfHeatedJunction(input),
          simulated: results.tjself!,
          tolerance: 0.02,
        }),
        ...(["eOn", "eOff"] as const).map((id) =>
          check({
            id,
            group: "switching",
            symbol: id === "eOn" ? "E_on" : "E_off",
            unit: "mJ",
            conditions: { tj: switchingTj, vdd: ref.v, id: ref.i, rg: ref.rg, vgsOff: gateCharge.vgsOff, vgsOn: gateCharge.vgsOn },
            // The datasheet's energy at its own switching conditions (the loss data carry it as eOn/eOff).
            reference: "datasheet",
            expected: id === "eOn" ? input.loss.eOn : input.loss.eOff,
            simulated: (id === "eOn" ? results.eon! : results.eoff!) * 1e3,
            tolerance: SWITCHING_TOLERANCE,
          }),
        ),
      ],
      // Checked from model version 1.4 (decision 051): the checks of the "switching" group carry them.
      switching: null,
      curves,
    };
  }
  const { forward, charge } = input;
  const lossCurve = (tj: number): Array<[number, number]> => {
    const { v0, r } = onState(input.loss.forward, tj);
    return [0, 2 * forward.i].map((current) => [fig(v0 + (current * r) / 1000), fig(current)] as [number, number]);
  };
  return {
    partNumber: input.partNumber,
    kind: "diode",
    checks: [
      check({
        id: "vf25",
        group: "conduction",
        symbol: "V_F",
        unit: "V",
        conditions: { tj: 25, if: forward.i },
        reference: "datasheet",
        expected: forward.v25,
        simulated: results.vf25!,
        tolerance: 0.05,
      }),
      check({
        id: "vfHot",
        group: "conduction",
        symbol: "V_F",
        unit: "V",
        conditions: { tj: forward.tHot, if: forward.i },
        reference: "datasheet",
        expected: forward.vHot,
        simulated: results.vfhot!,
        tolerance: 0.05,
      }),
      check({
        id: "qc",
        group: "charge",
        symbol: "Q_C",
        unit: "nC",
        conditions: { tj: 25, vr: charge.vr },
        reference: "datasheet",
        expected: charge.qc,
        simulated: -results.qc! * 1e9,
        tolerance: 0.1,
      }),
    ],
    switching: null,
    curves: [
      {
        id: "forward",
        x: { symbol: "V_F", unit: "V" },
        y: { symbol: "I_F", unit: "A" },
        conditions: {},
        series: [
          { source: "simulated", tj: 25, points: forwardPoints(columns.fwd25!) },
          { source: "simulated", tj: forward.tHot, points: forwardPoints(columns.fwdhot!) },
          { source: "lossData", tj: 25, points: lossCurve(25) },
          { source: "lossData", tj: forward.tHot, points: lossCurve(forward.tHot) },
        ],
        marks: [
          { tj: 25, x: forward.v25, y: forward.i },
          { tj: forward.tHot, x: forward.vHot, y: forward.i },
        ],
      },
    ],
  };
}

/** Where a version's validation report is published. */
export const validationReportPath = (version: string, contentDir: string) => path.join(contentDir, "models", "validation", `${version}.json`);

/** A part's netlist at the current model version, as the pack publishes it. */
export const modelFilePathOf = (part: string, contentDir = shippedContentDir) => path.join(contentDir, "models", part, MODEL_VERSION, `${part}.lib`);
