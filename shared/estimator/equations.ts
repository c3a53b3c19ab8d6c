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

/** Value of an on-state parameter at T_j, linear through (25 °C, at25) and (tHot, atHot). */
export function atTemperature(at25: number, atHot: number, tHot: number, tj: number): number {
  const t = Math.min(Math.max(tj, MODEL_TJ_RANGE.min), MODEL_TJ_RANGE.max);
  return at25 + ((atHot - at25) * (t - 25)) / (tHot - 25);
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
export function spwmDeadTimeDiode(v0: number, r: number, iPeak: number, deadTime: number, fsw: number): number {
  return 2 * deadTime * fsw * ((v0 * iPeak) / Math.PI + (r * iPeak ** 2) / 4);
}

/** DC/DC: the body diode of the synchronous rectifier carries the DC current in both dead times: 2·t_dd·f_sw·(V0·I + r·I²). */
export function dcDeadTimeDiode(v0: number, r: number, current: number, deadTime: number, fsw: number): number {
  return 2 * deadTime * fsw * (v0 * current + r * current ** 2);
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
