// Published worked examples the estimator's equations reproduce: each source's inputs and printed results as it
// gives them (cited here, where the numbers are used), our figure for the same quantity and the tolerance the
// comparison is held to. The methods page shows them as tables; test/unit/estimator-published-examples.test.ts
// holds every row to its tolerance.
import { capacitiveChargeLoss, dcConduction, dcDeadTimeDiode, dcFreewheel, sineAverage, transitionSwitching } from "./equations.ts";
import { boostDiodeConduction, boostSwitchConduction, lineConduction, lineCurrent } from "./pfc.ts";

/** One published result beside ours (W). `symbol` uses `<…>` for subscripts, as the locales do. */
export interface ExampleRow {
  symbol: string;
  published: number;
  ours: number;
}

export interface PublishedExample {
  /** Locale key suffix of the example's own note (method.validation<Id>Note). */
  id: "Rohm" | "Aat1112" | "InfineonPfc" | "InfineonWr5";
  /** The source as it is cited: publisher, title, document number and where in it. */
  source: string;
  /** The source's inputs as it prints them, symbols with `<…>` subscripts. */
  inputs: string[];
  /** Largest relative difference |ours − published| / published that the comparison accepts. */
  tolerance: number;
  rows: ExampleRow[];
  /** The unit the methods page shows the rows in: the DC/DC notes print milliwatts, the PFC notes watts. */
  unit: "mW" | "W";
  /** The estimator's own figure where it books a quantity otherwise than the source (W), for the example's note. */
  own?: number;
}

/**
 * ROHM Co., Ltd., application note No. AEK59-D1-0065-2, "Calculation of Power Loss (Synchronous)", sections
 * "Conduction Loss", "Switching Loss" (eq. 3) and "Dead Time Loss": a synchronous buck, 12 V → 5 V at 3 A.
 * The note counts the whole off-time, its two dead times included, as the low side's channel conduction; the
 * estimator books the dead times to the body diode instead (its own P_ON,L is then 291.9 mW, and P_DEAD is the
 * same 180 mW), so the row compares the note's quantity: the channel's share plus the dead times at R_ON,L.
 */
function rohmSynchronousBuck(): PublishedExample {
  const [vIn, vOut, current, rHigh, rLow, fsw, tRise, tFall, vDiode, deadTime] = [12, 5, 3, 0.1, 0.07, 2e6, 4e-9, 6e-9, 0.5, 30e-9];
  const duty = vOut / vIn;
  const freewheel = dcFreewheel(rLow, vDiode, 0, current, duty, deadTime, fsw);
  const deadShare = 2 * deadTime * fsw;
  return {
    id: "Rohm",
    source: "ROHM Co., Ltd., “Calculation of Power Loss (Synchronous)”, application note No. AEK59-D1-0065-2",
    inputs: [
      "V<IN> = 12 V",
      "V<OUT> = 5 V",
      "I<OUT> = 3 A",
      "R<ON,H> = 100 mΩ",
      "R<ON,L> = 70 mΩ",
      "f<SW> = 2 MHz",
      "t<r> = 4 ns",
      "t<f> = 6 ns",
      "V<D> = 0.5 V",
      "t<D1> = t<D2> = 30 ns",
    ],
    tolerance: 0.01,
    unit: "mW",
    rows: [
      {
        symbol: "P<ON,H>",
        published: 0.375,
        ours: dcConduction(0, rHigh, current, duty),
      },
      {
        symbol: "P<ON,L>",
        published: 0.3675,
        ours: freewheel.channel + dcConduction(0, rLow, current, deadShare),
      },
      {
        symbol: "P<SW>",
        published: 0.36,
        ours: transitionSwitching(vIn, current, tRise, tFall, fsw),
      },
      {
        symbol: "P<DEAD>",
        published: 0.18,
        ours: dcDeadTimeDiode(vDiode, 0, current, deadTime, fsw),
      },
    ],
    own: freewheel.channel,
  };
}

/**
 * Analog Technology, Inc., AAT1112 datasheet, "AAT1112 Losses" (rev. 1112.2007.01.1.1, p. 17):
 * P_TOTAL = I_O²·R_DS(ON) + (t_sw·F_S·I_O + I_Q)·V_IN = 375 mW, both switches with the same R_DS(on); its
 * t_sw·F_S·I_O·V_IN is the ROHM note's eq. 3 with t_r = t_f = t_sw, and I_Q·V_IN, the controller's own supply,
 * is added to ours as the datasheet adds it (it is not a switch loss).
 */
