// The loss equations of a hard-switched two-level half-bridge leg, as pure functions of scalars.
// Sources: F. Casanellas, "Losses in PWM inverters using IGBTs", IEE Proc.-Electr. Power Appl. 141(5), 1994
// (the SPWM conduction and switching averages); A. Wintrich et al., Semikron "Application Manual Power
// Semiconductors", 2nd ed. 2015, ch. 5 (linear current and (V/V_ref)^k voltage scaling of switching energies).
// Units: V, A, Ω, J, Hz, W.

/**
 * The junction temperatures the on-state characteristics are taken over (°C): datasheets characterise no
 * further, and beyond it a linear extrapolation could turn a resistance negative. Above it the model's losses no
 * longer depend on T_j, so the estimator judges thermal stability inside this range.
 */
export const MODEL_TJ_RANGE = { min: -55, max: 250 } as const;

/**
 * Value of a characteristic given at points (xs ascending, at least two), piecewise linear between them and
 * continued along the first or last segment beyond them. Datasheet curves of SiC R_DS(on)(T_j) are convex, so
 * a line through 25 °C and T_j,max alone overstates the resistance in between.
 */
export function interpolate(xs: readonly number[], ys: readonly number[], x: number): number {
  const last = xs.length - 1;
  let index = 0;
  while (index < last - 1 && x > xs[index + 1]!) index++;
  const x0 = xs[index]!;
  const x1 = xs[index + 1]!;
  return ys[index]! + ((ys[index + 1]! - ys[index]!) * (x - x0)) / (x1 - x0);
}

/** Value of an on-state parameter at T_j from its points (T_j clamped to the model's range). */
export function atTemperature(ts: readonly number[], values: readonly number[], tj: number): number {
  return interpolate(ts, values, Math.min(Math.max(tj, MODEL_TJ_RANGE.min), MODEL_TJ_RANGE.max));
}

/**
 * Conduction loss of the switch of an SPWM leg with on-state v = V0 + r·i, phase current I_pk·sin θ, modulation
 * index M and displacement cos φ (Casanellas 1994):
 *   P = V0·I_pk·(1/(2π) + M·cos φ/8) + r·I_pk²·(1/8 + M·cos φ/(3π))
 */
export function spwmSwitchConduction(v0: number, r: number, iPeak: number, m: number, cosPhi: number): number {
  return v0 * iPeak * (1 / (2 * Math.PI) + (m * cosPhi) / 8) + r * iPeak ** 2 * (1 / 8 + (m * cosPhi) / (3 * Math.PI));
}

/** The same for the freewheeling diode of the leg (Casanellas 1994): the M·cos φ terms change sign. */
export function spwmDiodeConduction(v0: number, r: number, iPeak: number, m: number, cosPhi: number): number {
  return v0 * iPeak * (1 / (2 * Math.PI) - (m * cosPhi) / 8) + r * iPeak ** 2 * (1 / 8 - (m * cosPhi) / (3 * Math.PI));
}

/**
 * Switching loss over a sine half-period: events at i = I_pk·sin θ for θ in (0, π), energy linear in current, so
 * the average of sin θ over the whole period, 1/π, remains (Semikron manual, ch. 5):
 *   P = f_sw·E_ref·(1/π)·(I_pk/I_ref)·(V/V_ref)^k
 */
export function spwmSwitching(eRef: number, iRef: number, vRef: number, k: number, iPeak: number, vBus: number, fsw: number): number {
  return (fsw * eRef * iPeak * (vBus / vRef) ** k) / (Math.PI * iRef);
}

/** DC/DC: a device on for a share `share` of the period at a DC current I: P = share·(V0·I + r·I²). */
export function dcConduction(v0: number, r: number, current: number, share: number): number {
  return share * (v0 * current + r * current ** 2);
}

/** DC/DC: every period switches the DC current once on and once off: P = f_sw·E_ref·(I/I_ref)·(V/V_ref)^k. */
export function dcSwitching(eRef: number, iRef: number, vRef: number, k: number, current: number, vBus: number, fsw: number): number {
  return (fsw * eRef * current * (vBus / vRef) ** k) / iRef;
}

