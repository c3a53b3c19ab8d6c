// The inverter's modulation and what it changes in the losses of one switch position: the average over the
// fundamental period of duty × current (conduction) and of the current switched (switching), as factors that
// multiply the device's V0·I_pk, r·I_pk² and E·f_sw·I_pk/I_ref.
//
// Modulating functions (each phase's duty d = ½·(1 + M·sin θ + z(θ)), z the zero-sequence signal common to the
// three phases, in units of V_dc/2): A. M. Hava, R. J. Kerkman, T. A. Lipo, "Simple analytical and graphical
// methods for carrier-based PWM-VSI drives", IEEE Trans. Power Electron. 14(1), 1999, pp. 49–61 (SPWM; THIPWM
// with 1/6 injection; SVPWM, z = −(max + min)/2; DPWM1, each phase clamped to a rail for the 60° around the peak
// of its voltage). SPWM and THIPWM have closed forms (Casanellas 1994; the 1/6 injection term derived below), as
// has DPWM1's switching factor (below); the conduction of SVPWM and DPWM1 is averaged numerically over the
// fundamental period, the same average that test/unit/estimator-modulation.test.ts checks every closed form against.

import { interpolate } from "./equations.ts";
import type { Modulation } from "./modulation-names.ts";

export { modulations, type Modulation } from "./modulation-names.ts";

/**
 * The averages of one switch position (the switch and the freewheeling path beside it) over the fundamental
 * period, for a phase current I_pk·sin(θ − φ):
 *   switch: a = ⟨d·i⟩/I_pk and b = ⟨d·i²⟩/I_pk² over i > 0; s = ⟨|i|⟩/I_pk over i > 0 while the leg switches;
 *   diode (the freewheeling path, i < 0): the same; q = ⟨i²⟩/I_pk² while the leg switches (dead-time conduction).
 * Losses: P_cond = V0·I_pk·a + r·I_pk²·b; P_sw = f_sw·E_ref·(I_pk/I_ref)·(V/V_ref)^k·s.
 */
export interface PositionFactors {
  a: number;
  b: number;
  s: number;
  q: number;
  /** Share of the fundamental period in which the current has this sign and the leg switches (SPWM: ½). */
  n: number;
}
export interface ModulationFactors {
  switch: PositionFactors;
  diode: PositionFactors;
}

/** The zero-sequence signal of a modulation for phase a at angle θ (units of V_dc/2). */
export function zeroSequence(modulation: Modulation, m: number, theta: number): number {
  if (modulation === "spwm") return 0;
  if (modulation === "thipwm") return (m / 6) * Math.sin(3 * theta);
  const phases = [0, (-2 * Math.PI) / 3, (2 * Math.PI) / 3].map((shift) => m * Math.sin(theta + shift));
  const max = Math.max(...phases);
  const min = Math.min(...phases);
  if (modulation === "svpwm") return -(max + min) / 2;
  // DPWM1: the phase of the largest magnitude is clamped to its rail.
  return max + min >= 0 ? 1 - max : -1 - min;
}

/** Whether the leg of phase a is clamped (does not switch) at θ. */
function clamped(modulation: Modulation, m: number, theta: number): boolean {
  if (modulation !== "dpwm") return false;
  const duty = 0.5 * (1 + m * Math.sin(theta) + zeroSequence(modulation, m, theta));
  return duty >= 1 - 1e-12 || duty <= 1e-12;
}

/** Samples per fundamental period of the numerical average (midpoint rule; error ~1e-4 of the factors at DPWM's steps). */
const AVERAGE_SAMPLES = 7200;

/**
 * The factors by a numerical average over the fundamental period: d = ½·(1 + M·sin θ + z(θ)), clipped to 0…1
 * (overmodulation), current I_pk·sin(θ − φ).
 */
