// Ranking by estimate and choosing the lowest loss: a part that cannot stand the operating point comes after
// every suitable one and is never the lowest; the lowest loss is chosen per device type; compare's default
// operating point is one the lowest-rated compared part suits; losses print to three significant digits.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lossData, type LossData } from "../../shared/contract/loss-data.ts";
import type { ProductListItem } from "../../shared/contract/products.ts";
import { estimate, isSuitable, lowestLossPerType, rankByEstimate, suggestForParts, suggestOperatingPoint, type OperatingPoint } from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { readEstimateSort } from "../../shared/estimator/estimate-sort.ts";
import { solveConverter } from "../../shared/estimator/converter.ts";
import { stageLoss } from "../../shared/estimator/stage-loss.ts";
import { formatWatts } from "../../client/features/estimator/format.ts";

const rows = JSON.parse(readFileSync(new URL("../../server/upstream/content/catalog/loss-data.json", import.meta.url), "utf8")) as Array<{ partNumber: string }>;
const part = (partNumber: string): LossData => {
  const { partNumber: _, ...data } = rows.find((row) => row.partNumber === partNumber)!;
  return lossData.parse(data);
};
const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(text);
  return parsed.value;
};
const item = (partNumber: string, id: number): ProductListItem => ({ id, partNumber, loss: part(partNumber) }) as unknown as ProductListItem;

describe("ranking by estimate", () => {
  // 1200 V parts and 650 V parts at an 800 V bus: the 650 V QCM025065K4 has the third-lowest loss of these
  // (17.3 W), but it cannot block 800 V; QCM160120K3's mean T_j (160 °C) is below its 175 °C, but its peak over
  // the 50 Hz output period and its worst case are not.
  const list = ["QCM040120K4", "QCM025065K4", "QCM016120K4", "QCM160120K3", "QCM045065B7", "QCM020120K4"].map(item);
  const op = point("800,20,50k,0.9,80");

  it("puts every unsuitable part after every suitable one, in either direction", () => {
    const result = (product: ProductListItem) => estimate(product.loss!, op);
    expect(result(list[1]!).losses.total).toBeLessThan(result(list[0]!).losses.total);
    expect(isSuitable(result(list[1]!))).toBe(false);
    for (const order of ["asc", "desc"] as const) {
      for (const fieldId of ["estLoss", "estTj"] as const) {
        const ranked = rankByEstimate(list, op, { fieldId, order }).map((product) => product.partNumber);
        expect(ranked.slice(-3).sort(), `${fieldId}:${order}`).toEqual(["QCM025065K4", "QCM045065B7", "QCM160120K3"]);
      }
    }
    expect(rankByEstimate(list, op, { fieldId: "estLoss", order: "asc" }).map((product) => product.partNumber)).toEqual([
      // The 16 mΩ die loses more than the 20 mΩ one here: its larger capacitance costs switching energy at any current.
      "QCM020120K4",
      "QCM016120K4",
      "QCM040120K4",
      "QCM025065K4",
      "QCM045065B7",
      "QCM160120K3",
    ]);
  });

  it("puts a 750 V module after the 1200 V ones at 800 V / 200 A, though its loss is the lowest", () => {
    const modules = ["QSM600075SHP", "QSM400120SHP", "QSM600120HE3", "QSM300120H62"].map(item);
    const heavy = point("800,200,20k,0.9,80");
    const ranked = rankByEstimate(modules, heavy, { fieldId: "estLoss", order: "asc" }).map((product) => product.partNumber);
    expect(estimate(part("QSM600075SHP"), heavy).losses.total).toBeLessThan(estimate(part("QSM600120HE3"), heavy).losses.total);
    expect(ranked.at(-1)).toBe("QSM600075SHP");
    expect(ranked[0]).toBe("QSM600120HE3");
  });

  it("puts parts without an estimate last", () => {
    const driver = { id: 99, partNumber: "QGD1B04W8", loss: null } as unknown as ProductListItem;
    const ranked = rankByEstimate([driver, ...list], op, { fieldId: "estLoss", order: "desc" });
    expect(ranked.at(-1)!.partNumber).toBe("QGD1B04W8");
  });
});

