// Published worked examples the estimator's equations reproduce: each source's inputs and printed results as it
// gives them (cited here, where the numbers are used), our figure for the same quantity and the tolerance the
// comparison is held to. The methods page shows them as tables; test/unit/estimator-published-examples.test.ts
// holds every row to its tolerance.
import { dcConduction, dcDeadTimeDiode, dcFreewheel, transitionSwitching } from "./equations.ts";

/** One published result beside ours (W). `symbol` uses `<…>` for subscripts, as the locales do. */
export interface ExampleRow {
  symbol: string;
  published: number;
  ours: number;
}

export interface PublishedExample {
  /** Locale key suffix of the example's own note (method.validation<Id>Note). */
  id: "Rohm" | "Aat1112";
  /** The source as it is cited: publisher, title, document number and where in it. */
  source: string;
  /** The source's inputs as it prints them, symbols with `<…>` subscripts. */
  inputs: string[];
  /** Largest relative difference |ours − published| / published that the comparison accepts. */
  tolerance: number;
  rows: ExampleRow[];
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
    rows: [
      {
        symbol: "P<TOTAL>",
        published: 0.375,
        ours: conduction + transitionSwitching(vIn, current, tSwitch, tSwitch, fsw) + quiescent * vIn,
      },
    ],
  };
}

/** The published examples, worked out with the estimator's equations. */
export const PUBLISHED_EXAMPLES: readonly PublishedExample[] = [rohmSynchronousBuck(), aat1112Buck()];

/** Relative difference of ours from the published figure (0.01 = 1 %). */
export function relativeDifference(row: ExampleRow): number {
  return (row.ours - row.published) / row.published;
}