function aat1112Buck(): PublishedExample {
  const [current, rOn, tSwitch, fsw, quiescent, vIn, duty] = [1.5, 0.152, 5e-9, 1.2e6, 50e-6, 3.6, 0.7];
  const conduction = dcConduction(0, rOn, current, duty) + dcConduction(0, rOn, current, 1 - duty);
  return {
    id: "Aat1112",
    source: "Analog Technology, Inc., AAT1112 datasheet, “AAT1112 Losses”, rev. 1112.2007.01.1.1, p. 17",
    inputs: ["V<IN> = 3.6 V", "I<O> = 1.5 A", "R<DS(ON)> = 152 mΩ", "t<sw> = 5 ns", "F<S> = 1.2 MHz", "I<Q> = 50 µA"],
    tolerance: 0.01,
    unit: "mW",
    rows: [
      {
        symbol: "P<TOTAL>",
        published: 0.375,
        ours: conduction + transitionSwitching(vIn, current, tSwitch, tSwitch, fsw) + quiescent * vIn,
      },
    ],
  };
}

/**
 * A switching energy that is linear in current, E(i) = E_0 + s·i (J), read at a PFC point as the estimator reads a
 * part's E(I) table row there (estimate.ts, energyReader: twice sineAverage, one event per switching period over
 * both half line periods), times f_sw: f_sw·(E_0 + s·Î·2/π).
 */
function lineEventLoss(fsw: number, iPeak: number, e0: number, perAmpere: number): number {
  return fsw * 2 * sineAverage([0, 1], [e0, e0 + perAmpere], iPeak);
}

/**
 * Infineon Technologies AG (S. Abdel-Rahman, F. Stückler, K. Siu), “PFC boost converter design guide: 1200 W design
 * example”, application note, revision 1.1, 2016-02-22 (Infineon's file “PFCCCMBoostConverterDesignGuide-AN-v02_00”),
 * §2.2–2.4, eq. 14–28: a CCM boost PFC at its low line, 85 V_ac to 400 V, 1200 W, 100 kHz, IPW65R045C7 and
 * IDH16G65C5. Mapped without invention:
 * - the note's line current is P_o/V_ac (eq. 3, 16, 18: no efficiency taken out), so P_in = P_o = 1200 W;
 * - R_on(100 °C) = 1.8 × 45 mΩ as the note assumes (eq. 17), a MOSFET channel (V_0 = 0);
 * - its switching losses use a linear switching-time model at the line's mean current, P = ½·I_L,avg·V_o·t·f
 *   (eq. 20, 22), which is an energy linear in current, E(i) = ½·V_o·t·i, read over the line as the estimator reads
 *   an E(I) table (½·V_o·t·Î·2/π = ½·V_o·t·I_L,avg exactly); t_on = 10 ns as eq. 19 prints it, t_off = 13.25 ns as
 *   eq. 22 uses it (eq. 21 prints 13.3 ns);
 * - its C_oss loss E_oss·f (eq. 23) is an energy that does not depend on the current: the same table with E(0) =
 *   E_oss, as the switch's own output charge is discharged in its channel at every turn-on;
 * - the boost diode's drop V_f = 1.5 V on its mean current (eq. 27) is V_0 = 1.5 V with no slope, and its switching
 *   loss ½·V_o·Q_C·f carried by the MOSFET (eq. 28) is `capacitiveChargeLoss` with k = 2 (a charge linear in V);
 * - the input bridge (eq. 14–15, V_f = 1 V): each of its four diodes carries the line current for half the line
 *   period, as a totem-pole's slow-leg diode does (`lineConduction` halved, estimate.ts's slow-leg diode), so the
 *   bridge is four of those. The estimator books no bridge at a boost PFC point; the row checks the slow leg's form.
 * Not compared: the gate drive (eq. 24, not a switch loss in the estimate) and the total of eq. 25 (19.2 W, which
 * is more than the sum of the four terms it lists, 12 + 2.5 + 3.4 + 1.17 = 19.07 W).
 */