/**
 * A MOSFET body diode conducts in the two dead times of each period while the current freewheels through its
 * device; over the half-sine that does so: P = 2·t_dd·f_sw·(V0·I_pk/π + r·I_pk²/4)
 * (the mean of sin θ and sin² θ over a whole period are 1/π and 1/4).
 */
function spwmDeadTimeDiode(v0: number, r: number, iPeak: number, deadTime: number, fsw: number): number {
  return 2 * deadTime * fsw * ((v0 * iPeak) / Math.PI + (r * iPeak ** 2) / 4);
}

/** DC/DC: the body diode of the synchronous rectifier carries the DC current in both dead times: 2·t_dd·f_sw·(V0·I + r·I²). */
export function dcDeadTimeDiode(v0: number, r: number, current: number, deadTime: number, fsw: number): number {
  return 2 * deadTime * fsw * (v0 * current + r * current ** 2);
}

/** The freewheeling path of a synchronous-rectifier MOSFET: its channel in reverse, its body diode in the dead times (W). */
export interface Freewheel {
  channel: number;
  bodyDiode: number;
}

/** Points of the quadrature over the half-period when the dead times outlast the shortest freewheeling interval. */
const FREEWHEEL_STEPS = 96;

/**
 * SPWM: the device that freewheels (1 − d(θ) of each period, d = (1 + M·sin(θ + φ))/2, current I_pk·sin θ for
 * θ in (0, π)) does so through its channel except in the two dead times, share Δ = 2·t_dd·f_sw, when the body
 * diode (V0 + r_d·i) carries the current. Where Δ fits into every freewheeling interval (Δ ≤ (1 − M)/2) this is
 * the closed form: channel = r·I_pk²·(1/8 − M·cos φ/(3π)) − Δ·r·I_pk²/4, diode = Δ·(V0·I_pk/π + r_d·I_pk²/4);
 * otherwise the diode takes the whole freewheeling interval where it is shorter than Δ, summed numerically.
 */
export function spwmFreewheel(rChannel: number, v0Diode: number, rDiode: number, iPeak: number, m: number, cosPhi: number, deadTime: number, fsw: number): Freewheel {
  const share = Math.min(1, 2 * deadTime * fsw);
  if (share <= (1 - Math.min(m, 1)) / 2 + 1e-12) {
    return {
      channel: spwmDiodeConduction(0, rChannel, iPeak, m, cosPhi) - (share * rChannel * iPeak ** 2) / 4,
      bodyDiode: spwmDeadTimeDiode(v0Diode, rDiode, iPeak, deadTime, fsw),
    };
  }
  // Midpoint rule over θ in (0, π); the phase angle φ follows from cos φ (sin φ ≥ 0: the sign of φ does not
  // change the averages of the closed form, and the lagging case is the usual one).
  const sinPhi = Math.sqrt(Math.max(0, 1 - cosPhi ** 2));
  let channel = 0;
  let bodyDiode = 0;
  for (let step = 0; step < FREEWHEEL_STEPS; step++) {
    const theta = ((step + 0.5) * Math.PI) / FREEWHEEL_STEPS;
    const sinTheta = Math.sin(theta);
    const i = iPeak * sinTheta;
    const free = (1 - m * (sinTheta * cosPhi + Math.cos(theta) * sinPhi)) / 2;
    const dead = Math.min(share, Math.max(0, free));
    channel += rChannel * i * i * (free - dead);
    bodyDiode += (v0Diode * i + rDiode * i * i) * dead;
  }
  // (1/2π)·∫₀^π … dθ with dθ = π/N.
  const scale = 1 / (2 * FREEWHEEL_STEPS);
  return { channel: channel * scale, bodyDiode: bodyDiode * scale };
}

/**
 * DC/DC: the synchronous rectifier freewheels for 1 − D of the period (D = the switch's conduction share, which
 * the converter's control sets to the conversion ratio whatever the dead time), through its body diode in both
 * dead times (share Δ = 2·t_dd·f_sw, at most 1 − D) and through its channel for the rest.
 */
