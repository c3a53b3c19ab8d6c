// The ngspice validation of a module's model (docs/decisions/053-module-models.md), published in the same report as
// the discrete parts' (validation.ts) and rerun by test/upstream/models-ngspice.test.ts. An IGBT module's switch
// (its per-switch subcircuit): V_CE(sat) at 25 °C and hot at the datasheet's I_C and V_GE (5 %), the diode's V_F at
// 25 °C against the datasheet and hot against the loss data (5 %), Q_G with a constant gate current into a resistive
// load (10 %). A SiC module's switch: the discrete MOSFET's checks (validation.ts) on its per-switch subcircuit.
// Then the module as a whole: a double-pulse run through its own first leg (a three-level module: through T1, T2
// and the clamp diode D5), whose current must follow V·t/L through turn-off, freewheeling and turn-on.
import { MODULE_ABSTOL } from "./module-switching-fit.ts";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { PartValidation, ValidationCheck } from "../../../shared/contract/model-validation.ts";
import type { IgbtModuleInput, ModuleModelInput, SicModuleInput } from "./module-inputs.ts";
import { moduleSubcktPins } from "./module.ts";
import {
  check,
  curveFile,
  fig,
  forwardPoints,
  gateChargePoints,
  n,
  NGSPICE,
  ngspiceVersion,
  onState,
  readColumns,
  run,
  runValidation,
  sweepPoints,
  validationOf,
  wrdata,
  type NgspiceRun,
} from "./validation.ts";

/** The gate-charge test's constant gate current (A): the charge in about 10 µs, at least 1 mA (as a MOSFET's). */
const gateCurrent = (qgNanocoulomb: number) => Math.max(1e-3, (qgNanocoulomb * 1e-9) / 10e-6);

/** The circuits of one IGBT switch: output sweeps at 25 °C and hot, the diode's forward sweeps, the gate-charge test. */
function igbtSwitchDeck(input: IgbtModuleInput, modelFile: string): string {
  const { vceSat, gateCharge, diodeForward, partNumber: part } = input;
  const sw = `${part}_SW`;
  const ig = gateCurrent(gateCharge.qg);
  const tEnd = 1e-6 + (3 * gateCharge.qg * 1e-9) / ig;
  const diodeHot = input.loss.diode.t[input.loss.diode.t.length - 1]!;
  return [
    `validation of ${part}`,
    `.include ${modelFile}`,
    `X1 c1 g1 0 0 tj1 tjd1 tc1 ${sw}`,
    "Vtj1 tj1 0 25",
    "Vtjd1 tjd1 0 25",
    "Vtc1 tc1 0 25",
    `Vg1 g1 0 ${vceSat.vge}`,
    "Ic1 0 c1 0",
    // The diode: collector at ground, the current driven into the emitter, the gate held off.
    `X2 0 g2 a2 a2 tj2 tjd2 tc2 ${sw}`,
    "Vtj2 tj2 0 25",
    "Vtjd2 tjd2 0 25",
    "Vtc2 tc2 0 25",
    `Vg2 g2 a2 ${gateCharge.vgeOff}`,
    "If2 0 a2 0",
    `X3 c3 g3 0 0 tj3 tjd3 tc3 ${sw}`,
    "Vtj3 tj3 0 25",
    "Vtjd3 tjd3 0 25",
    "Vtc3 tc3 0 25",
    `Vcc3 vcc3 0 ${gateCharge.vcc}`,
    `Rl3 vcc3 c3 ${n(gateCharge.vcc / gateCharge.ic)}`,
    `Vb3 b3 0 ${gateCharge.vgeOff}`,
    "Rb3 b3 g3 1e6",
    `Ig3 0 g3 PWL(0 0 1u 0 1.01u ${n(ig)})`,
    ".control",
    wrdata,
    `dc Ic1 0 ${n(2 * vceSat.ic)} ${n(vceSat.ic / 20)}`,
    `wrdata ${curveFile(part, "out25")} v(c1)`,
    `meas dc vce25 find v(c1) at=${vceSat.ic}`,
    'echo "RESULT vce25 $&vce25"',
    `alter Vtj1 dc=${vceSat.tHot}`,
    `dc Ic1 0 ${n(2 * vceSat.ic)} ${n(vceSat.ic / 20)}`,
    `wrdata ${curveFile(part, "outhot")} v(c1)`,
    `meas dc vcehot find v(c1) at=${vceSat.ic}`,
    'echo "RESULT vcehot $&vcehot"',
    `dc If2 0 ${n(2 * diodeForward.i)} ${n(diodeForward.i / 20)}`,
    `wrdata ${curveFile(part, "fwd25")} v(a2)`,
    `meas dc vf25 find v(a2) at=${diodeForward.i}`,
    'echo "RESULT vf25 $&vf25"',
    `alter Vtjd2 dc=${diodeHot}`,
    `dc If2 0 ${n(2 * diodeForward.i)} ${n(diodeForward.i / 20)}`,
    `wrdata ${curveFile(part, "fwdhot")} v(a2)`,
    `meas dc vfhot find v(a2) at=${diodeForward.i}`,
    'echo "RESULT vfhot $&vfhot"',
    `tran 10n ${n(tEnd)}`,
    `wrdata ${curveFile(part, "gate")} v(g3) i(Vb3)`,
    `meas tran ton when v(g3)=${gateCharge.vgeOn} rise=1`,
    "meas tran qb integ i(Vb3) from=1u to=ton",
    `let qg = ${n(ig)}*(ton-1u) - qb`,
    'echo "RESULT ton $&ton"',
    'echo "RESULT qg $&qg"',
    "quit 0",
    ".endc",
    ".end",
    "",
  ].join("\n");
}

