// The ngspice model of a discrete part, written from its model inputs (inputs.ts). The topology, the shapes
// and what the model leaves out are docs/decisions/027-model-topology.md; every number of a model is either
// the part's data or follows from it by the rules below, which the header of each file repeats.
import type { DiodeModelInput, ModelInput, MosfetModelInput } from "./inputs.ts";
import { DEFAULT_CDS_SHARE, SWITCHING_FIT_BOUNDS, switchingFitOf, switchingFitReached, type SwitchingFit } from "./switching-fit.ts";
/** The share of a MOSFET's Q_G that is gate–drain (Miller) charge in the gate-charge test (no datasheet gives Q_GD). */
const MILLER_SHARE = 0.3;
/**
 * The gate–drain charge in two parts (decision 051): a capacitance C_gd,lo that holds its charge only up to a knee
 * of V_DG (above it the charge stays, as a SiC MOSFET's C_rss collapses within the first tens of volts), smoothed
 * over KNEE_SMOOTHING, and a constant C_gd,hi over the whole swing, which sets the high-voltage dv/dt.
 */
const KNEE = 50;
/**
 * The share of the Miller charge of the gate-charge test held by C_gd's constant part, an assumption: SiC MOSFET
 * C_rss curves fall by one to two orders of magnitude within the first 50 V. C_ds's part of Q_oss is split the
 * same way at DEFAULT_CDS_SHARE, the same 10 %, unless the part's fit says otherwise (switching-fit.ts).
 */
const HIGH_VOLTAGE_SHARE = 0.1;
const KNEE_SMOOTHING = 5;
/** The charge (per farad) a knee-limited capacitance holds at V_DG = v: v below the knee, the knee above it (smooth). */
const kneeCharge = (v: number) => KNEE - (Math.max(KNEE - v, 0) + KNEE_SMOOTHING * Math.log(1 + Math.exp(-Math.abs(KNEE - v) / KNEE_SMOOTHING)));
/** The smoothing voltage of the channel's threshold (softplus) and of the diodes' knee. */
const CHANNEL_SMOOTHING = 0.4;
const DIODE_SMOOTHING = 0.1;
/** The channel's saturation voltage at zero overdrive; it grows by the fitted share of the overdrive (switching-fit.ts). */
const VSAT0 = 0.5;

const num = (value: number) => {
  const text = Number(value.toPrecision(6)).toString();
  return text.replace("e+", "e");
};

/**
 * pwl() of a table over the junction temperature node: linear between the points and held at the end values
 * outside them (ngspice's pwl() would extrapolate, and an extrapolated β can turn negative and let the
 * electro-thermal operating point run away), so the argument is clamped to the table's range.
 */
const overTj = (t: number[], values: number[]) =>
  `pwl(min(max(v(tj),${num(t[0]!)}),${num(t[t.length - 1]!)}),${t.map((temperature, index) => `${num(temperature)},${num(values[index]!)}`).join(",")})`;

/** n·ln(1 + e^(x/n)) written so that no exponent can overflow, whatever Newton's iteration tries. */
const softplus = (x: string, n: number) => `(max(${x},0)+${num(n)}*ln(1+exp(-abs(${x})/${num(n)})))`;

export interface MosfetParameters {
  /** Overdrive (softplus of V_GS − V_th) at the datasheet's R_DS(on) gate voltage. */
  vovOn: number;
  /** β(T_j) (A/V²) at the channel curve's temperatures. */
  beta: number[];
  cgs: number;
  /** C_gd over the whole swing and the knee-limited part (F). */
  cgd: number;
  cgdLo: number;
  /** The gate–drain charge over the gate-charge test's drain swing (C) that C_gd and its knee-limited part hold. */
  qgd: number;
  /** C_ds over the whole swing and the knee-limited part (F). */
  cds: number;
  cdsLo: number;
  rgInt: number;
  /** The body diode's stored-charge time constant (ns) at the loss data's two temperatures (energies.tj). */
  tt: number[];
  /** The recovery charge (nC) at the switching reference's current, 25 °C: the loss data's Q_rr less Q_oss. */
  qrec: number;
  /** The gate voltage (V) at which the channel carries the switching reference's current in saturation at 25 °C. */
  plateau: number;
  /** The per-part fitted values (switching-fit.ts). */
  fit: SwitchingFit;
  /** Q_oss (nC) at the switching reference voltage, gate at its off voltage, that the model is built for. */
  qoss: number;
}