function infineonBoostPfc(): PublishedExample {
  const [vLine, power, vOut, fsw] = [85, 1200, 400, 100e3];
  const { iPeak, a } = lineCurrent(vLine, vOut, power);
  const [tOn, tOff, eOss, qc] = [10e-9, 13.25e-9, 11.7e-6, 23e-9];
  return {
    id: "InfineonPfc",
    source:
      "Infineon Technologies AG (S. Abdel-Rahman, F. Stückler, K. Siu), “PFC boost converter design guide: 1200 W design example”, application note, revision 1.1, 2016-02-22, §2.2–2.4, eq. 14–28",
    inputs: [
      "V<ac,min> = 85 V",
      "P<o> = 1200 W",
      "V<o> = 400 V",
      "f = 100 kHz",
      "R<on>(100 °C) = 1.8 × 45 mΩ",
      "t<on> = 10 ns",
      "t<off> = 13.25 ns",
      "E<oss> = 11.7 µJ",
      "V<f,diode> = 1.5 V",
      "Q<C> = 23 nC",
      "V<f,bridge> = 1 V",
    ],
    tolerance: 0.02,
    unit: "W",
    rows: [
      { symbol: "P<S,cond>", published: 12, ours: boostSwitchConduction({ v0: 0, r: 1.8 * 0.045 }, iPeak, a) },
      { symbol: "P<S,on>", published: 2.5, ours: lineEventLoss(fsw, iPeak, 0, 0.5 * vOut * tOn) },
      { symbol: "P<S,off>", published: 3.4, ours: lineEventLoss(fsw, iPeak, 0, 0.5 * vOut * tOff) },
      { symbol: "P<S,oss>", published: 1.17, ours: lineEventLoss(fsw, iPeak, eOss, 0) },
      { symbol: "P<D,cond>", published: 4.5, ours: boostDiodeConduction({ v0: 1.5, r: 0 }, iPeak, a) },
      { symbol: "P<D,swit>", published: 0.46, ours: fsw * capacitiveChargeLoss(qc, vOut, 2, vOut) },
      { symbol: "P<bridge>", published: 25.4, ours: (4 * lineConduction({ v0: 1, r: 0 }, iPeak)) / 2 },
    ],
  };
}

/**
 * Infineon Technologies AG, “High switching frequency CCM PFC operation with TRENCHSTOP™ 5 WR5 IGBT discretes”,
 * application note AN-2020-19, V1.2, 2022-09-21, §3.1 eq. 11 and §3.3.2 Tables 1–2 (p. 11): a 2.5 kW CCM boost PFC
 * at 180 V_ac to 400 V, η = 0.97 (P_in = 2577.3 W, the line current from it as eq. 10 gives), the IGBT IKW40N65WR5
 * (V_ce0 = 0.67 V, r_ce = 28 mΩ at 100 °C) and an 80 mΩ CoolMOS™ P7 MOSFET (130 mΩ at 100 °C, V_0 = 0). Its eq. 11
 * is the estimator's switch conduction; the conduction rows are compared. Its switching rows are not: Table 2's
 * own factors (E_on = 9.7 µJ/A·I_on, E_off = 14.2 µJ/A·I_off, the R_G factors) at Table 1's currents (I_a,avg =
 * 11.6 A at turn-on, I_b,avg = 14.2 A at turn-off, the ripple's valley and peak) give 5.40 W and 11.0 W for the
 * IGBT's P_on and P_off, not the printed 5.39 W and 10.64 W, and 4.42 W and 6.56 W for the MOSFET, not 4.52 W and
 * 6.38 W, so the printed figures cannot be reproduced from the printed inputs within 2 %.
 */
function infineonWr5(): PublishedExample {
  const [power, efficiency, vLine, vOut] = [2500, 0.97, 180, 400];
  const { iPeak, a } = lineCurrent(vLine, vOut, power / efficiency);
  return {
    id: "InfineonWr5",
    source:
      "Infineon Technologies AG, “High switching frequency CCM PFC operation with TRENCHSTOP™ 5 WR5 IGBT discretes”, application note AN-2020-19, V1.2, 2022-09-21, §3.1 eq. 11, §3.3.2 Tables 1–2",
    inputs: ["P<out> = 2500 W", "η = 0.97", "V<in,min> = 180 V", "V<out> = 400 V", "V<ce0>(100 °C) = 0.67 V", "R<ce>(100 °C) = 28 mΩ", "R<DS(on)>(100 °C) = 130 mΩ"],
    tolerance: 0.01,
    unit: "W",
    rows: [
      { symbol: "P<con>, IKW40N65WR5", published: 6.96, ours: boostSwitchConduction({ v0: 0.67, r: 0.028 }, iPeak, a) },
      { symbol: "P<con>, CoolMOS P7 80 mΩ", published: 12.26, ours: boostSwitchConduction({ v0: 0, r: 0.13 }, iPeak, a) },
    ],
  };
}

/** The published examples, worked out with the estimator's equations. */
export const PUBLISHED_EXAMPLES: readonly PublishedExample[] = [rohmSynchronousBuck(), aat1112Buck(), infineonBoostPfc(), infineonWr5()];

/** Relative difference of ours from the published figure (0.01 = 1 %). */
export function relativeDifference(row: ExampleRow): number {
  return (row.ours - row.published) / row.published;
}