describe("ranking by the stage's loss (sort=estStage, decision 043)", () => {
  // Two boost diodes: the first conducts with less loss but has a large capacitive charge, which the switch loses at
  // each turn-on; the stage's loss counts it, the part's own does not, so the two orders differ.
  const diode = (qc: number, r: number): LossData => ({
    kind: "diode",
    ratings: { v: 650, i: 10, tc: 135, tjMax: 175 },
    rthRef: "case",
    rth: 1.5,
    forward: { t: [25, 175], v0: [0.9, 0.9], r: [r, r] },
    qc,
    vQc: 400,
    kv: 1.5,
  });
  const list = [
    { id: 1, partNumber: "LOWDROP", loss: diode(120, 40) },
    { id: 2, partNumber: "LOWCHARGE", loss: diode(20, 60) },
  ] as unknown as ProductListItem[];
  const op = point("400,8,65k,b230,80");

  it("counts what the part costs the stage (a diode's charge, lost in the switch), where its own loss does not", () => {
    const [low, small] = list.map((product) => estimate(product.loss!, op));
    // By hand from the estimates: own loss, and own loss plus the charge's loss in the switch.
    expect(low!.losses.total).toBeLessThan(small!.losses.total);
    expect(low!.losses.total + low!.losses.inSwitch).toBeGreaterThan(small!.losses.total + small!.losses.inSwitch);
    expect(rankByEstimate(list, op, { fieldId: "estLoss", order: "asc" }).map((product) => product.partNumber)).toEqual(["LOWDROP", "LOWCHARGE"]);
    expect(rankByEstimate(list, op, { fieldId: "estStage", order: "asc" }).map((product) => product.partNumber)).toEqual(["LOWCHARGE", "LOWDROP"]);
    expect(rankByEstimate(list, op, { fieldId: "estStage", order: "desc" }).map((product) => product.partNumber)).toEqual(["LOWDROP", "LOWCHARGE"]);
  });

  it("counts the part with= names alike for every row, and at an inverter point ranks by the part's own loss", () => {
    const switchPart = { partNumber: "QCM045065B7", loss: part("QCM045065B7") };
    const ranked = rankByEstimate(list, op, { fieldId: "estStage", order: "asc" }, switchPart).map((product) => product.partNumber);
    expect(ranked).toEqual(["LOWCHARGE", "LOWDROP"]);
    const inverter = point("800,20,50k,0.9,80");
    const parts = ["QCM040120K4", "QCM016120K4", "QCM020120K4"].map(item);
    expect(rankByEstimate(parts, inverter, { fieldId: "estStage", order: "asc" })).toEqual(rankByEstimate(parts, inverter, { fieldId: "estLoss", order: "asc" }));
  });

  it("with rs ranks by the whole converter's loss (every position's parallel parts on one sink), an inverter's too", () => {
    const parts = ["QCM040120K4", "QCM016120K4", "QCM020120K4", "QCM080120K4"].map(item);
    const whole = point("800,20,50k,0.9,40,np2,rs0.1");
    const converterLoss = (product: ProductListItem) => solveConverter(product.loss!, whole)!.totalLoss;
    const expected = [...parts].sort((a, b) => converterLoss(a) - converterLoss(b)).map((product) => product.partNumber);
    expect(rankByEstimate(parts, whole, { fieldId: "estStage", order: "asc" }).map((product) => product.partNumber)).toEqual(expected);
    // The stage counts every part on the sink: six positions of two parts each; the loss is the converter's.
    const stage = stageLoss(parts[0]!.loss!, whole, estimate(parts[0]!.loss!, whole))!;
    expect(stage).toMatchObject({ count: 12, bound: false });
    expect(stage.loss).toBe(converterLoss(parts[0]!));
    // Without rs an inverter point has no stage beyond the part's position.
    expect(stageLoss(parts[0]!.loss!, point("800,20,50k,0.9,40"), estimate(parts[0]!.loss!, point("800,20,50k,0.9,40")))).toBeNull();
  });

  it("reads estStage from the URL as the other estimate sorts", () => {
    expect(readEstimateSort("estStage:desc")).toEqual({ fieldId: "estStage", order: "desc" });
    expect(readEstimateSort("estStages:asc")).toBeNull();
  });
});

