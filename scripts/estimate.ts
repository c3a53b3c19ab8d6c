// `npm run estimate -- --part <PN> | --device <file.json> --op "<op>" [--json]`: the estimator's result for scripts,
// the same as the site's (shared/estimator) at the same operating point (the op= grammar of the URL).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { lossData, type LossData } from "../shared/contract/loss-data.ts";
import {
  estimate,
  lossScope,
  MODEL_TJ_RANGE,
  refusalOf,
  rippleFrequency,
  type Estimate,
  type JunctionEstimate,
  type OperatingPoint,
  type Refusal,
} from "../shared/estimator/index.ts";
import { parseOperatingPoint } from "../shared/estimator/validate.ts";
import { missionProfile, parseLoadCycle, type MissionResult } from "../shared/estimator/mission.ts";
import { loadSweep, solveConverter, type ConverterResult, type LoadPoint } from "../shared/estimator/converter.ts";
import { companionEstimate, stageTotals, type StageTotals } from "../shared/estimator/stage.ts";
import { lossDataFile } from "../server/upstream/content/loss-data.ts";
import { readContent, shippedContentDir } from "../server/upstream/content/load.ts";

const usage = `Usage: npm run estimate -- (--part <part number> | --device <file.json>) --op "<op>" [--with <part number>] [--cycle "<cycle>"] [--json]

  --part     a part of the catalogue (its loss data from the content files; CONTENT_DIR to read another folder)
  --device   a JSON file in the loss-data schema (shared/contract/loss-data.ts), e.g. a competitor's datasheet values
  --op       the operating point as in the URL: <V_bus>,<I>[p],<f_sw>k,<cos φ | d<duty> | b<V_line> | t<V_line> | s<V_out> | u<V_in>>,<T_c>[,<M>][,<modulation>]
             e.g. "800,20,50k,0.9,80" or "400,8,65k,d0.5,100" or "800,20,50k,0.9,80,1.1,dpwm"
             a PFC stage: b (boost PFC) or t (totem-pole PFC) and the line's RMS voltage; V_bus is then its output
             voltage and I the line's RMS current, e.g. "400,15,65k,b230,80" or "400,15,65k,t230,80,dt100"; fo<Hz> its
             line frequency, 45–800 Hz with f_sw ≥ 100·f_line (50 Hz without it), e.g. an aircraft's "400,15,65k,t115,80,fo400";
             "slow" closing a totem-pole point puts the part (a MOSFET) in the slow leg, e.g. "400,15,65k,t230,80,slow"
             a synchronous buck (s and its output voltage, V_bus its input) or boost (u and its input voltage, V_bus its
             output): the leg's duty from the two, I the inductor's DC current, e.g. "48,20,200k,s12,80" or "400,15,100k,u200,80"
             at a PFC or DC/DC point the stage's totals follow: the devices of the stage the part fills, their loss and the
             efficiency (an upper bound where another part fills a device of the stage)
             the whole converter on one heat sink: rs<K/W> the sink's R_th to the ambient (T_c is then the ambient's,
             or with an "f" suffix the coolant inlet's), np<N> parts in parallel per switch (np<N>w: one of them at
             the datasheet's maximum on-state values), e.g. "800,60,20k,0.9,40,np2,rs0.05" or "400,15,65k,t230,40,np2,rs0.5"
  --with     at a PFC or DC/DC point: the catalogue part that fills the stage's other device (a boost PFC's diode or
             switch, a totem-pole's slow-leg diode, or a MOSFET as its slow leg beside a fast-leg part), estimated at
             the same point: the stage's loss and efficiency then count both, e.g. --part QCM045065B7 --op
             "400,8,65k,b230,80" --with QCD10065T2; with rs its positions go on the same heat sink
  --cycle    a load cycle as in the URL's cycle=: <duration s>:<current A>:<f_o Hz>,… (at most 10 steps), e.g.
             "10:40:2,20:20:50"; T_j over the cycle from the part's Foster network, its peak judged against T_j,max;
             at a PFC point the third value is the line frequency (45–800 Hz, f_sw ≥ 100·f_line), e.g. "5:25:50,60:15:50"
  --json     machine-readable output`;