/** The gate levels, reference and name of a module's switch, whichever its kind. */
function legOf(input: ModuleModelInput) {
  if (input.kind === "igbtModule") return { off: input.gateCharge.vgeOff, on: input.gateCharge.vgeOn, ref: input.loss.switchingRef, driver: "e" };
  return { off: input.switch.gateCharge.vgsOff, on: input.switch.gateCharge.vgsOn, ref: input.switch.loss.switchingRef, driver: "s" };
}

/**
 * A double-pulse run through the module's own netlist. Two-level modules: the first leg, T1 held off (its diode
 * freewheels the inductor across it), T2 switched, every other switch off. A three-level NPC module: the neutral
 * point at ground, T2 held on, T1 switched, T3 and T4 off; the inductor from the output to the neutral point, so the
 * current freewheels through the clamp diode D5 and T2. Each device blocks the switching reference's voltage (a
 * three-level module's is half its DC link). All junctions and the case are held at the reference temperature.
 * The NPC module's link is charged from 0 V in the first 0.5 µs: started at its voltage, its transient stopped in
 * its first picoseconds ("timestep too small"), its operating point a loop of the clamp diode, T2 and the inductor;
 * a two-level module's starts at its voltage (ramped, some stopped the same way).
 */
function moduleLegDeck(input: ModuleModelInput, modelFile: string): string {
  const part = input.partNumber;
  const { off, on, ref, driver } = legOf(input);
  const pins = moduleSubcktPins(input);
  const npc = input.topology === "npc";
  const inductance = (ref.v * 2e-6) / ref.i;
  // Each pin's node in the test circuit. The outputs of the other legs are held at DC−: left floating, between two
  // blocking switches, they stopped the six-pack's run in its first picoseconds ("timestep too small").
  const node = (pin: string) => {
    if (/^t(j|jd)\d+$/.test(pin) || pin === "tc") return "tjs";
    if (npc) return pin === "n" ? "0" : pin;
    if (pin === "dcn" || ["ac2", "v", "w"].includes(pin)) return "sn";
    return ["ac", "ac1", "u"].includes(pin) ? "ac" : pin;
  };
  const pulse = `PWL(0 ${off} 1u ${off} 1.005u ${on} 3u ${on} 3.005u ${off} 5u ${off} 5.005u ${on} 7u ${on})`;
  const switched = npc ? "1" : "2";
  const gates = pins
    .filter((pin) => /^g\d+$/.test(pin))
    .flatMap((gate) => {
      const index = gate.slice(1);
      const emitter = `${driver}${index}`;
      if (index === switched) return [`Vg${index} g${index}r ${emitter} ${pulse}`, `Rg${index} g${index}r ${gate} ${ref.rg}`];
      return [`Vg${index} ${gate} ${emitter} ${npc && index === "2" ? on : off}`];
    });
  const power = npc
    ? [`Vp dcp 0 PWL(0 0 0.5u ${ref.v})`, `Vm dcn 0 PWL(0 0 0.5u ${-ref.v})`, `L1 ac lx ${n(inductance)}`, "Vs lx 0 0"]
    : [`Vp dcp 0 ${ref.v}`, "Vsn sn 0 0", `L1 dcp lx ${n(inductance)}`, "Vs lx ac 0"];
  // The switched device's dissipation: T2 between the output and the sensed DC- (two-level); T1 between DC+ and
  // its emitter node inside the module (three-level), its current the one DC+ supplies.
  const across = npc ? "v(dcp)-v(x1.n1)" : "v(ac)";
  const powerOf = npc ? `let psw = (${across})*(-i(Vp))` : `let psw = (${across})*i(Vsn)`;
  return [
    `module leg of ${part}`,
    `.include ${modelFile}`,
    // A SiC module's switches converge at their own floor (module-switching-fit.ts); the IGBT modules' runs as ngspice's.
    ...(input.kind === "sicModule" ? [`.options abstol=${MODULE_ABSTOL}`] : []),
    `X1 ${pins.map(node).join(" ")} ${part}`,
    `Vt tjs 0 ${ref.tj}`,
    ...power,
    ...gates,
    ".control",
    "tran 0.1n 6.5u 0 0.5n",
    "meas tran ipeak find i(Vs) at=3u",
    "meas tran isecond find i(Vs) at=6u",
    `let vsw = ${across}`,
    // When the switched device's voltage fell through half the link at each turn-on: the current rises from there.
    `meas tran ton1 when vsw=${n(ref.v / 2)} fall=1`,
    `meas tran ton2 when vsw=${n(ref.v / 2)} fall=2`,
    "meas tran ifree find i(Vs) at=5u",
    powerOf,
    "meas tran eoff integ psw from=3u to=3.5u",
    "meas tran eon integ psw from=5u to=5.5u",
    'echo "RESULT ipeak $&ipeak"',
    'echo "RESULT isecond $&isecond"',
    'echo "RESULT eoff $&eoff"',
    'echo "RESULT eon $&eon"',
    'echo "RESULT ton1 $&ton1"',
    'echo "RESULT ton2 $&ton2"',
    'echo "RESULT ifree $&ifree"',
    "quit 0",
    ".endc",
    ".end",
    "",
  ].join("\n");
}

