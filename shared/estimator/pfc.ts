// Closed-form line-cycle averages of the semiconductor losses of single-phase PFC stages in continuous conduction
// (decision 036): the conventional boost PFC (one switch, one boost diode, behind a diode bridge) and the
// totem-pole bridgeless PFC (a fast half-bridge switched at f_sw, a slow half-bridge at line frequency).
// Model: unity power factor, the input current a sine i(θ) = Î·|sin θ| with Î = √2·P_in/V_rms, its high-frequency
// ripple neglected (the switching-period average only), the output voltage V_o constant, the duty of the boost
// switch d(θ) = 1 − a·|sin θ| with a = V̂/V_o < 1. Over a half line cycle (θ in (0, π)) the means are
//   ⟨sin θ⟩ = 2/π, ⟨sin² θ⟩ = 1/2, ⟨sin³ θ⟩ = 4/(3π),
// so the boost switch carries I_avg = Î·(2/π − a/2) and I_rms² = Î²·(1/2 − 4a/(3π)) and the boost diode (or the
// synchronous rectifier) I_avg = Î·a/2 (= P_in/V_o) and I_rms² = Î²·4a/(3π) (e.g. Infineon, "PFC boost converter
// design guide", AN v2.0, 2016, section on the MOSFET RMS current). Switching energies are linear in current and
// scale with (V/V_ref)^k, as in equations.ts, so the mean of |sin θ| (2/π) remains.
// Units: V, A, Ω, J, Hz, W.
import { capacitiveChargeLoss } from "./equations.ts";

/** The line's input current and the ratio a = V̂/V_o that sets the duty (throws where the boost cannot regulate). */
export interface LineCurrent {
  /** Peak of the sinusoidal input current Î = √2·P_in/V_rms (A). */
  iPeak: number;
  /** V̂/V_o: the peak line voltage over the output voltage, below 1 for a boost. */
  a: number;
}

export function lineCurrent(vRms: number, vOut: number, pIn: number): LineCurrent {
  const a = (Math.SQRT2 * vRms) / vOut;
  if (!(a > 0 && a < 1)) throw new RangeError("The output voltage must exceed the peak line voltage");
  return { iPeak: (Math.SQRT2 * pIn) / vRms, a };
}

/** On-state v = V0 + r·i of one device (MOSFET channel: V0 = 0). */
export interface OnState {
  v0: number;
  r: number;
}

/** Turn-on plus turn-off energy E_ref at I_ref and V_ref, scaled by (V/V_ref)^k. */
export interface SwitchingEnergy {
  eRef: number;
  iRef: number;
  vRef: number;
  k: number;
}

/** A diode's capacitive charge Q_C at V_ref with Q ∝ V^(k−1) (SiC Schottky): dissipated in the switch that charges it. */
export interface CapacitiveCharge {
  qRef: number;
  vRef: number;
  k: number;
}

export interface PfcOperatingPoint {
  vRms: number;
  vOut: number;
  pIn: number;
  fsw: number;
}

export interface BoostPfcLosses {
  switchConduction: number;
  switchSwitching: number;
  /** The boost diode's capacitive charge, lost in the switch at each turn-on (W; 0 without a charge). */
  switchCapacitive: number;
  diodeConduction: number;
  /** Total of the switch and the boost diode (the input bridge is not included). */
  total: number;
}

/** The boost switch's conduction over the line: V0·Î·(2/π − a/2) + r·Î²·(1/2 − 4a/(3π)). */
export function boostSwitchConduction(on: OnState, iPeak: number, a: number): number {
  return on.v0 * iPeak * (2 / Math.PI - a / 2) + on.r * iPeak ** 2 * (0.5 - (4 * a) / (3 * Math.PI));
}

/** The boost diode's (or rectifier's) conduction over the line: V0·Î·a/2 + r·Î²·4a/(3π). */
export function boostDiodeConduction(on: OnState, iPeak: number, a: number): number {
  return on.v0 * iPeak * (a / 2) + on.r * iPeak ** 2 * ((4 * a) / (3 * Math.PI));
}

/** A device that carries the whole line current while it conducts: V0·Î·2/π + r·Î²/2 (per conducting half line cycle). */
export function lineConduction(on: OnState, iPeak: number): number {
  return on.v0 * iPeak * (2 / Math.PI) + (on.r * iPeak ** 2) / 2;
}

/**
 * One fast-leg device of a totem-pole over the whole line period, each term already halved (it is the boost switch
 * in one half line cycle, the synchronous rectifier in the other): its forward conduction as the switch, its reverse
 * conduction as the rectifier less the dead-time share dt = 2·t_dd·f_sw, and its body diode's in the dead times.
 */
export function totemPoleFast(channel: OnState, bodyDiode: OnState, iPeak: number, a: number, dt: number) {
  return {
    asSwitch: boostSwitchConduction(channel, iPeak, a) / 2,
    asRectifier: (channel.v0 * iPeak * (a / 2 - (dt * 2) / Math.PI) + channel.r * iPeak ** 2 * ((4 * a) / (3 * Math.PI) - dt / 2)) / 2,
    deadTime: (dt * lineConduction(bodyDiode, iPeak)) / 2,
  };
}

