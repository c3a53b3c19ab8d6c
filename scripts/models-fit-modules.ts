// `npx node scripts/models-fit-modules.ts [part …]`: fits, per SiC module, its switch's R_G(int) and saturation slope
// (the discrete fit's two values and bounds, decision 051) so that the switch's double-pulse leg, at the module
// datasheet's switching conditions and T_j, with the module's convergence floor (module-switching-fit.ts), gives the
// datasheet's E_on and E_off. A Newton search on the logarithms, as scripts/models-fit.ts does for the discrete parts,
// from the first of a few starting points that runs through. Writes server/upstream/models/module-switching-fit.json;
// run scripts/models.ts and scripts/models-validation.ts after it (docs/decisions/053-module-models.md).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readModuleInputs, type SicModuleInput } from "../server/upstream/models/module-inputs.ts";
import { MODULE_ABSTOL, moduleSwitchingFitFile, moduleSwitchingFits } from "../server/upstream/models/module-switching-fit.ts";
import { ngspiceModel } from "../server/upstream/models/ngspice.ts";
import { MODEL_VERSION } from "../server/upstream/models/pack.ts";
import { DEFAULT_CDS_SHARE, SWITCHING_FIT_BOUNDS, type SwitchingFit } from "../server/upstream/models/switching-fit.ts";
import { runSwitching, SWITCHING_TOLERANCE } from "../server/upstream/models/validation.ts";

const only = new Set(process.argv.slice(2));
const dir = mkdtempSync(path.join(tmpdir(), "qy-module-fit-"));
const bounds = [SWITCHING_FIT_BOUNDS.rgInt, SWITCHING_FIT_BOUNDS.satSlope] as const;
const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));
const at = (x: [number, number]): SwitchingFit => ({
  rgInt: Number(clamp(Math.exp(x[0]), bounds[0]).toPrecision(3)),
  satSlope: Number(clamp(Math.exp(x[1]), bounds[1]).toPrecision(3)),
  // A module's switch keeps the discrete default: its two fitted values reach every module's energies.
  cdsShare: DEFAULT_CDS_SHARE,
});
const inside = (x: [number, number]) => x.map((value, k) => Math.log(clamp(Math.exp(value), bounds[k]!))) as [number, number];
const worst = ([a, b]: [number, number]) => (Number.isFinite(a) && Number.isFinite(b) ? Math.max(Math.abs(a), Math.abs(b)) : Number.POSITIVE_INFINITY);

/** ln(simulated/datasheet) of E_on and E_off (NaN where the run did not finish). */
async function misfit(input: SicModuleInput, fit: SwitchingFit, tag: string): Promise<[number, number]> {
  const sw = input.switch;
  const file = path.join(dir, `${sw.partNumber}-${tag}.lib`);
  writeFileSync(file, ngspiceModel(sw, MODEL_VERSION, fit));
  const { eon, eoff } = await runSwitching(sw, file, dir, MODULE_ABSTOL, sw.loss.switchingRef.tj);
  return [Math.log((eon * 1e3) / sw.loss.eOn), Math.log((eoff * 1e3) / sw.loss.eOff)];
}

async function fitModule(input: SicModuleInput): Promise<{ fit: SwitchingFit; error: [number, number] }> {
  const rgExt = input.switch.loss.switchingRef.rg;
  // A slower gate and a higher plateau than the discrete defaults first: at module currents R_G(int) = R_G(ext)
  // switched several times faster than the datasheet's energies say.
  const starts: Array<[number, number]> = [
    [2.5 * rgExt, 0.3],
    [2.5 * rgExt, 0.5],
    [6 * rgExt, 0.3],
    [rgExt, 0.5],
  ];
  let best = { x: [0, 0] as [number, number], fit: at([0, 0]), error: [Number.NaN, Number.NaN] as [number, number] };
  for (const [rg, slope] of starts) {
    const x = inside([Math.log(rg), Math.log(slope)]);
    best = { x, fit: at(x), error: await misfit(input, at(x), "0") };
    if (best.error.every(Number.isFinite)) break;
  }
  if (!best.error.every(Number.isFinite)) throw new Error(`${input.partNumber}: no starting point ran through the double-pulse leg`);
  const h = 0.2;
  for (let step = 1; step <= 5 && worst(best.error) > 0.05; step++) {
    const { x, error: f } = best;
    const columns: Array<[number, number]> = [];
    for (const k of [0, 1]) {
      let column: [number, number] = [Number.NaN, Number.NaN];
      for (const sign of Math.exp(x[k]! + h) > bounds[k]![1] ? [-1] : [1, -1]) {
        const probe: [number, number] = k === 0 ? [x[0] + sign * h, x[1]] : [x[0], x[1] + sign * h];
        const g = await misfit(input, at(probe), `${step}-${k}`);
        column = [(g[0] - f[0]) / (sign * h), (g[1] - f[1]) / (sign * h)];
        if (column.every(Number.isFinite)) break;
      }
      columns.push(column);
    }
    const [a, b] = columns as [[number, number], [number, number]];
    const det = a[0] * b[1] - b[0] * a[1];
    if (!(Math.abs(det) > 1e-6)) break;
    let dx: [number, number] = [(-f[0] * b[1] + f[1] * b[0]) / det, (-f[1] * a[0] + f[0] * a[1]) / det];
    dx = dx.map((d) => Math.max(-1, Math.min(1, d))) as [number, number];
    for (let halving = 0; halving < 3; halving++) {
      const next = inside([x[0] + dx[0], x[1] + dx[1]]);
      const error = await misfit(input, at(next), `${step}`);
      console.log(
        `${input.partNumber} step ${step}: ${JSON.stringify(at(next))}: E_on ${(Math.expm1(error[0]) * 100).toFixed(1)} %, E_off ${(Math.expm1(error[1]) * 100).toFixed(1)} %`,
      );
      if (worst(error) < worst(best.error)) {
        best = { x: next, fit: at(next), error };
        break;
      }
      dx = [dx[0] / 2, dx[1] / 2];
    }
  }
  return { fit: best.fit, error: best.error };
}

try {
  const fits = { ...moduleSwitchingFits() };
  const queue = readModuleInputs().filter((input): input is SicModuleInput => input.kind === "sicModule" && (only.size === 0 || only.has(input.partNumber)));
  // Two modules at a time: the machine's cores are shared.
  const worker = async () => {
    for (let input = queue.shift(); input; input = queue.shift()) {
      const { fit, error } = await fitModule(input);
      const withinTolerance = error.every((value) => Math.abs(Math.expm1(value)) <= SWITCHING_TOLERANCE);
      fits[input.partNumber] = { ...fit, withinTolerance };
      console.log(`${input.partNumber}: ${JSON.stringify(fit)}; E_on ${(Math.expm1(error[0]) * 100).toFixed(1)} %, E_off ${(Math.expm1(error[1]) * 100).toFixed(1)} %`);
    }
  };
  await Promise.all([worker(), worker()]);
  const sorted = Object.fromEntries(Object.entries(fits).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(moduleSwitchingFitFile, `${JSON.stringify(sorted, null, 1)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