export function averagedFactors(modulation: Modulation, m: number, cosPhi: number, samples = AVERAGE_SAMPLES): ModulationFactors {
  const phi = Math.acos(Math.min(1, Math.max(-1, cosPhi)));
  const sums = { switch: { a: 0, b: 0, s: 0, q: 0, n: 0 }, diode: { a: 0, b: 0, s: 0, q: 0, n: 0 } };
  for (let index = 0; index < samples; index++) {
    const theta = ((index + 0.5) * 2 * Math.PI) / samples;
    const duty = Math.min(1, Math.max(0, 0.5 * (1 + m * Math.sin(theta) + zeroSequence(modulation, m, theta))));
    const current = Math.sin(theta - phi);
    const switching = clamped(modulation, m, theta) ? 0 : 1;
    // The upper position conducts for the share d of each switching period: its switch when i > 0, its diode
    // (or the channel in reverse) when i < 0.
    const target = current > 0 ? sums.switch : sums.diode;
    target.a += duty * Math.abs(current);
    target.b += duty * current ** 2;
    target.s += switching * Math.abs(current);
    target.q += switching * current ** 2;
    target.n += switching;
  }
  const scale = (sum: PositionFactors): PositionFactors => ({ a: sum.a / samples, b: sum.b / samples, s: sum.s / samples, q: sum.q / samples, n: sum.n / samples });
  return { switch: scale(sums.switch), diode: scale(sums.diode) };
}

/**
 * SPWM (Casanellas 1994) and THIPWM with 1/6 injection in closed form. The injected z = (M/6)·sin 3θ has only
 * odd triplen harmonics, whose product with sin(θ − φ) averages to zero over the half period of one sign, so the
 * V0 terms are SPWM's; in the r terms, with α = θ − φ,
 *   (1/2π)·∫₀^π ½·(M/6)·sin(3α + 3φ)·sin²α dα = (M/24π)·(−4/15)·cos 3φ = −M·cos 3φ/(90π)
 * (∫₀^π sin(3α + 3φ) dα = ⅔·cos 3φ, ∫₀^π sin(3α + 3φ)·cos 2α dα = 6/5·cos 3φ), with the opposite sign for the
 * diode (i < 0, sin²α the same, sin(3α + 3φ) changes sign with α → α + π).
 */
function closedFormFactors(modulation: "spwm" | "thipwm", m: number, cosPhi: number): ModulationFactors {
  const phi = Math.acos(Math.min(1, Math.max(-1, cosPhi)));
  const third = modulation === "thipwm" ? (m * Math.cos(3 * phi)) / (90 * Math.PI) : 0;
  const a = 1 / (2 * Math.PI);
  const aTerm = (m * cosPhi) / 8;
  const bTerm = (m * cosPhi) / (3 * Math.PI);
  const continuous = { s: 1 / Math.PI, q: 1 / 4, n: 1 / 2 };
  return {
    switch: { a: a + aTerm, b: 1 / 8 + bTerm - third, ...continuous },
    diode: { a: a - aTerm, b: 1 / 8 - bTerm + third, ...continuous },
  };
}

/**
 * DPWM1's switching factor in closed form. The leg rests for θ in (π/3, 2π/3) and (4π/3, 5π/3), the 60° around
 * each peak of its voltage; over a whole period the switch would switch ∫ max(sin(θ − φ), 0) dθ = 2, so
 *   s_switch = (1/2π)·(2 − Σ over both windows of ∫ max(sin(θ − φ), 0) dθ),
 * and the diode the same with sin(θ − φ) < 0 (φ shifted by π). Each integral is F(b − φ) − F(a − φ) with F the
 * antiderivative of max(sin x, 0): F(x) = 2·⌊x/2π⌋ + (x mod 2π < π ? 1 − cos(x mod 2π) : 2).
 */
export function dpwmSwitchingFactors(cosPhi: number): { switch: number; diode: number } {
  const phi = Math.acos(Math.min(1, Math.max(-1, cosPhi)));
  const positive = (x: number) => {
    const turns = Math.floor(x / (2 * Math.PI));
    const rest = x - turns * 2 * Math.PI;
    return 2 * turns + (rest < Math.PI ? 1 - Math.cos(rest) : 2);
  };
  const over = (from: number, to: number) => positive(to) - positive(from);
  // i < 0 is i > 0 shifted by π.
  const windows = [
    [Math.PI / 3, (2 * Math.PI) / 3],
    [(4 * Math.PI) / 3, (5 * Math.PI) / 3],
  ] as const;
  const restingSwitch = windows.reduce((sum, [from, to]) => sum + over(from - phi, to - phi), 0);
  const restingDiode = windows.reduce((sum, [from, to]) => sum + over(from - phi - Math.PI, to - phi - Math.PI), 0);
  return { switch: (2 - restingSwitch) / (2 * Math.PI), diode: (2 - restingDiode) / (2 * Math.PI) };
}

const cache = new Map<string, ModulationFactors>();