/** The mean over the line of a loss P = f_sw·E_ref·(i/I_ref)·(V_o/V_ref)^k for one event per period at i = Î·|sin θ|. */
function lineSwitching(energy: SwitchingEnergy, iPeak: number, vOut: number, fsw: number): number {
  return (fsw * energy.eRef * (2 / Math.PI) * iPeak * (vOut / energy.vRef) ** energy.k) / energy.iRef;
}

/**
 * Conventional CCM boost PFC: the switch conducts for d(θ), the boost diode for 1 − d(θ).
 *   P_S,cond = V0_S·Î·(2/π − a/2) + r_S·Î²·(1/2 − 4a/(3π))
 *   P_D,cond = V0_D·Î·a/2 + r_D·Î²·4a/(3π)
 *   P_S,sw = f_sw·E_ref·(2/π)·(Î/I_ref)·(V_o/V_ref)^k  (+ f_sw·Q_C·V_o/k of a Schottky's charge)
 * A SiC Schottky has no reverse recovery; a silicon diode's recovery is not modelled here.
 */
export function boostPfcLosses(op: PfcOperatingPoint, sw: OnState, energy: SwitchingEnergy, diode: OnState, charge: CapacitiveCharge | null): BoostPfcLosses {
  const { iPeak, a } = lineCurrent(op.vRms, op.vOut, op.pIn);
  const switchConduction = boostSwitchConduction(sw, iPeak, a);
  const diodeConduction = boostDiodeConduction(diode, iPeak, a);
  const switchSwitching = lineSwitching(energy, iPeak, op.vOut, op.fsw);
  const switchCapacitive = charge ? op.fsw * capacitiveChargeLoss(charge.qRef, charge.vRef, charge.k, op.vOut) : 0;
  return {
    switchConduction,
    switchSwitching,
    switchCapacitive,
    diodeConduction,
    total: switchConduction + switchSwitching + switchCapacitive + diodeConduction,
  };
}

export interface TotemPoleLosses {
  /** One fast-leg MOSFET: its channel as boost switch in one half line cycle and as synchronous rectifier in the other. */
  fastConduction: number;
  /** One fast-leg MOSFET's body diode in the two dead times of each period of its rectifier half cycle. */
  fastDeadTime: number;
  /** One fast-leg MOSFET's hard switching (it is the boost switch half of the line period). */
  fastSwitching: number;
  /** One slow-leg device: conducts the whole current for one half line cycle. */
  slowConduction: number;
  /** Both fast and both slow devices. */
  total: number;
}

/**
 * Totem-pole PFC in CCM, per device (both fast devices alike by symmetry, likewise both slow ones). Per fast MOSFET,
 * over the whole line period: boost switch in one half (duty d), synchronous rectifier in the other (1 − d less the
 * two dead times 2·t_dd·f_sw, carried by its body diode):
 *   P_cond = ½·[V0·Î·(2/π − a/2) + r·Î²·(1/2 − 4a/(3π))] + ½·[V0·Î·(a/2 − 2·t_dd·f_sw·2/π) + r·Î²·(4a/(3π) − 2·t_dd·f_sw/2)]
 *   P_dt   = ½·2·t_dd·f_sw·(V0_bd·Î·2/π + r_bd·Î²/2)
 *   P_sw   = ½·f_sw·E_ref·(2/π)·(Î/I_ref)·(V_o/V_ref)^k
 *   P_slow = ½·(V0_s·Î·2/π + r_s·Î²/2)
 * E_ref is the half-bridge turn-on plus turn-off energy, which holds the opposite device's output charge; the
 * body diode's reverse recovery is not added: in CCM this topology needs devices without it (GaN) or of small
 * Q_rr (SiC), a silicon super-junction body diode is outside the model. The zero-crossing transitions are neglected.
 */
export function totemPoleLosses(op: PfcOperatingPoint, fast: OnState, energy: SwitchingEnergy, bodyDiode: OnState, deadTime: number, slow: OnState): TotemPoleLosses {
  const { iPeak, a } = lineCurrent(op.vRms, op.vOut, op.pIn);
  const dt = 2 * deadTime * op.fsw;
  if (dt >= a) throw new RangeError("The dead times exceed the rectifier's conduction interval");
  const fast1 = totemPoleFast(fast, bodyDiode, iPeak, a, dt);
  const fastConduction = fast1.asSwitch + fast1.asRectifier;
  const fastDeadTime = fast1.deadTime;
  const fastSwitching = lineSwitching(energy, iPeak, op.vOut, op.fsw) / 2;
  const slowConduction = lineConduction(slow, iPeak) / 2;
  return {
    fastConduction,
    fastDeadTime,
    fastSwitching,
    slowConduction,
    total: 2 * (fastConduction + fastDeadTime + fastSwitching + slowConduction),
  };
}

/** Efficiency of the stage's semiconductors alone: P_out/P_in with P_out = P_in − P_loss. */
export function pfcEfficiency(pIn: number, loss: number): number {
  return (pIn - loss) / pIn;
}