const channelOverdrive = (vgs: number, vth: number) => CHANNEL_SMOOTHING * Math.log(1 + Math.exp((vgs - vth) / CHANNEL_SMOOTHING));

/** The numbers of a MOSFET's model, derived from its data (the header of its file says how). */
export function mosfetParameters(input: MosfetModelInput, fit: SwitchingFit = switchingFitOf(input.partNumber, input.loss.switchingRef.rg)): MosfetParameters {
  const { loss, rdsOn, gateCharge } = input;
  const vovOn = channelOverdrive(rdsOn.vgs, input.vgsth);
  const vsat = VSAT0 + fit.satSlope * vovOn;
  // β so that the channel drops exactly R_DS(on)(T)·I_D at the datasheet's I_D and V_GS at every point of the curve.
  const beta = loss.channel.r.map((milliohm) => {
    const v = (milliohm / 1000) * rdsOn.id;
    return rdsOn.id / (vovOn * vsat * Math.tanh(v / vsat));
  });
  const swing = gateCharge.vgsOn - gateCharge.vgsOff;
  const qg = gateCharge.qg * 1e-9;
  const cgs = ((1 - MILLER_SHARE) * qg) / swing;
  const vOn = (rdsOn.r25 / 1000) * loss.switchingRef.i;
  // The gate–drain voltage swings from V_DS − V_GS(off) to R_DS(on)·I − V_GS(on) in the test.
  const vdgStart = gateCharge.vds - gateCharge.vgsOff;
  const vdgEnd = vOn - gateCharge.vgsOn;
  const qgd = MILLER_SHARE * qg;
  const cgd = (HIGH_VOLTAGE_SHARE * qgd) / (vdgStart - vdgEnd);
  const cgdLo = ((1 - HIGH_VOLTAGE_SHARE) * qgd) / (kneeCharge(vdgStart) - kneeCharge(vdgEnd));
  // The loss data's turn-on energy at zero current is the opposite switch's output charge moved at V_DD
  // (scripts/loss-data-curves.ts): Q_oss = E_on(0 A, 25 °C)/V_DD, which C_gd and C_ds share.
  const vRef = loss.switchingRef.v;
  const atZero = loss.energies.eOn[0][0];
  if (loss.energies.i[0] !== 0 || loss.energies.tj[0] !== 25 || atZero === undefined) throw new Error(`${input.partNumber}: the E(I) table does not start at 0 A, 25 °C`);
  const qoss = (atZero * 1e-3) / vRef;
  // C_gd's share of the output charge: V_DG from −V_GS(off) to V_DD − V_GS(off), the gate held off.
  const qds = qoss - cgd * vRef - cgdLo * (kneeCharge(vRef - gateCharge.vgsOff) - kneeCharge(-gateCharge.vgsOff));
  // C_ds is split as C_gd is: a SiC MOSFET's C_oss falls with V_DS as its C_rss does, and a constant C_ds under
  // a knee-limited C_gd let the switching node's dv/dt at low voltage drive the idle device's gate through C_gd.
  // The share in the constant part sets C_oss at high voltage and with it how much of the load current charges the
  // output capacitance instead of flowing in the channel at turn-off (fitted for some parts, switching-fit.ts).
  const cds = (fit.cdsShare * qds) / vRef;
  const cdsLo = ((1 - fit.cdsShare) * qds) / (kneeCharge(vRef) - kneeCharge(0));
  if (!(qds > 0)) throw new Error(`${input.partNumber}: the output charge implied by E_on(0 A) is below its Miller charge`);
  // The loss data's Q_rr is the body diode's whole reverse charge, its capacitive part included (the same Q_oss:
  // scripts/loss-data-curves.ts); what is left is stored charge, which the diode holds as τ·I_F while it conducts
  // and gives back as recovery current, so τ = (Q_rr − Q_oss)/I at the switching reference, at each temperature.
  const qrr = loss.energies.qrr;
  const tt = qrr.map((charge) => {
    const stored = charge - qoss * 1e9;
    if (!(stored > 0)) throw new Error(`${input.partNumber}: Q_rr is below the output charge`);
    return stored / loss.switchingRef.i;
  });
  // The Miller plateau: β(25 °C)·V_ov·(V_sat0 + slope·V_ov) = I at the switching reference, solved for V_ov.
  const slope = fit.satSlope;
  const iRef = loss.switchingRef.i / beta[0]!;
  const vovPlateau = (-VSAT0 + Math.sqrt(VSAT0 ** 2 + 4 * slope * iRef)) / (2 * slope);
  const plateau = input.vgsth + CHANNEL_SMOOTHING * Math.log(Math.expm1(vovPlateau / CHANNEL_SMOOTHING));
  return { vovOn, beta, plateau, cgs, cgd, cgdLo, qgd, cds, cdsLo, rgInt: fit.rgInt, tt, qrec: qrr[0] - qoss * 1e9, fit, qoss: qoss * 1e9 };
}