/** The factors of a modulation at M and cos φ (the numerical ones computed once per point and kept). */
export function modulationFactors(modulation: Modulation, m: number, cosPhi: number): ModulationFactors {
  if (modulation === "spwm" || modulation === "thipwm") return closedFormFactors(modulation, m, cosPhi);
  const key = `${modulation}:${m}:${cosPhi}`;
  let factors = cache.get(key);
  if (!factors) {
    factors = averagedFactors(modulation, m, cosPhi);
    if (modulation === "dpwm") {
      const s = dpwmSwitchingFactors(cosPhi);
      factors = { switch: { ...factors.switch, s: s.switch }, diode: { ...factors.diode, s: s.diode } };
    }
    if (cache.size > 256) cache.clear();
    cache.set(key, factors);
  }
  return factors;
}

/** Conduction of one side of a switch position with on-state v = V0 + r·i: P = V0·I_pk·a + r·I_pk²·b. */
export function positionConduction(v0: number, r: number, iPeak: number, factors: PositionFactors): number {
  return v0 * iPeak * factors.a + r * iPeak ** 2 * factors.b;
}

/**
 * The mean over the fundamental period of a switching energy E(i) (points, piecewise linear) switched while the leg
 * switches and the current has the side's sign (switch: i > 0; diode, its recovery: i < 0), i = I_pk·sin(θ − φ):
 * (1/2π)·∫ E(I_pk·|sin(θ − φ)|) dθ over those θ. Numerical (midpoint rule): a clamping modulation (DPWM1) skips the
 * events of its resting windows, which carry the highest currents at a high cos φ, so E's shape matters there.
 */
export function switchedAverage(
  modulation: Modulation,
  m: number,
  cosPhi: number,
  currents: readonly number[],
  energies: readonly number[],
  iPeak: number,
  side: "switch" | "diode",
  samples = AVERAGE_SAMPLES,
): number {
  const phi = Math.acos(Math.min(1, Math.max(-1, cosPhi)));
  let sum = 0;
  for (let index = 0; index < samples; index++) {
    const theta = ((index + 0.5) * 2 * Math.PI) / samples;
    const current = Math.sin(theta - phi);
    if ((side === "switch" ? current <= 0 : current >= 0) || clamped(modulation, m, theta)) continue;
    sum += interpolate(currents, energies, iPeak * Math.abs(current));
  }
  return sum / samples;
}

/**
 * The freewheeling path of a synchronous-rectifier MOSFET's switch position under any modulation, as factors of
 * r·I_pk² (channel) and V0·I_pk, r_d·I_pk² (body diode): while i < 0 the position carries the current for the share d
 * of each switching period, through its body diode in the two dead times (share Δ = 2·t_dd·f_sw) but never longer
 * than d itself (a short freewheeling interval is all body diode), through its channel for the rest; in a clamped
 * window (DPWM1) there is no dead time, the channel carries d (= 1) whole. Numerical over the fundamental period.
 */
export interface FreewheelFactors {
  channel: number;
  diodeA: number;
  diodeB: number;
}
const freewheelCache = new Map<string, FreewheelFactors>();
export function freewheelFactors(modulation: Modulation, m: number, cosPhi: number, share: number, samples = AVERAGE_SAMPLES): FreewheelFactors {
  const key = `${modulation}:${m}:${cosPhi}:${share}:${samples}`;
  const known = freewheelCache.get(key);
  if (known) return known;
  const phi = Math.acos(Math.min(1, Math.max(-1, cosPhi)));
  const sums = { channel: 0, diodeA: 0, diodeB: 0 };
  for (let index = 0; index < samples; index++) {
    const theta = ((index + 0.5) * 2 * Math.PI) / samples;
    const current = Math.sin(theta - phi);
    if (current >= 0) continue;
    const duty = Math.min(1, Math.max(0, 0.5 * (1 + m * Math.sin(theta) + zeroSequence(modulation, m, theta))));
    const dead = clamped(modulation, m, theta) ? 0 : Math.min(share, duty);
    sums.channel += current ** 2 * (duty - dead);
    sums.diodeA += -current * dead;
    sums.diodeB += current ** 2 * dead;
  }
  const factors = { channel: sums.channel / samples, diodeA: sums.diodeA / samples, diodeB: sums.diodeB / samples };
  if (freewheelCache.size > 256) freewheelCache.clear();
  freewheelCache.set(key, factors);
  return factors;
}
