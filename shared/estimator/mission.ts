// A load cycle (mission profile, one step beyond the steady point): a short table of steps (duration, current,
// output frequency), e.g. a motor starting at 1–5 Hz for 10 s, then nominal. Each step's losses are the steady
// estimate's at its current and f_o (taken at that step's steady T_j, so never below what the junction dissipates
// on its way there), spread over each output period as the ripple spreads them (ripple.ts); the part's Foster
// network, from T_c at the start, carries the junction through the whole cycle. The peak is judged against T_j,max.
// A PFC stage's cycle is the same with each step's frequency the line's (its losses spread over the line period as
// ripple.ts spreads them; docs/decisions/043-line-frequency-and-slow-leg.md): a start-up or a brown-out at high line
// current, then nominal.
import type { LossData } from "../contract/loss-data.ts";
import { MODEL_TJ_RANGE } from "./equations.ts";
import { estimate, type JunctionName } from "./estimate.ts";
import { LINE_FREQUENCY, type OperatingPoint } from "./operating-point.ts";
import { junctionWaveforms } from "./ripple.ts";

export interface LoadStep {
  /** Duration (s). */
  duration: number;
  /** Phase current, RMS or peak as the operating point says (A). */
  current: number;
  /** Output frequency f_o (Hz); at a PFC point the line frequency. */
  fo: number;
}

/** The bounds of a step's fields and of the table. */
const loadStepLimits = {
  duration: { min: 0.001, max: 3600 },
  current: { min: 0.01, max: 5000 },
  fo: { min: 0.1, max: 2000 },
  steps: { min: 1, max: 10 },
} as const;

interface MissionStep extends LoadStep {
  /** Start of the step (s). */
  start: number;
  /** The step's mean power into each junction (W). */
  powers: number[];
  /** The hottest junction temperature reached in the step (°C); null above the data's range. */
  peak: number | null;
}

export interface MissionResult {
  steps: MissionStep[];
  /** Hottest junction temperature over the cycle (°C); null above the data's range (250 °C). */
  peak: number | null;
  /** Which junction, and when (s from the start). */
  junction: JunctionName;
  at: number;
  tjMax: number;
  /** The hottest junction temperature of each output period, at the period's end (s), at most about 400 points. */
  trace: Array<{ t: number; tj: number }>;
  suitable: boolean;
}

/** Substeps per output period: fine for a few periods, coarser for thousands (the whole cycle stays near 200,000). */
function substepsPerPeriod(periods: number): number {
  return Math.max(12, Math.min(360, Math.floor(200_000 / Math.max(1, periods))));
}

const isPfc = (mode: OperatingPoint["mode"]) => mode === "boostpfc" || mode === "totempole";

/**
 * T_j over the cycle for an inverter or PFC part with a Z_th network; null where it has none (DC/DC, whose losses do
 * not follow a period, or no network, or no thermal path to the point's reference).
 */
