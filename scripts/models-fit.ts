// `npx node scripts/models-fit.ts [part …]`: fits, per SiC MOSFET, the values of its ngspice model that no
// datasheet value fixes, R_G(int) and the channel's saturation slope (which sets the Miller plateau), so that the validation's double-pulse leg
// (server/upstream/models/validation.ts) gives the datasheet's E_on and E_off; each stays within the bounds of
// server/upstream/models/switching-fit.ts (decision 051). A Newton search on the logarithms of both values against
// the logarithms of both energies, with finite differences, in Debian's ngspice; the best point found is kept. Where
// those two cannot reach both energies, a second search moves R_G(int) and C_ds's constant share (C_oss at high
// voltage) with the slope held where the first left it.
// Writes server/upstream/models/switching-fit.json; run scripts/models.ts and scripts/models-validation.ts after it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type MosfetModelInput, readModelInputs } from "../server/upstream/models/inputs.ts";
import { ngspiceModel } from "../server/upstream/models/ngspice.ts";
import { MODEL_VERSION } from "../server/upstream/models/pack.ts";
import {
  DEFAULT_CDS_SHARE,
  SWITCHING_FIT_BOUNDS,
  type SwitchingFit,
  switchingFitFile,
  switchingFitOf,
  switchingFitReached,
} from "../server/upstream/models/switching-fit.ts";
import { runSwitching, SWITCHING_TOLERANCE } from "../server/upstream/models/validation.ts";

const only = new Set(process.argv.slice(2));
const dir = mkdtempSync(path.join(tmpdir(), "qy-fit-"));
const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

/** ln(simulated/datasheet) of E_on and E_off at a fit (NaN where the run did not finish). */
async function misfit(input: MosfetModelInput, fit: SwitchingFit, tag: string): Promise<[number, number]> {
  const file = path.join(dir, `${input.partNumber}-${tag}.lib`);
  writeFileSync(file, ngspiceModel(input, MODEL_VERSION, fit));
  const { eon, eoff } = await runSwitching(input, file, dir);
  return [Math.log((eon * 1e3) / input.loss.eOn), Math.log((eoff * 1e3) / input.loss.eOff)];
}

const worst = ([a, b]: [number, number]) => (Number.isFinite(a) && Number.isFinite(b) ? Math.max(Math.abs(a), Math.abs(b)) : Number.POSITIVE_INFINITY);

/** The two values one Newton search moves: the first always R_G(int), the second the slope or C_ds's constant share. */
type Second = "satSlope" | "cdsShare";

interface Point {
  x: [number, number];
  fit: SwitchingFit;
  error: [number, number];
}

/**
 * A Newton search on the logarithms of R_G(int) and `second` against the logarithms of both energies, from `starts`
 * (the first that ngspice runs through), with every other value as in `base`; the best point that ran.
 */
async function newton(input: MosfetModelInput, second: Second, base: SwitchingFit, starts: Array<[number, number]>, tag: string): Promise<Point | undefined> {
  const bounds = [SWITCHING_FIT_BOUNDS.rgInt, SWITCHING_FIT_BOUNDS[second]] as const;
  const at = (x: [number, number]): SwitchingFit => ({
    ...base,
    rgInt: Number(clamp(Math.exp(x[0]), bounds[0]).toPrecision(3)),
    [second]: Number(clamp(Math.exp(x[1]), bounds[1]).toPrecision(3)),
  });
  const inside = (x: [number, number]) => x.map((value, k) => Math.log(clamp(Math.exp(value), bounds[k]!))) as [number, number];
  let best: Point | undefined;
  for (const [rg, value] of starts) {
    const x: [number, number] = [Math.log(rg), Math.log(value)];
    const point = { x, fit: at(x), error: await misfit(input, at(x), `${tag}0`) };
    if (point.error.every(Number.isFinite)) {
      best = point;
      break;
    }
  }
  if (!best) return undefined;
  const h = 0.2;
  for (let step = 1; step <= 4 && worst(best.error) > 0.07; step++) {
    const x = best.x;
    const f = best.error;
    // Jacobian of (ln E_on, ln E_off) against (ln R_G(int), ln second), forward differences (backward at an upper bound).
    const columns: Array<[number, number]> = [];
    for (const k of [0, 1]) {
      // Forward, or backward at an upper bound or where ngspice did not finish the forward probe.
      let column: [number, number] = [Number.NaN, Number.NaN];
      for (const sign of Math.exp(x[k]! + h) > bounds[k]![1] ? [-1] : [1, -1]) {
        const probe: [number, number] = k === 0 ? [x[0] + sign * h, x[1]] : [x[0], x[1] + sign * h];
        const g = await misfit(input, at(probe), `${tag}${step}-${k}`);
        column = [(g[0] - f[0]) / (sign * h), (g[1] - f[1]) / (sign * h)];
        if (column.every(Number.isFinite)) break;
      }
      columns.push(column);
    }
    const [a, b] = columns as [[number, number], [number, number]];
    const det = a[0] * b[1] - b[0] * a[1];
    if (!(Math.abs(det) > 1e-6)) break;
    let dx: [number, number] = [(-f[0] * b[1] + f[1] * b[0]) / det, (-f[1] * a[0] + f[0] * a[1]) / det];
    // A step past a bound: that value stays at the bound, and the other moves so the two (linearised) errors
    // balance, ln E_on + ln E_off = 0, which is where the larger of the two is least when both rise with it.
    const beyond = [0, 1].find((k) => {
      const value = Math.exp(x[k]! + dx[k]!);
      return value < bounds[k]![0] || value > bounds[k]![1];
    });
    if (beyond !== undefined) {
      const other = 1 - beyond;
      const held = Math.log(clamp(Math.exp(x[beyond]! + dx[beyond]!), bounds[beyond]!)) - x[beyond]!;
      const slope = columns[other]![0] + columns[other]![1];
      const rest = f[0] + f[1] + (columns[beyond]![0] + columns[beyond]![1]) * held;
      dx = (beyond === 0 ? [held, -rest / slope] : [-rest / slope, held]) as [number, number];
    }
    dx = dx.map((d) => Math.max(-1, Math.min(1, Number.isFinite(d) ? d : 0))) as [number, number];
    // Newton's step, halved while it lands where ngspice did not finish or the fit got worse.
    for (let halving = 0; halving < 3; halving++) {
      const next = inside([x[0] + dx[0], x[1] + dx[1]]);
      const error = await misfit(input, at(next), `${tag}${step}`);
      const fit = at(next);
      console.log(
        `${input.partNumber} step ${step}: R_G(int) ${fit.rgInt} Ω, slope ${fit.satSlope}, C_ds share ${fit.cdsShare}: E_on ${(Math.expm1(error[0]) * 100).toFixed(1)} %, E_off ${(Math.expm1(error[1]) * 100).toFixed(1)} %`,
      );
      if (worst(error) < worst(best.error)) {
        best = { x: next, fit, error };
        break;
      }
      dx = [dx[0] / 2, dx[1] / 2];
    }
  }
  return best;
}