describe("lowest loss", () => {
  const op = point("800,20,50k,0.9,80");
  const of = (partNumber: string) => ({ kind: part(partNumber).kind, result: estimate(part(partNumber), op) });

  it("is never an unsuitable part, and a diode is never weighed against a switch", () => {
    // The compare set of the issue: the 650 V diode has by far the lowest total (5 W against 18–21 W) and the
    // 650 V MOSFET beats the 1200 V one, but neither can block 800 V.
    const set = ["QCM040120K4", "QCM025065K4", "QCD06065T2"].map(of);
    expect(set[2]!.result.losses.total).toBeLessThan(set[0]!.result.losses.total);
    expect(set[1]!.result.losses.total).toBeLessThan(set[0]!.result.losses.total);
    expect([...lowestLossPerType(set)]).toEqual([0]);
  });

  it("is chosen per device type, only where a type has two parts to choose between", () => {
    const set = ["QCD20120K2", "QCM040120K4", "QCD10120T2", "QCM016120K4"].map(of);
    // Diodes: QCD20120K2 (2.6 W) beats QCD10120T2 (3.7 W); MOSFETs: QCM016120K4 beats QCM040120K4.
    expect([...lowestLossPerType(set)].sort()).toEqual([0, 3]);
    expect([...lowestLossPerType([of("QCD20120K2"), of("QCM040120K4")])]).toEqual([]);
  });
});

describe("compare's default operating point", () => {
  it("is one the lowest-rated compared part suits: 400 V for 650 V parts, not 800 V", () => {
    // A three-level module is offered twice the two-level DC link (its switches each block half of it).
    expect(suggestOperatingPoint(part("QSM100120NP2")).vBus).toBe(1600);
    expect(suggestForParts([part("QSM100120NP2"), part("QSM300120H62")]).vBus).toBe(800);
    const suggestion = suggestForParts([part("QCM040120K4"), part("QCM025065K4")]);
    expect(suggestion).toMatchObject({ mode: "inverter", vBus: 400, current: 20 });
    // With the 6 A diode: its current rating sets the current; the switches set the topology and frequency.
    expect(suggestForParts([part("QCM040120K4"), part("QCM025065K4"), part("QCD06065T2")])).toMatchObject({ mode: "inverter", vBus: 400, current: 2, fsw: 50_000 });
    // A module beside a discrete: the module's lower frequency.
    expect(suggestForParts([part("QCM040120K4"), part("QSM300120H62")]).fsw).toBe(20_000);
    // Diodes alone: the diode's boost point.
    expect(suggestForParts([part("QCD10065T2"), part("QCD20120K2")])).toEqual({ ...suggestOperatingPoint(part("QCD10065T2")), current: 5 });
    // Every part can stand its default point.
    const set = [part("QCM040120K4"), part("QCM025065K4"), part("QCD06065T2")];
    const at = suggestForParts(set);
    for (const data of set) expect(isSuitable(estimate(data, at))).toBe(true);
  });
});

describe("loss formatting", () => {
  it("prints three significant digits down to milliwatts, trailing zeros kept, whole watts from 1 kW", () => {
    const cases: Array<[number, string]> = [
      [9.2, "9.20"],
      [19, "19.0"],
      [0.5, "0.500"],
      [0.0996, "0.100"],
      [99.96, "100"],
      [0.004, "0.004"],
      [0.0004, "0"],
      [0.0123, "0.012"],
      [0.468, "0.468"],
      [5.9215, "5.92"],
      [20.523, "20.5"],
      [123.456, "123"],
      [1234.5, "1,235"],
    ];
    for (const [value, shown] of cases) expect(formatWatts(value, "en"), String(value)).toBe(shown);
    expect(formatWatts(0.004, "zh")).toBe("0.004");
  });
});