interface DiodeParameters {
  cj: number;
}

function diodeParameters(input: DiodeModelInput): DiodeParameters {
  return { cj: (input.charge.qc * 1e-9) / input.charge.vr };
}

function fosterLines(zth: Array<{ r: number; tau: number }> | undefined, rth: number): string[] {
  const network = zth ?? [{ r: rth, tau: 1e-3 }];
  const lines: string[] = [];
  network.forEach((pair, index) => {
    const from = index === 0 ? "tj" : `th${index}`;
    const to = index === network.length - 1 ? "tc" : `th${index + 1}`;
    lines.push(`Rth${index + 1} ${from} ${to} ${num(pair.r)}`, `Cth${index + 1} ${from} ${to} ${num(pair.tau / pair.r)}`);
  });
  return lines;
}

/** kneeCharge() as a netlist expression of `v`. */
const kneeChargeOf = (v: string) => `(${num(KNEE)}-${softplus(`${num(KNEE)}-${v}`, KNEE_SMOOTHING)})`;

const commentBlock = (lines: string[]) => lines.map((line) => (line ? `* ${line}` : "*"));

/**
 * How the header states the double-pulse check: the junction temperature of the leg and whether the fit reached the
 * datasheet's energies. A discrete part's: 25 °C and switching-fit.json; a SiC module's switch: the module
 * datasheet's switching temperature and module-switching-fit.json (module.ts).
 */
export interface SwitchingCheck {
  tj: number;
  reached: boolean;
  /** Why the leg has no stray inductance, where it is not that none is stated (a module's datasheet states its L_s). */
  stray?: string;
}