/** Runs a deck in ngspice in `dir`, returning the RESULT lines' numbers; names what a failed run left unmeasured. */
async function runDeck(part: string, text: string, name: string, dir: string, expected: string[]): Promise<{ results: Record<string, number>; banner: string }> {
  const deck = path.join(dir, `${part}-${name}.cir`);
  writeFileSync(deck, text);
  const answer = await run(NGSPICE, ["-b", deck], { cwd: dir, timeout: 120_000 });
  const results: Record<string, number> = {};
  for (const match of answer.stdout.matchAll(/^RESULT (\w+) (\S+)$/gm)) results[match[1]!] = Number(match[2]);
  for (const key of expected) if (!Number.isFinite(results[key])) throw new Error(`${part}: ${key} not measured\n${answer.stdout}\n${answer.stderr}`);
  return { results, banner: answer.stdout + answer.stderr };
}

const legResults = ["ipeak", "isecond", "eoff", "eon", "ton1", "ton2", "ifree"];

/** Runs a module's circuits in ngspice, in `dir`, against the netlist at `modelFile`. */
export async function runModuleValidation(input: ModuleModelInput, modelFile: string, dir: string): Promise<NgspiceRun> {
  if (input.kind === "sicModule") {
    // The switch's double-pulse leg at the module datasheet's switching temperature, with the module's convergence
    // floor (module-switching-fit.ts).
    const single = await runValidation(input.switch, modelFile, dir, "all", MODULE_ABSTOL, input.switch.loss.switchingRef.tj);
    const leg = await runDeck(input.partNumber, moduleLegDeck(input, modelFile), "leg", dir, legResults);
    const results = { ...single.results, ...Object.fromEntries(Object.entries(leg.results).map(([key, value]) => [`leg_${key}`, value])) };
    return { ...single, results };
  }
  const part = input.partNumber;
  const single = await runDeck(part, igbtSwitchDeck(input, modelFile), "switch", dir, ["vce25", "vcehot", "vf25", "vfhot", "ton", "qg"]);
  const leg = await runDeck(part, moduleLegDeck(input, modelFile), "leg", dir, legResults);
  const columns = Object.fromEntries(["out25", "outhot", "fwd25", "fwdhot", "gate"].map((name) => [name, readColumns(path.join(dir, curveFile(part, name)))]));
  const simulator = /\*+\s*(ngspice-\d+)/.exec(single.banner)?.[1] ?? (await ngspiceVersion());
  return { results: { ...single.results, ...leg.results }, columns, simulator };
}

