// The plausibility bounds of the device-data schema (loss-data.ts), apart from it so that pages which only list
// them (the estimator's methods page) carry no zod.

/**
 * The plausibility bounds of every device-data field, by quantity: wider than any power device's datasheet (from a
 * small GaN transistor to a 3.3 kV module), narrow enough that a unit slip or a typo (mΩ for Ω, V for kV, an
 * exponent of 100) is refused with the field's name instead of estimating NaN, Infinity or 10^13 °C. The estimator's
 * methods page lists them.
 */
export const lossDataBounds = {
  /** Ratings, switching-reference and Q_C voltages (V). */
  voltage: { min: 1, max: 10_000 },
  /** Ratings, switching-reference, maximum-value and datasheet-point currents (A). */
  current: { min: 0.01, max: 10_000 },
  /** A pulsed or surge current rating (A). */
  pulseCurrent: { min: 0.01, max: 100_000 },
  /** Thermal resistances and Foster r_i (K/W). */
  rth: { min: 0.0001, max: 100 },
  /** Foster time constants τ_i (s). */
  tau: { min: 1e-9, max: 10_000 },
  /** On-state threshold voltages V0 (V; a MOSFET channel's is 0). */
  threshold: { min: 0, max: 10 },
  /** On-state voltages at a datasheet point: V_SD, the maximum V_on (V). */
  onVoltage: { min: 0.01, max: 20 },
  /** Slope resistances r and R_DS(on) (mΩ). */
  resistance: { min: 0.01, max: 100_000 },
  /** Switching energies, reference and table values (mJ). */
  energy: { min: 0, max: 10_000 },
  /** Voltage exponents k of the switching energies (V/V_ref)^k. */
  exponent: { min: 0.3, max: 3 },
  /** A Schottky diode's k of Q_C·V_ref·(V/V_ref)^k: from 1 (a constant charge) up. */
  chargeExponent: { min: 1, max: 3 },
  /** Charges Q_rr, Q_C (nC). */
  charge: { min: 0, max: 1_000_000 },
  /** Dead time (ns). */
  deadTime: { min: 1, max: 10_000 },
  /** Gate resistances (Ω). */
  gateResistance: { min: 0.01, max: 1_000 },
  /**
   * Values of an E(R_G) curve (any common scale, read as ratios). Down to 0.1 µJ in mJ: a small 1700 V die's E_off is
   * 1 µJ at its datasheet's 2 A (QCM750170K3), so 0.8 µJ at half its reference R_G.
   */
  gateCurve: { min: 0.0001, max: 1_000_000 },
  /** Junction and rating temperatures (°C). */
  celsius: { min: -55, max: 200 },
  /** The switching reference's voltage as a share of the rated voltage (double-pulse tests run at 5–100 % of it). */
  referenceShare: { min: 0.05, max: 1 },
} as const;