function mosfetModel(input: MosfetModelInput, version: string, fit?: SwitchingFit, switching?: SwitchingCheck): string {
  const { loss, rdsOn, gateCharge, partNumber } = input;
  const p = mosfetParameters(input, fit);
  const check = switching ?? { tj: 25, reached: switchingFitReached(partNumber) };
  const t = loss.channel.t;
  const vov = softplus(`v(gi,s)-${num(input.vgsth)}`, CHANNEL_SMOOTHING);
  const vsat = `(${num(VSAT0)}+${num(p.fit.satSlope)}*${vov})`;
  const diode = loss.bodyDiode;
  const channel = `${overTj(t, p.beta)}*${vov}*${vsat}*tanh(v(dd,s)/${vsat})`;
  const bodyDiode = `${softplus(`v(s,dd)-${overTj(diode.t, diode.v0)}`, DIODE_SMOOTHING)}/(${overTj(diode.t, diode.r)}*1e-3)`;
  // The stored charge (nC, as volts on a grounded node, so that nothing nonlinear hangs between two floating
  // nodes): τ(T_j)·I_F, the quasi-static diffusion charge of a SPICE diode, whose rate of change the diode carries.
  const storedCharge = `${overTj(loss.energies.tj, p.tt)}*${bodyDiode}`;
  const header = commentBlock([
    `${partNumber} - SiC power MOSFET, ${input.vRating} V, ${rdsOn.r25} mOhm, ${input.package}`,
    `Qingyun Power Semiconductor - ngspice model, version ${version} (plain netlist, not encrypted)`,
    "",
    `Pins: .subckt ${partNumber} d g s ks tj tc`,
    "  d drain, g gate, s power source, ks Kelvin (driver) source: tied to s through 1 mOhm here (no package",
    "  inductance is modelled; add your layout's), tj junction temperature node, tc case temperature node.",
    "  Thermal nodes are in volts = deg C and amperes = watts: tie tc to a source at the case temperature (or",
    "  to your heat-sink network) and the die heats itself through the Foster network; or drive tj from a",
    "  voltage source to hold the junction at a fixed temperature (isothermal, as the datasheet curves).",
    "  A self-heated DC operating point is found faster with a .nodeset of tj near the expected temperature.",
    "",
    "Topology (behavioural: B sources and linear G sources, ngspice without a compatibility mode):",
    `  channel  I = beta(Tj)*Vov*Vsat*tanh(Vds/Vsat), Vov = ${CHANNEL_SMOOTHING}*ln(1+exp((Vgs-Vth)/${CHANNEL_SMOOTHING})), Vsat = ${VSAT0}+${num(p.fit.satSlope)}*Vov,`,
    `           Vth = ${input.vgsth} V (datasheet typ., held constant over Tj); beta(Tj) puts R_DS(on) exactly on the`,
    `           datasheet curve at V_GS = ${rdsOn.vgs} V, I_D = ${rdsOn.id} A: R_DS(on) = ${t.map((temperature, index) => `${loss.channel.r[index]} mOhm at ${temperature} deg C`).join(", ")}`,
    `  body diode  V_SD = V0(Tj) + r(Tj)*I_SD with a smooth knee: V0 = ${diode.v0.join(", ")} V, r = ${diode.r.join(", ")} mOhm`,
    `           at Tj = ${diode.t.join(", ")} deg C (datasheet V_SD = ${diode.vSd} V at ${diode.iSd} A, V_GS = ${gateCharge.vgsOff} V)`,
    `  reverse recovery  stored charge tau(Tj)*I_SD, tau = ${p.tt.map((value) => num(value)).join(", ")} ns at Tj = ${loss.energies.tj.join(", ")} deg C: the loss data's`,
    `           Q_rr (${loss.energies.qrr.join(", ")} nC at ${loss.switchingRef.i} A) less Q_oss, its capacitive part`,
    `  capacitances (charge-equivalent, not the datasheet C-V curve, which is not stated): C_gs = ${num(p.cgs * 1e12)} pF constant;`,
    `           C_gd = ${num(p.cgd * 1e12)} pF + ${num(p.cgdLo * 1e12)} pF up to a knee at V_DG = ${KNEE} V (charge held above it, ${KNEE_SMOOTHING} V smoothing);`,
    p.fit.cdsShare === DEFAULT_CDS_SHARE
      ? `           C_ds = ${num(p.cds * 1e12)} pF + ${num(p.cdsLo * 1e12)} pF up to the same knee of V_DS (${HIGH_VOLTAGE_SHARE * 100} % of each charge in the constant part).`
      : `           C_ds = ${num(p.cds * 1e12)} pF + ${num(p.cdsLo * 1e12)} pF up to the same knee of V_DS (${HIGH_VOLTAGE_SHARE * 100} % of C_gd's charge and ${num(p.fit.cdsShare * 100)} % of C_ds's in the constant part).`,
    `           Derived: Q_G = ${gateCharge.qg} nC at V_DS = ${gateCharge.vds} V, V_GS = ${gateCharge.vgsOff}/+${gateCharge.vgsOn} V, of which ${MILLER_SHARE * 100} % gate-drain charge`,
    `           (an assumption: the datasheet gives no Q_GD); Q_oss = ${num(p.qoss)} nC at ${loss.switchingRef.v} V (V_GS = ${gateCharge.vgsOff} V) from the loss data's E_on at 0 A`,
    "  fitted to the datasheet's E_on and E_off in the double-pulse test below (no datasheet value fixes them):",
    `           internal gate resistance ${num(p.rgInt)} Ohm (bound ${SWITCHING_FIT_BOUNDS.rgInt.join(" to ")} Ohm),`,
    `           Vsat's slope ${num(p.fit.satSlope)} (bound ${SWITCHING_FIT_BOUNDS.satSlope.join(" to ")}; the channel carries I_D = ${loss.switchingRef.i} A in saturation at V_GS = ${p.plateau.toFixed(1)} V, the Miller plateau)`,
    ...(p.fit.cdsShare === DEFAULT_CDS_SHARE
      ? []
      : [
          `           C_ds's constant share ${num(p.fit.cdsShare * 100)} % (bound ${SWITCHING_FIT_BOUNDS.cdsShare.map((share) => num(share * 100)).join(" to ")} %, the upper one what a C_oss ~ 1/sqrt(1 + V/5 V)`,
          "           curve puts there; it sets C_oss at high voltage, so the share of the load current that charges it at turn-off)",
        ]),
    `  thermal  Foster network Z_th(j-c), R_th(j-c) = ${loss.rth} K/W: ${(loss.zth ?? []).map((pair) => `${pair.r} K/W, ${pair.tau * 1000} ms`).join("; ")}`,
    "",
    `Validity: V_DS 0 to ${input.vRating} V, V_GS ${gateCharge.vgsOff} to ${gateCharge.vgsOn} V (recommended drive), I_D up to the pulsed`,
    `  rating, Tj 25 to ${input.tjMax} deg C (parameters held at their end values outside). Not modelled: avalanche,`,
    "  short circuit, gate leakage, package inductance, V_th drift with Tj, the recovery's dependence on di/dt.",
    `Switching: a double-pulse leg at the datasheet's V_DD = ${loss.switchingRef.v} V, I_D = ${loss.switchingRef.i} A, R_G(ext) = ${loss.switchingRef.rg} Ohm, V_GS = ${gateCharge.vgsOff}/+${gateCharge.vgsOn} V, ${check.tj} deg C,`,
    `  no stray inductance (${check.stray ?? "none is stated"}), gives E_on (with this part's own E_oss) and E_off (without), checked`,
    check.reached
      ? `  against the datasheet's ${loss.eOn} and ${loss.eOff} mJ within 15 % (the validation report has the figures).`
      : `  against the datasheet's ${loss.eOn} and ${loss.eOff} mJ: NOT within 15 % for this part (see the validation report).`,
  ]);
  return [
    ...header,
    `.subckt ${partNumber} d g s ks tj tc`,
    `Rg g gi ${num(p.rgInt)}`,
    "Rks ks s 1e-3",
    "Vsen d dd 0",
    `Bch dd s I=${channel}`,
    `Bbd s dd I=${bodyDiode}`,
    `Cgs gi s ${num(p.cgs)}`,
    `Cgd gi dd ${num(p.cgd)}`,
    "* The knee-limited part of C_gd as a charge (nC as volts on a grounded node) whose rate of change G carries",
    "* from drain to gate (1 ns through Rqgd): a charge-based capacitance ngspice runs with the source at a high",
    "* voltage, where a nonlinear capacitor between the device's own nodes did not start (decision 051).",
    `Bqgd qgd 0 V=${num(p.cgdLo * 1e9)}*${kneeChargeOf("v(dd,gi)")}`,
    "Rqgd qgd qgd1 1",
    "Cqgd qgd1 0 1e-9",
    "Gqgd dd gi qgd qgd1 1",
    `Cds s dd ${num(p.cds)}`,
    `Bqds qds 0 V=${num(p.cdsLo * 1e9)}*${kneeChargeOf("v(dd,s)")}`,
    "Rqds qds qds1 1",
    "Cqds qds1 0 1e-9",
    "Gqds dd s qds qds1 1",
    "Rleak dd s 1e9",
    "* Reverse recovery: the body diode's stored charge q = tau(Tj)*I_F (nC as volts on a grounded node), whose",
    "* rate of change a linear 1 nF capacitor turns into a current (read across Rq) that G carries between the diode's",
    "* pins; Rq's 0.1 ns keeps that derivative from stalling the timestep at a gate edge while the charge is held.",
    `Bq qrr 0 V=${storedCharge}`,
    "Rq qrr qrr1 0.1",
    "Cq qrr1 0 1e-9",
    "Gq s dd qrr qrr1 10",
    "* Dissipation of the die (channel and body diode) into the junction node, W as A. Written from the two",
    "* currents' expressions, not from i(Vsen): a B source that reads a branch current failed to start transients.",
    `Bpower 0 tj I=v(dd,s)*(${channel})+v(s,dd)*(${bodyDiode})`,
    ...fosterLines(loss.zth, loss.rth),
    `.ends ${partNumber}`,
    "",
  ].join("\n");
}