class UsageError extends Error {}
/** The estimator refuses the part at this point (refusal.ts): said without the usage, still exit 2. */
class Refused extends Error {}

/** The part's loss data: from the content files (--part) or a file (--device), validated by the contract's schema. */
function deviceOf(values: { part?: string; device?: string }, contentDir: string): { name: string; data: LossData } {
  if ((values.part === undefined) === (values.device === undefined)) throw new UsageError("Give either --part or --device.");
  if (values.part !== undefined) {
    const rows = readContent("catalog/loss-data.json", lossDataFile, contentDir);
    const row = rows.find((entry) => entry.partNumber.toUpperCase() === values.part!.trim().toUpperCase());
    if (!row) throw new UsageError(`No loss data for part ${values.part} (gate drivers have none).`);
    const { partNumber, ...data } = row;
    return { name: partNumber, data: lossData.parse(data) };
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(values.device!, "utf8"));
  } catch (error) {
    throw new UsageError(`Cannot read ${values.device}: ${(error as Error).message}`);
  }
  // A file may carry a part number beside the data, as the content file's rows do.
  const { partNumber, ...rest } = (json && typeof json === "object" ? json : {}) as { partNumber?: unknown };
  const parsed = lossData.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`${values.device}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return { name: typeof partNumber === "string" ? partNumber : path.basename(values.device!, ".json"), data: parsed.data };
}

/** Three significant figures, as the site prints them. */
const round = (value: number) => Number(value.toPrecision(3));
/** A junction temperature in whole degrees (null where the estimate has none). */
const celsius = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value));
/** What the table says where a temperature has no number. */
const noTemperature = (beyond: JunctionEstimate["beyond"]) => (beyond === "runaway" ? "runaway" : `above ${MODEL_TJ_RANGE.max} °C (outside the data)`);

/** The site's English message for an operating-point issue (a key of locales/en/estimator.json). */
function englishMessage(key: string, values: Record<string, number | string>): string {
  const strings = JSON.parse(readFileSync(new URL("../locales/en/estimator.json", import.meta.url), "utf8")) as Record<string, unknown>;
  const text = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), strings);
  return typeof text === "string" ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? "")) : key;
}

/** The load cycle's figures as the detail page shows them (three significant figures, whole degrees). */
function cycleSummary(cycle: string, result: MissionResult) {
  return {
    cycle,
    peak: celsius(result.peak),
    junction: result.junction,
    at: round(result.at),
    tjMax: result.tjMax,
    suitable: result.suitable,
    steps: result.steps.map((step) => ({
      duration: step.duration,
      current: step.current,
      fo: step.fo,
      power: round(Math.max(...step.powers)),
      peak: celsius(step.peak),
    })),
  };
}

/** The whole converter's figures: per part of one switch position, the sink, loss, efficiency and the load sweep. */
function converterSummary(result: ConverterResult, sweep: LoadPoint[], companion: Companion | null) {
  const devicesOf = (devices: ConverterResult["devices"]) =>
    devices.map((device) => ({
      index: device.index,
      atMax: device.atMax,
      share: round(device.share),
      current: round(device.current),
      loss: round(device.loss),
      junctions: device.junctions.map((junction) => ({ name: junction.name, power: round(junction.power), tj: celsius(junction.tj), rthToSink: junction.rthToSink })),
    }));
  return {
    positions: result.positions,
    // A PFC or DC/DC stage's devices another part fills: their loss is not counted, the efficiency an upper bound.
    missing: result.missing,
    efficiencyIsUpperBound: result.missing.length > 0,
    parallel: result.parallel,
    sink: result.sink === null ? null : round(result.sink),
    positionLoss: round(result.positionLoss),
    totalLoss: round(result.totalLoss),
    outputPower: round(result.outputPower),
    efficiency: result.efficiency === null ? null : Number((result.efficiency * 100).toPrecision(4)),
    hottest: { ...result.hottest, tj: celsius(result.hottest.tj), ...(result.hottest.companion && companion ? { part: companion.name } : {}) },
    suitable: result.suitable,
    devices: devicesOf(result.devices),
    // The part named by --with, its positions on the same sink (decision 043).
    ...(result.companion && companion
      ? {
          with: {
            part: companion.name,
            role: result.companion.role,
            positions: result.companion.positions,
            positionLoss: round(result.companion.positionLoss),
            devices: devicesOf(result.companion.devices),
          },
        }
      : {}),
    loadSweep: sweep.map((point) => ({
      load: Math.round(point.load * 100),
      totalLoss: round(point.totalLoss),
      efficiency: point.efficiency === null ? null : Number((point.efficiency * 100).toPrecision(4)),
      tj: celsius(point.tj),
    })),
  };
}

/** A PFC or DC/DC stage's totals as the detail page shows them (stage.ts); efficiency in per cent, four figures. */
function stageSummary(stage: StageTotals, companion: Companion | null) {
  return {
    role: stage.role,
    count: stage.count,
    perDevice: round(stage.perDevice),
    loss: round(stage.loss),
    missing: stage.missing,
    inputPower: round(stage.inputPower),
    outputPower: round(stage.outputPower),
    efficiency: stage.efficiency === null ? null : Number((stage.efficiency * 100).toPrecision(4)),
    // The efficiency is an upper bound when a device of the stage (another part) is not counted.
    efficiencyIsUpperBound: stage.bound,
    ...(stage.companion && companion
      ? {
          with: {
            part: companion.name,
            role: stage.companion.role,
            count: stage.companion.count,
            perDevice: round(stage.companion.perDevice),
            tj: celsius(companion.result.tj),
            suitable: companion.result.unsuitable.length === 0,
            unsuitable: companion.result.unsuitable,
          },
        }
      : {}),
  };
}

/** The other part named for the stage (--with) and its estimate at the same point. */
interface Companion {
  name: string;
  data: LossData;
  result: Estimate;
}

function summary(name: string, data: LossData, op: OperatingPoint, text: string, result: Estimate, companion: Companion | null) {
  const worst = result.worstCase;
  // With rs the whole converter's totals answer for the stage (as on the product page): no second set.
  const stage = op.rsa === undefined ? stageTotals(data, op, result, companion) : null;
  if (stage?.mismatch && companion)
    throw new UsageError(
      `--with ${companion.name} would be the stage's ${stage.mismatch}, which ${name} leaves to no other part${stage.missing.length ? ` (it leaves the ${stage.missing.join(", ")})` : ""}.`,
    );
  return {
    part: name,
    op: text,
    scope: lossScope(data.kind, result.mode),
    losses: Object.fromEntries(Object.entries(result.losses).map(([key, value]) => [key, round(value)])),
    junctions: result.junctions.map((junction) => ({
      name: junction.name,
      power: round(junction.power),
      tj: celsius(junction.tj),
      ...(junction.beyond ? { beyond: junction.beyond } : {}),
      ...(junction.peak === undefined ? {} : { peak: celsius(junction.peak) }),
      tjMax: junction.tjMax,
      loopGain: round(junction.loopGain),
    })),
    tj: celsius(result.tj),
    suitable: result.unsuitable.length === 0,
    unsuitable: result.unsuitable,
    warnings: result.warnings,
    worstCase: worst
      ? {
          total: round(worst.losses.total),
          tj: celsius(worst.tj),
          junctions: worst.junctions.map((junction) => ({ name: junction.name, tj: celsius(junction.tj), ...(junction.beyond ? { beyond: junction.beyond } : {}) })),
        }
      : null,
    ...(stage ? { stage: stageSummary(stage, companion) } : {}),
  };
}