export function dcFreewheel(rChannel: number, v0Diode: number, rDiode: number, current: number, duty: number, deadTime: number, fsw: number): Freewheel {
  const dead = Math.min(2 * deadTime * fsw, 1 - duty);
  return {
    channel: dcConduction(0, rChannel, current, 1 - duty - dead),
    bodyDiode: dcConduction(v0Diode, rDiode, current, dead),
  };
}

/**
 * Hard-switching loss from the transition times of a linear voltage and current ramp (ROHM, "Calculation of
 * Power Loss (Synchronous)", No. AEK59-D1-0065-2, eq. (3)): P = ½·V·I·(t_r + t_f)·f_sw.
 */
export function transitionSwitching(vBus: number, current: number, tRise: number, tFall: number, fsw: number): number {
  return 0.5 * vBus * current * (tRise + tFall) * fsw;
}

/**
 * Energy dissipated in the switch each time it charges a Schottky diode's junction capacitance to the bus voltage V
 * (J), given the diode's datasheet charge Q_ref at V_ref and the exponent k of Q(V)·V = Q_ref·V_ref·(V/V_ref)^k.
 *
 * Derivation (no published statement of the factor was found, so it is worked out here): the charge follows
 * Q(v) = Q_ref·(v/V_ref)^(k−1). Charging from 0 to V draws Q(V) from the bus at the constant voltage V, so the bus
 * delivers V·Q(V). The capacitance keeps E_C = ∫₀^V v·dQ = (k−1)·Q_ref·V_ref^(1−k)·∫₀^V v^(k−1) dv = ((k−1)/k)·V·Q(V),
 * which it gives back, without loss, to the load current at the next transition. The rest is dissipated in the
 * switch's channel that carries the charging current: E = V·Q(V) − E_C = V·Q(V)/k.
 * For an abrupt junction, C ∝ v^(−1/2), Q ∝ √v, k = 1.5: E = ⅔·Q_C·V, and ⅓·Q_C·V is stored (charging a
 * linear capacitor, k = 2, gives the familiar ½·C·V² = ½·Q·V in the resistance).
 */
export function capacitiveChargeLoss(qRef: number, vRef: number, k: number, vBus: number): number {
  return (qRef * vRef * (vBus / vRef) ** k) / k;
}

/**
 * How a switching energy scales with the external gate resistance: the datasheet's E(R_G) curve (points, as
 * multiples of any common value) read at R_G and at the reference R_G, and divided. A higher R_G slows the
 * transitions (more E_on and E_off); a diode's recovery energy falls with the slower di/dt. Floored at a tenth
 * so an extrapolation far below the curve never switches for free.
 */
export function gateResistanceFactor(rgs: readonly number[], energies: readonly number[], rgRef: number, rg: number): number {
  if (rg === rgRef) return 1;
  return Math.max(0.1, interpolate(rgs, energies, rg) / interpolate(rgs, energies, rgRef));
}

/**
 * The mean over a whole output period of a switching energy E(i) (points, piecewise linear, continued along the
 * last segment) switched at i = I_pk·sin θ in the half-period θ in (0, π) that the device switches:
 * (1/2π)·∫₀^π E(I_pk·sin θ) dθ = (1/π)·∫₀^{π/2} E(I_pk·sin θ) dθ. On a segment E = a + b·i, so its stretch of θ
 * contributes a·Δθ + b·I_pk·(cos θ₁ − cos θ₂): exact, and for E linear through zero it is E_ref·I_pk/(π·I_ref),
 * the average of spwmSwitching.
 */
export function sineAverage(currents: readonly number[], energies: readonly number[], iPeak: number): number {
  const last = currents.length - 2;
  let sum = 0;
  for (let index = 0; index <= last; index++) {
    const x0 = currents[index]!;
    const x1 = currents[index + 1]!;
    const slope = (energies[index + 1]! - energies[index]!) / (x1 - x0);
    const offset = energies[index]! - slope * x0;
    // The first segment also covers currents below its first point, the last those above its last.
    const from = index === 0 ? 0 : Math.asin(Math.min(1, x0 / iPeak));
    const to = index === last ? Math.PI / 2 : Math.asin(Math.min(1, x1 / iPeak));
    if (to > from) sum += offset * (to - from) + slope * iPeak * (Math.cos(from) - Math.cos(to));
  }
  return sum / Math.PI;
}