function diodeModel(input: DiodeModelInput, version: string): string {
  const { loss, partNumber, forward, charge } = input;
  const p = diodeParameters(input);
  const f = loss.forward;
  const forwardCurrent = `${softplus(`v(ai,k)-${overTj(f.t, f.v0)}`, DIODE_SMOOTHING)}/(${overTj(f.t, f.r)}*1e-3)`;
  const header = commentBlock([
    `${partNumber} - SiC Schottky diode, ${input.vRating} V, ${input.package}`,
    `Qingyun Power Semiconductor - ngspice model, version ${version} (plain netlist, not encrypted)`,
    "",
    `Pins: .subckt ${partNumber} a k tj tc`,
    "  a anode, k cathode, tj junction temperature node, tc case temperature node (volts = deg C, amperes = watts:",
    "  tie tc to the case temperature, or drive tj to hold the junction at a fixed temperature; a .nodeset of tj",
    "  near the expected temperature helps ngspice find a self-heated DC operating point).",
    "",
    "Topology (behavioural, B sources only, ngspice without a compatibility mode):",
    `  forward  V_F = V0(Tj) + r(Tj)*I_F with a smooth knee: V0 = ${f.v0.join(", ")} V, r = ${f.r.join(", ")} mOhm at Tj = ${f.t.join(", ")} deg C`,
    `           (datasheet V_F = ${forward.v25} V at ${forward.i} A, 25 deg C; ${forward.vHot} V at ${forward.tHot} deg C)`,
    `  junction capacitance, constant (charge-equivalent, not the C-V curve): C_j = ${num(p.cj * 1e12)} pF, so Q_C = ${charge.qc} nC at V_R = ${charge.vr} V`,
    "  no reverse-recovery charge (a Schottky diode has none)",
    `  thermal  Foster network Z_th(j-c), R_th(j-c) = ${loss.rth} K/W: ${(loss.zth ?? []).map((pair) => `${pair.r} K/W, ${pair.tau * 1000} ms`).join("; ")}`,
    "",
    `Validity: V_R 0 to ${input.vRating} V, I_F up to the rated current (the MPS surge branch is not modelled), Tj 25 to`,
    `  ${input.tjMax} deg C (parameters held at their end values outside). Not modelled: leakage current, avalanche, surge.`,
  ]);
  return [
    ...header,
    `.subckt ${partNumber} a k tj tc`,
    "Vsen a ai 0",
    `Bf ai k I=${forwardCurrent}`,
    `Cj ai k ${num(p.cj)}`,
    "Rleak ai k 1e9",
    "* Dissipation of the die into the junction node (W as A), from the current's expression.",
    `Bpower 0 tj I=v(ai,k)*(${forwardCurrent})`,
    ...fosterLines(loss.zth, loss.rth),
    `.ends ${partNumber}`,
    "",
  ].join("\n");
}

/** The part's ngspice library file; `fit` replaces a MOSFET's fitted values (scripts/models-fit.ts searches them). */
export function ngspiceModel(input: ModelInput, version: string, fit?: SwitchingFit, switching?: SwitchingCheck): string {
  return input.kind === "mosfet" ? mosfetModel(input, version, fit, switching) : diodeModel(input, version);
}