/** Why the estimator refuses a part at the point (refusal.ts), in the site's English words. */
function refusalText(refusal: Refusal): string {
  if (refusal.code === "referenceUnavailable") return englishMessage("warnings.referenceUnavailable", { reference: refusal.reference });
  return englishMessage(`judged.${refusal.code}`, {});
}

/** The part named by --with for the stage's other device, estimated at the same point (a PFC or DC/DC point; with rs it also goes on the sink). */
function companionOf(data: LossData, partNumber: string, op: OperatingPoint, contentDir: string): Companion {
  if (op.mode === "inverter") throw new UsageError("--with names the other device of a PFC or DC/DC stage.");
  const other = deviceOf({ part: partNumber }, contentDir);
  const refusal = refusalOf(other.data, op);
  if (refusal) throw new Refused(`No estimate of ${other.name} at this operating point: ${refusalText(refusal)}`);
  return { name: other.name, data: other.data, result: companionEstimate(data, other.data, op) };
}

/** Runs the command; returns the exit code (0 done, 2 bad input). */
export function runEstimate(argv: string[], out: (line: string) => void, err: (line: string) => void, contentDir = process.env.CONTENT_DIR || shippedContentDir): number {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        part: { type: "string" },
        device: { type: "string" },
        op: { type: "string" },
        cycle: { type: "string" },
        with: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
      strict: true,
    });
    if (values.help) {
      out(usage);
      return 0;
    }
    const device = deviceOf(values, contentDir);
    const parsed = parseOperatingPoint(values.op);
    if (!parsed) throw new UsageError("Give the operating point with --op.");
    if (!parsed.ok) throw new UsageError(`The operating point could not be used: ${parsed.issues.map((issue) => englishMessage(issue.message, issue.values)).join(" ")}`);
    const refusal = refusalOf(device.data, parsed.value);
    if (refusal) throw new Refused(`No estimate at this operating point: ${refusalText(refusal)}`);
    const cycle = parseLoadCycle(values.cycle, parsed.value.mode, parsed.value.fsw);
    if (values.cycle !== undefined && !cycle) throw new UsageError("Give the load cycle's steps with --cycle.");
    if (cycle && !cycle.ok) throw new UsageError(`The load cycle could not be used: ${englishMessage(cycle.message, cycle.values)}`);
    const mission = cycle ? missionProfile(device.data, parsed.value, cycle.steps) : null;
    if (cycle && !mission) throw new Refused(`No load cycle: ${englishMessage("mission.none", {}).replace(/<([^>]+)>/g, "_$1")}`);
    const result = estimate(device.data, parsed.value);
    const companion = values.with === undefined ? null : companionOf(device.data, values.with, parsed.value, contentDir);
    const whole = parsed.value.rsa === undefined ? null : solveConverter(device.data, parsed.value, companion?.data);
    if (parsed.value.rsa !== undefined && !whole) throw new Refused(englishMessage("converter.none", {}));
    if (whole?.mismatch && companion)
      throw new UsageError(
        `--with ${companion.name} would be the stage's ${whole.mismatch}, which ${device.name} leaves to no other part${whole.missing.length ? ` (it leaves the ${whole.missing.join(", ")})` : ""}.`,
      );
    const report = {
      ...summary(device.name, device.data, parsed.value, parsed.text, result, companion),
      ...(cycle && mission ? { loadCycle: cycleSummary(cycle.text, mission) } : {}),
      ...(whole ? { converter: converterSummary(whole, loadSweep(device.data, parsed.value, companion?.data)!, companion) } : {}),
    };
    if (values.json) {
      out(JSON.stringify(report, null, 2));
      return 0;
    }
    out(`${report.part} at op=${report.op} (figures per ${report.scope === "position" ? "switch position" : report.scope})`);
    for (const [key, value] of Object.entries(report.losses)) out(`  ${key.padEnd(16)} ${String(value).padStart(10)} W`);
    const temperature = (tj: number | null, beyond: JunctionEstimate["beyond"]) => (tj === null ? noTemperature(beyond) : `${tj} °C`);
    const pfc = parsed.value.mode === "boostpfc" || parsed.value.mode === "totempole";
    for (const junction of report.junctions) {
      const peak =
        "peak" in junction
          ? `, peak ${temperature(junction.peak ?? null, "aboveData")} ${pfc ? "over the line period at" : "at f_o"} ${rippleFrequency(parsed.value)} Hz`
          : "";
      out(
        `  T_j ${junction.name.padEnd(12)} ${temperature(junction.tj, junction.beyond).padStart(10)}${peak} (T_j,max ${junction.tjMax} °C, loop gain ${junction.loopGain})`,
      );
    }
    if (report.worstCase) {
      const hottest = report.worstCase.junctions.find((junction) => junction.tj === null);
      out(`  worst case       ${String(report.worstCase.total).padStart(10)} W, T_j ${temperature(report.worstCase.tj, hottest?.beyond)}`);
    }
    if (report.stage) {
      const st = report.stage;
      const other =
        "with" in st && st.with
          ? ` + ${st.with.count} × ${st.with.role} (${st.with.part}) ${st.with.perDevice} W, T_j ${temperature(st.with.tj, "aboveData")}${st.with.suitable ? "" : ` not suitable (${st.with.unsuitable.map((reason) => reason.code).join(", ")})`}`
          : "";
      out(
        `  stage: ${st.count} × ${st.role} (this part) ${st.perDevice} W${other} = ${st.loss} W${st.missing.length ? ` (not counted: ${st.missing.join(", ")}, another part)` : ""}; in ${st.inputPower} W, out ${st.outputPower} W: efficiency ${st.efficiency === null ? "–" : `${st.efficiencyIsUpperBound ? "at most " : ""}${st.efficiency} %`}`,
      );
    }
    if ("loadCycle" in report && report.loadCycle) {
      const lc = report.loadCycle;
      out(`  load cycle ${lc.cycle}:`);
      for (const [index, step] of lc.steps.entries())
        out(
          `    step ${index + 1}: ${step.duration} s at ${step.current} A, ${pfc ? "line" : "f_o"} ${step.fo} Hz: ${step.power} W, peak T_j ${temperature(step.peak, "aboveData")}`,
        );
      out(
        `    peak T_j ${temperature(lc.peak, "aboveData")} (${lc.junction}, at ${lc.at} s) against T_j,max ${lc.tjMax} °C: ${lc.suitable ? "within" : "not suitable for this cycle"}`,
      );
    }
    if ("converter" in report && report.converter) {
      const c = report.converter;
      out(
        `  converter: ${c.positions} switch position${c.positions > 1 ? "s" : ""} × ${c.parallel} part${c.parallel > 1 ? "s" : ""} on one heat sink (R_th,sa ${parsed.value.rsa} K/W): sink ${c.sink === null ? "no steady temperature" : `${c.sink} °C`}`,
      );
      const partLine = (part: (typeof c.devices)[number], name = "part") =>
        `    ${name} ${part.index}${part.atMax ? " (at max. on-state)" : ""}: ${part.current} A (${Math.round(part.share * 100)} %), ${part.loss} W, ${part.junctions.map((junction) => `T_j ${junction.name} ${temperature(junction.tj, "aboveData")}`).join(", ")}`;
      for (const part of c.devices) out(partLine(part));
      if ("with" in c && c.with) {
        out(`    on the same sink: ${c.with.positions} × ${c.with.role} (${c.with.part}), ${c.with.positionLoss} W per position`);
        for (const part of c.with.devices) out(partLine(part, c.with.part));
      }
      out(
        `    semiconductor loss ${c.totalLoss} W at ${c.outputPower} W out: efficiency ${c.efficiencyIsUpperBound ? "at most " : ""}${c.efficiency ?? "–"} %${c.missing.length ? ` (not counted: ${c.missing.join(", ")}, another part)` : ""}`,
      );
      out(
        `    hottest: ${"part" in c.hottest ? c.hottest.part : "part"} ${c.hottest.device} ${c.hottest.junction}, T_j ${temperature(c.hottest.tj, "aboveData")} (T_j,max ${c.hottest.tjMax} °C): ${c.suitable ? "within" : "not suitable"}`,
      );
      out(`    load sweep: ${c.loadSweep.map((point) => `${point.load} % ${point.totalLoss} W ${point.efficiency ?? "–"} %`).join("; ")}`);
    }
    out(
      `  suitable: ${report.suitable ? "yes" : `no (${report.unsuitable.map((reason) => reason.code).join(", ")})`}${report.warnings.length ? `; caution: ${report.warnings.map((warning) => warning.code).join(", ")}` : ""}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof Refused) {
      err(error.message);
      return 2;
    }
    if (error instanceof UsageError || (error instanceof TypeError && "code" in error)) {
      err(`${error.message}\n\n${usage}`);
      return 2;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = runEstimate(
    process.argv.slice(2),
    (line) => console.log(line),
    (line) => console.error(line),
  );
}