export function missionProfile(data: LossData, op: OperatingPoint, steps: readonly LoadStep[]): MissionResult | null {
  if ((op.mode !== "inverter" && !isPfc(op.mode)) || steps.length === 0) return null;
  const perStep = steps.map((step) => {
    const point = { ...op, current: step.current, fo: step.fo };
    return { step, waveforms: junctionWaveforms(data, point, estimate(data, point)) };
  });
  if (perStep.some((entry) => !entry.waveforms || entry.waveforms.length === 0)) return null;
  const first = perStep[0]!.waveforms!;
  // One Foster state per junction and RC pair, from T_c (cold start).
  const states = first.map((junction) => junction.network.map(() => 0));
  const hottest = { tj: -Infinity, at: 0, junction: first[0]!.name };
  const trace: Array<{ t: number; tj: number }> = [{ t: 0, tj: op.tc }];
  const totalPeriods = steps.reduce((sum, step) => sum + step.duration * step.fo, 0);
  const traceEvery = Math.max(1, Math.ceil(totalPeriods / 400));
  let periodCount = 0;
  let time = 0;
  const result: MissionStep[] = [];
  for (const { step, waveforms } of perStep) {
    const periods = Math.max(1, Math.round(step.duration * step.fo));
    const substeps = substepsPerPeriod(periods);
    const dt = 1 / step.fo / substeps;
    let stepPeak = -Infinity;
    const decays = waveforms!.map((junction) => junction.network.map((pair) => Math.exp(-dt / pair.tau)));
    for (let period = 0; period < periods; period++) {
      let periodPeak = -Infinity;
      for (let sub = 0; sub < substeps; sub++) {
        waveforms!.forEach((junction, index) => {
          // The power held over the substep: the waveform's sample at the substep's middle.
          const p = junction.power[Math.floor(((sub + 0.5) / substeps) * junction.power.length)]!;
          let sum = 0;
          junction.network.forEach((pair, k) => {
            const state = states[index]!;
            state[k] = state[k]! * decays[index]![k]! + p * pair.r * (1 - decays[index]![k]!);
            sum += state[k]!;
          });
          const tj = op.tc + junction.steady + sum;
          if (tj > stepPeak) stepPeak = tj;
          if (tj > hottest.tj) Object.assign(hottest, { tj, at: time + (period + (sub + 1) / substeps) / step.fo, junction: junction.name });
          if (tj > periodPeak) periodPeak = tj;
        });
      }
      periodCount++;
      if (periodCount % traceEvery === 0) trace.push({ t: time + (period + 1) / step.fo, tj: periodPeak });
    }
    const powers = waveforms!.map((junction) => junction.power.reduce((sum, value) => sum + value, 0) / junction.power.length);
    result.push({ ...step, start: time, powers, peak: stepPeak > MODEL_TJ_RANGE.max ? null : stepPeak });
    time += periods / step.fo;
  }
  const tjMax = data.ratings.tjMax;
  const peak = hottest.tj > MODEL_TJ_RANGE.max ? null : hottest.tj;
  return { steps: result, peak, junction: hottest.junction, at: hottest.at, tjMax, trace, suitable: peak !== null && peak <= tjMax };
}

/**
 * Reads `cycle=<duration s>:<current A>:<f_o Hz>,…` (e.g. `10:40:2,20:20:50`); null without one. Each problem is a
 * message key of the estimator namespace's "mission" block with its bounds. At a PFC point (`mode`) the third value
 * is the line frequency, held to its own bounds (LINE_FREQUENCY) and, with the point's `fsw`, to as many switching
 * periods per line period as the point's own line frequency.
 */
export function parseLoadCycle(
  text: string | null | undefined,
  mode?: OperatingPoint["mode"],
  fsw?: number,
): { ok: true; steps: LoadStep[]; text: string } | { ok: false; message: string; values: Record<string, number> } | null {
  if (!text?.trim()) return null;
  const items = text.trim().split(",");
  if (items.length > loadStepLimits.steps.max) return { ok: false, message: "mission.errors.steps", values: { max: loadStepLimits.steps.max } };
  const steps: LoadStep[] = [];
  for (const [index, item] of items.entries()) {
    const parts = item.split(":");
    const numbers = parts.map((part) => (/^([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(part.trim()) ? Number(part) : Number.NaN));
    if (parts.length !== 3 || numbers.some((value) => !Number.isFinite(value))) return { ok: false, message: "mission.errors.format", values: { step: index + 1 } };
    const [duration, current, fo] = numbers as [number, number, number];
    for (const [field, value] of [
      ["duration", duration],
      ["current", current],
      ["fo", fo],
    ] as const) {
      const line = field === "fo" && mode !== undefined && isPfc(mode);
      const { min, max } = line ? LINE_FREQUENCY : loadStepLimits[field];
      if (value < min || value > max) return { ok: false, message: `mission.errors.${line ? "line" : field}`, values: { step: index + 1, min, max } };
      if (line && fsw !== undefined && fsw < LINE_FREQUENCY.periods * value)
        return { ok: false, message: "mission.errors.linePeriods", values: { step: index + 1, periods: LINE_FREQUENCY.periods } };
    }
    steps.push({ duration, current, fo });
  }
  return { ok: true, steps, text: steps.map((step) => `${step.duration}:${step.current}:${step.fo}`).join(",") };
}