/**
 * The module's own leg as a check, with the run's conditions: the current at the end of the first pulse against
 * V·t/L from the moment the switched device's voltage fell through half the link (an IGBT's turn-on delay and
 * Miller plateau last a good part of a microsecond, so the pulse's nominal 2 µs would not do), or 1 µs into the
 * second pulse against the current the freewheeling kept at its start plus V·t/L from that turn-on.
 */
function legCheck(input: ModuleModelInput, id: "firstPulse" | "secondPulse" | "moduleLeg", results: Record<string, number>, prefix = ""): ValidationCheck {
  const { off, on, ref } = legOf(input);
  const at = (key: string) => results[`${prefix}${key}`]!;
  const inductance = Number(n((ref.v * 2e-6) / ref.i));
  const expected = id === "firstPulse" ? (ref.v * (3e-6 - at("ton1"))) / inductance : at("ifree") + (ref.v * (6e-6 - at("ton2"))) / inductance;
  const igbt = input.kind === "igbtModule";
  const gate = igbt ? { vgeOff: off, vgeOn: on } : { vgsOff: off, vgsOn: on };
  return check({
    id,
    group: "robustness",
    symbol: igbt ? "I_C" : "I_D",
    unit: "A",
    conditions: { tj: ref.tj, ...(igbt ? { vcc: ref.v } : { vdd: ref.v }), rg: ref.rg, ...gate },
    reference: "calculated",
    expected,
    simulated: at(id === "firstPulse" ? "ipeak" : "isecond"),
    tolerance: 0.05,
  });
}