const withinTolerance = (error: [number, number]) => error.every((value) => Math.abs(Math.expm1(value)) <= SWITCHING_TOLERANCE);

async function fitPart(input: MosfetModelInput): Promise<{ fit: SwitchingFit; error: [number, number] }> {
  // First R_G(int) and the saturation slope, C_ds at decision 051's share: from decision 027's values, or where
  // ngspice finishes (a slower gate and a higher plateau if it did not).
  const rgExt = input.loss.switchingRef.rg;
  const base: SwitchingFit = { rgInt: rgExt, satSlope: 0.5, cdsShare: DEFAULT_CDS_SHARE };
  const first = await newton(
    input,
    "satSlope",
    base,
    [
      [rgExt, 0.5],
      [1.6 * rgExt, 0.35],
      [2.4 * rgExt, 0.25],
      [0.6 * rgExt, 0.7],
    ],
    "",
  );
  if (!first) throw new Error(`${input.partNumber}: no starting point ran through the double-pulse leg`);
  if (withinTolerance(first.error)) return first;
  // Then, where those two could not reach both energies, R_G(int) and C_ds's constant share with the slope where the
  // first search left it: more C_oss at high voltage takes load current from the channel at turn-off, so R_G(int)
  // can slow the turn-on without the turn-off's loss (switching-fit.ts says why the share's bounds are what they are).
  const second = await newton(
    input,
    "cdsShare",
    first.fit,
    [
      [first.fit.rgInt, 0.3],
      [1.3 * first.fit.rgInt, 0.3],
      [first.fit.rgInt, 0.5],
    ],
    "c",
  );
  return second && worst(second.error) < worst(first.error) ? second : first;
}

try {
  const inputs = readModelInputs().filter((input): input is MosfetModelInput => input.kind === "mosfet" && (only.size === 0 || only.has(input.partNumber)));
  const fits: Record<string, Omit<SwitchingFit, "cdsShare"> & { cdsShare?: number; withinTolerance: boolean }> = {};
  for (const input of readModelInputs())
    if (input.kind === "mosfet") {
      const { cdsShare, ...rest } = switchingFitOf(input.partNumber, input.loss.switchingRef.rg);
      fits[input.partNumber] = { ...rest, ...(cdsShare === DEFAULT_CDS_SHARE ? {} : { cdsShare }), withinTolerance: switchingFitReached(input.partNumber) };
    }
  // Parts whose model inputs are the same but for the name (a package variant with the same die and data) share one fit.
  const key = (input: MosfetModelInput) => JSON.stringify({ ...input, partNumber: "", package: "", datasheet: null, lifecycle: null });
  const queue = inputs.filter((input, index) => inputs.findIndex((other) => key(other) === key(input)) === index);
  // Two parts at a time: the machine's cores are shared.
  const worker = async () => {
    for (let input = queue.shift(); input; input = queue.shift()) {
      const { fit, error } = await fitPart(input);
      // The same test as the report's check: |simulated/datasheet − 1| within the tolerance for both energies.
      // C_ds's share is written only where it was fitted.
      const { cdsShare, ...rest } = fit;
      const written = cdsShare === DEFAULT_CDS_SHARE ? rest : fit;
      for (const same of inputs) if (key(same) === key(input)) fits[same.partNumber] = { ...written, withinTolerance: withinTolerance(error) };
      console.log(
        `${input.partNumber}: R_G(int) ${fit.rgInt} Ω, slope ${fit.satSlope}, C_ds share ${fit.cdsShare}; E_on ${(Math.expm1(error[0]) * 100).toFixed(1)} %, E_off ${(Math.expm1(error[1]) * 100).toFixed(1)} %`,
      );
    }
  };
  await Promise.all([worker(), worker()]);
  const sorted = Object.fromEntries(Object.entries(fits).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(switchingFitFile, `${JSON.stringify(sorted, null, 1)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