/** The module's report from its runs. */
export function moduleValidationOf(input: ModuleModelInput, runResult: NgspiceRun): PartValidation {
  if (input.kind === "sicModule") return sicModuleValidation(input, runResult);
  const { results, columns } = runResult;
  const { vceSat, gateCharge, diodeForward, loss } = input;
  const ref = loss.switchingRef;
  const diodeHot = loss.diode.t[loss.diode.t.length - 1]!;
  const onLine = (curve: { t: number[]; v0: number[]; r: number[] }, tj: number, current: number): Array<[number, number]> => {
    const { v0, r } = onState(curve, tj);
    return [0, 2 * current].map((i) => [fig(v0 + (i * r) / 1000), fig(i)] as [number, number]);
  };
  const vceConditions = { vge: vceSat.vge, ic: vceSat.ic };
  return {
    partNumber: input.partNumber,
    kind: "igbtModule",
    checks: [
      check({
        id: "vceSat25",
        group: "conduction",
        symbol: "V_CE(sat)",
        unit: "V",
        conditions: { tj: 25, ...vceConditions },
        reference: "datasheet",
        expected: vceSat.v25,
        simulated: results.vce25!,
        tolerance: 0.05,
      }),
      check({
        id: "vceSatHot",
        group: "conduction",
        symbol: "V_CE(sat)",
        unit: "V",
        conditions: { tj: vceSat.tHot, ...vceConditions },
        reference: "datasheet",
        expected: vceSat.vHot,
        simulated: results.vcehot!,
        tolerance: 0.05,
      }),
      check({
        id: "vfDiode25",
        group: "conduction",
        symbol: "V_F",
        unit: "V",
        conditions: { tj: 25, if: diodeForward.i, vge: gateCharge.vgeOff },
        reference: "datasheet",
        expected: diodeForward.v25,
        simulated: results.vf25!,
        tolerance: 0.05,
      }),
      check({
        // The datasheet states the diode's V_F at 25 °C only: hot, the loss data's curve is the reference.
        id: "vfDiodeHot",
        group: "conduction",
        symbol: "V_F",
        unit: "V",
        conditions: { tj: diodeHot, if: diodeForward.i, vge: gateCharge.vgeOff },
        reference: "lossData",
        expected: onState(loss.diode, diodeHot).v0 + (onState(loss.diode, diodeHot).r * diodeForward.i) / 1000,
        simulated: results.vfhot!,
        tolerance: 0.05,
      }),
      check({
        id: "qg",
        group: "charge",
        symbol: "Q_G",
        unit: "nC",
        conditions: { tj: 25, vcc: gateCharge.vcc, vgeOff: gateCharge.vgeOff, vgeOn: gateCharge.vgeOn, ic: gateCharge.ic },
        reference: "datasheet",
        expected: gateCharge.qg,
        simulated: results.qg! * 1e9,
        tolerance: 0.1,
      }),
      legCheck(input, "firstPulse", results),
      legCheck(input, "secondPulse", results),
    ],
    switching: {
      conditions: { tj: ref.tj, vcc: ref.v, ic: ref.i, rg: ref.rg, vgeOff: gateCharge.vgeOff, vgeOn: gateCharge.vgeOn },
      eOn: { expected: loss.eOn, simulated: fig(results.eon! * 1e3) },
      eOff: { expected: loss.eOff, simulated: fig(results.eoff! * 1e3) },
    },
    curves: [
      {
        id: "igbtOutput",
        x: { symbol: "V_CE", unit: "V" },
        y: { symbol: "I_C", unit: "A" },
        conditions: { vge: vceSat.vge, ic: vceSat.ic },
        series: [
          { source: "simulated", tj: 25, points: sweepPoints(columns.out25!) },
          { source: "simulated", tj: vceSat.tHot, points: sweepPoints(columns.outhot!) },
          { source: "lossData", tj: 25, points: onLine(loss.igbt, 25, vceSat.ic) },
          { source: "lossData", tj: vceSat.tHot, points: onLine(loss.igbt, vceSat.tHot, vceSat.ic) },
        ],
        marks: [
          { tj: 25, x: vceSat.v25, y: vceSat.ic },
          { tj: vceSat.tHot, x: vceSat.vHot, y: vceSat.ic },
        ],
      },
      {
        id: "diodeForward",
        x: { symbol: "V_F", unit: "V" },
        y: { symbol: "I_F", unit: "A" },
        conditions: { if: diodeForward.i },
        series: [
          { source: "simulated", tj: 25, points: forwardPoints(columns.fwd25!) },
          { source: "simulated", tj: diodeHot, points: forwardPoints(columns.fwdhot!) },
          { source: "lossData", tj: 25, points: onLine(loss.diode, 25, diodeForward.i) },
          { source: "lossData", tj: diodeHot, points: onLine(loss.diode, diodeHot, diodeForward.i) },
        ],
        marks: [{ tj: 25, x: diodeForward.v25, y: diodeForward.i }],
      },
      {
        id: "igbtGateCharge",
        x: { symbol: "Q_G", unit: "nC" },
        y: { symbol: "V_GE", unit: "V" },
        conditions: { tj: 25, vcc: gateCharge.vcc, ic: gateCharge.ic, vge: gateCharge.vgeOn },
        series: [{ source: "simulated", tj: 25, points: gateChargePoints(columns.gate!, gateCurrent(gateCharge.qg), results.ton!) }],
        marks: [{ tj: 25, x: gateCharge.qg, y: gateCharge.vgeOn }],
      },
    ],
  };
}

/** A SiC module's report: its switch's (the discrete MOSFET's checks) and the module's own leg. */
function sicModuleValidation(input: SicModuleInput, runResult: NgspiceRun): PartValidation {
  const single = validationOf(input.switch, runResult, input.switch.loss.switchingRef.tj);
  return { ...single, partNumber: input.partNumber, kind: "sicModule", checks: [...single.checks, legCheck(input, "moduleLeg", runResult.results, "leg_")] };
}
