// The ranking and tier rules of the cross-reference (docs/decisions/023-cross-reference-ranking.md), as tables:
// the named parts run against the shipped catalog and competitor table, and hand-made parts isolate one rule each.
import { describe, expect, it } from "vitest";
import type { ComparisonRow } from "../../shared/cross-reference/compare.ts";
import { findCompetitorPart } from "../../shared/cross-reference/decode.ts";
import { crossReference } from "../../shared/cross-reference/match.ts";
import type { OurProduct } from "../../shared/cross-reference/our-product.ts";
import type { CompetitorPart, QingyunReference } from "../../shared/cross-reference/schema.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { shippedCrossReference as content, shippedProducts } from "./shipped-catalog.ts";

const catalogFeatures = new Map(
  (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../server/upstream/content/catalog/products.json"), "utf8")) as Array<{
      partNumber: string;
      features: Record<"zh" | "en", string[]>;
    }>
  ).map((p) => [p.partNumber, p.features]),
);

const run = (partNumber: string) => {
  const part = findCompetitorPart(partNumber, content.parts, content.nomenclature);
  if (!part) throw new Error(`${partNumber} is neither in the table nor decodable`);
  return crossReference(part, shippedProducts, content.qingyun);
};
const order = (partNumber: string) => run(partNumber).candidates.map((c) => c.partNumber);
const keys = (reasons: { key: string }[]) => reasons.map((r) => r.key);
const rowOf = (rows: ComparisonRow[], param: string) => rows.find((r) => r.param === param);

describe("ranking on the shipped table", () => {
  it.each([
    // [competitor part, our part expected first, parts that must come after it]
    ["C3M0040120K", "QCM040120K4", ["QCM032120K4", "QCM020120K4", "QCM016120K4", "QCM013120K4", "QCM045170K4"]],
    ["C3M0032120K", "QCM032120K4", ["QCM040120K4", "QCM020120K4", "QCM045170K4"]],
    ["C2M0040120D", "QCM040120K4", ["QCM040120B7", "QCM032120K4", "QCM020120K4", "QCM045170K4"]],
    ["C3M0040120D", "QCM040120K4", ["QCM032120K4", "QCM020120K4", "QCM045170K4"]],
    ["SCT3040KW7", "QCM040120B7", ["QCM040120K4", "QCM020120K4"]],
  ])("%s: %s first, closest R_DS(on) before package and ratings", (theirs, first, after) => {
    const ranked = order(theirs);
    expect(ranked[0]).toBe(first);
    for (const other of after) expect(ranked.indexOf(other), other).toBeGreaterThan(0);
  });

  it.each(["C3M0040120K", "C3M0032120K", "C2M0040120D", "NTH4L040N120SC1", "IMZ120R030M1H"])(
    "%s (1200 V): no 1700 V part is ranked above a suitable 1200 V part, and each says it is oversize",
    (theirs) => {
      const { candidates } = run(theirs);
      const voltage = (c: (typeof candidates)[number]) => rowOf(c.rows(), "voltage")!.ours.value as number;
      const firstHigher = candidates.findIndex((c) => voltage(c) > 1200);
      const lastSuitable = candidates.map(voltage).lastIndexOf(1200);
      if (firstHigher >= 0) expect(firstHigher).toBeGreaterThan(lastSuitable);
      for (const c of candidates.filter((x) => voltage(x) > 1200)) expect(keys(c.reasons)).toContain("oversize.voltage");
    },
  );

  it("says how oversize a candidate's current rating is", () => {
    const q13 = run("C3M0040120K").candidates.find((c) => c.partNumber === "QCM013120K4")!;
    // 190 A against their 66 A at T_C = 25 °C.
    expect(q13.reasons).toContainEqual({ key: "oversize.current", values: { factor: 2.9 } });
    const q40 = run("C3M0040120K").candidates.find((c) => c.partNumber === "QCM040120K4")!;
    expect(keys(q40.reasons)).not.toContain("oversize.current");
  });
});

describe("our R_DS(on) at their V_GS and T_j", () => {
  it.each([
    // [competitor, their T_j, their V_GS, our part, our value from the published table]
    ["C2M0040120D", 25, 20, "QCM040120K4", 36.8],
    ["C2M0040120D", 150, 20, "QCM040120K4", 60.5],
  ])("%s at %i °C, %i V: ours %s is compared at the same conditions", (theirs, tj, vgs, ours, value) => {
    const candidate = run(theirs).candidates.find((c) => c.partNumber === ours)!;
    const row = candidate.rows().find((r) => r.param === "rdsOn" && r.theirs.conditions.tj === tj)!;
    expect(row.ours).toEqual({ value, conditions: { tj, vgs }, basis: "catalog" });
    expect(row.status).toBe("better");
  });

  it("publishes 15, 18 and 20 V at 25 °C and the hottest stated T_j for every MOSFET, consistent with the loss data", () => {
    const mosfets = shippedProducts.filter((p) => p.loss?.kind === "mosfet");
    expect(mosfets.length).toBeGreaterThan(0);
    for (const product of mosfets) {
      const table = content.qingyun.rdsOn?.find((t) => t.partNumber === product.partNumber);
      expect(table, product.partNumber).toBeDefined();
      expect(table!.vgs).toEqual([15, 18, 20]);
      const loss = product.loss!.kind === "mosfet" ? product.loss!.channel : null;
      table!.tj.forEach((tj, j) => {
        // +18 V equals the loss data; a higher gate voltage never raises R_DS(on); a hotter junction never lowers it.
        expect(table!.r[1]![j]).toBe(loss!.r[loss!.t.indexOf(tj)]);
        expect(table!.r[0]![j]!).toBeGreaterThan(table!.r[1]![j]!);
        expect(table!.r[2]![j]!).toBeLessThan(table!.r[1]![j]!);
        if (j > 0) for (let i = 0; i < 3; i++) expect(table!.r[i]![j]!).toBeGreaterThan(table!.r[i]![j - 1]!);
      });
      expect(table!.r[1]![0]).toBe(product.params.rdson);
      expect(table!.tj.at(-1)).toBe(Math.max(...loss!.t));
      // Published on the product's page in both languages, with the same numbers.
      const hot = table!.r.map((row) => row.at(-1)).join(" / ");
      const cold = table!.r.map((row) => row[0]).join(" / ");
      const features = catalogFeatures.get(product.partNumber)!;
      for (const language of ["zh", "en"] as const) {
        expect(
          features[language].some((f) => f.includes(`${cold} mΩ`) && f.includes(`${hot} mΩ`) && f.includes("15 / 18 / 20 V")),
          `${product.partNumber} ${language}`,
        ).toBe(true);
      }
    }
  });
});

describe("tiers on the shipped table", () => {
  it.each([
    // [competitor, our part, tier, reason keys that must be in its summary]
    ["SCS308AM", "QCD10065T2", "needs-review", ["fail.insulatedToLiveTab"]],
    ["SCS308AM", "QCD10065B2A", "needs-review", ["fail.insulatedToLiveTab"]],
    ["SCS308AM", "QCD20065K2", "needs-review", ["fail.insulatedToLiveTab"]],
    ["FF450R12IE4", "QIM450120HE3", "needs-review", ["fail.package"]],
    ["FF450R12KE4_E", "QIM450120HE3", "needs-review", ["fail.visol", "fail.package"]],
    ["CM600DY-24T", "QIM600170HE3", "needs-review", ["decoded.part", "oversize.voltage"]],
    // Our 65 / 46 A exceed their 60 / 40 A at T_C = 25 / 100 °C: no current note.
    ["C2M0040120D", "QCM040120B7", "functional", ["fail.package", "worse.gateDrive"]],
    ["C3M0040120K", "QCM045170K4", "functional", ["oversize.voltage"]],
    // ROHM drives at 0 V / +18 V: our 2.8 V threshold needs a negative turn-off supply or a Miller clamp.
    ["SCT3040KW7", "QCM040120B7", "functional", ["worse.vgsTh"]],
    ["SCT3040KW7", "QCM040120K4", "functional", ["fail.package", "worse.vgsTh"]],
    // Page 2's values: 40 mΩ at 25 °C with its V_GS not legible, so still not comparable; every difference named.
    ["C3M0040120D", "QCM040120K4", "needs-review", ["worse.current", "fail.package", "worse.gateDrive"]],
  ])("%s → %s: %s, naming %j", (theirs, ours, tier, reasons) => {
    const candidate = run(theirs).candidates.find((c) => c.partNumber === ours);
    expect(candidate, `${ours} is a candidate`).toBeDefined();
    expect(candidate!.tier).toBe(tier);
    expect(keys(candidate!.reasons)).toEqual(expect.arrayContaining(reasons));
  });

  it("IMZ120R030M1H: their 0 V turn-off with a 4.5 V threshold, our 2.8 V part: a negative supply or a Miller clamp, said", () => {
    for (const candidate of run("IMZ120R030M1H").candidates) {
      expect(rowOf(candidate.rows(), "vgsTh"), candidate.partNumber).toMatchObject({
        status: "worse",
        note: { key: "zeroOffLowThreshold", values: { theirOff: 0, ours: 2.8, theirs: 4.5, ourOff: -3 } },
      });
      expect(keys(candidate.reasons)).toContain("worse.vgsTh");
      expect(candidate.tier).not.toBe("drop-in");
    }
  });

  it("SDT05S60: a true drop-in appears where package, pinout, ratings and drive all hold (650 V for 600 V is the same class)", () => {
    const [first] = run("SDT05S60").candidates;
    expect(first).toMatchObject({ partNumber: "QCD10065T2", tier: "drop-in", reasons: [] });
    expect(rowOf(first!.rows(), "pinout")).toMatchObject({ status: "pass", note: { key: "pinsCompared", values: { pins: "1=K, 2=A" } } });
  });

  it("states the full pinout of every discrete package we sell, and every pin of theirs against it", () => {
    const packages = new Set(shippedProducts.filter((p) => p.params.vds !== undefined || p.params.vrrm !== undefined).map((p) => p.params.package));
    packages.delete(undefined);
    for (const pkg of packages) {
      if (shippedProducts.some((p) => p.params.package === pkg && p.params.topology !== undefined)) continue;
      const pins = content.qingyun.pinouts.find((p) => p.package === pkg)?.pins;
      expect(pins, String(pkg)).toBeDefined();
      const numbers = Object.keys(pins!).map(Number);
      expect(numbers, String(pkg)).toEqual(numbers.map((_, i) => i + 1));
    }
    // A part with a pin more than ours is not our pinout.
    const ours = shippedProducts.find((p) => p.partNumber === "QCM040120B7")!;
    const part = content.parts.find((p) => p.partNumber === "C3M0160120J")!;
    const extra = { ...part, package: { ...part.package, pins: [...part.package.pins!, "S" as const] } };
    expect(rowOf(crossReference(extra, [ours], content.qingyun).candidates[0]!.rows(), "pinout")).toMatchObject({ status: "fail" });
  });

  it.each(["SCS308AM", "CM600DY-24T"])("%s: no candidate is better than needs review", (theirs) => {
    const { candidates } = run(theirs);
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(c.tier, c.partNumber).toBe("needs-review");
  });

  it("SCTH90N65G2V-7: a current stated without T_C sends no candidate to review by itself", () => {
    const { candidates, rejected } = run("SCTH90N65G2V-7");
    for (const c of candidates) expect(keys(c.reasons), c.partNumber).not.toContain("not-comparable.current");
    // Theirs is at least 116 A at 25 °C: a part rated lower there is short for certain, and says so; ours rated
    // 116 A at 25 °C is not short, and notes that their T_C is not stated.
    expect(rejected.find((r) => r.partNumber === "QCM045065B7")?.reasons).toEqual([expect.objectContaining({ key: "fail.current" })]);
    expect(keys(candidates.find((c) => c.partNumber === "QCM025065K4")!.reasons)).toContain("note.theirCurrentTcNotStated");
  });
});

// docs/decisions/026-lifecycle-and-change-notices.md: a part on its way out is listed after every part a new design may take.
describe("lifecycle in the ranking on the shipped table", () => {
  it("SDT05S60: our NRND QCD06065T2 is still a drop-in, but after every active candidate, saying its state and replacement", () => {
    const { candidates } = run("SDT05S60");
    const nrnd = candidates.findIndex((c) => c.partNumber === "QCD06065T2");
    expect(candidates[nrnd]).toMatchObject({ tier: "drop-in", reasons: [{ key: "lifecycle.nrnd", values: { replacement: "QCD10065T2", since: "2026-07-01" } }] });
    // Even the 1200 V parts (another voltage class) come before it: a new design should not take it at all.
    expect(candidates.slice(0, nrnd).map((c) => c.partNumber)).toEqual(expect.arrayContaining(["QCD10065T2", "QCD10120T2"]));
    for (const c of candidates.slice(0, nrnd))
      expect(
        keys(c.reasons).some((k) => k.startsWith("lifecycle.")),
        c.partNumber,
      ).toBe(false);
    // Last-time buy after not-recommended, with its last order and delivery dates.
    const ltb = candidates.find((c) => c.partNumber === "QCD05120T2")!;
    expect(candidates.indexOf(ltb)).toBeGreaterThan(nrnd);
    expect(ltb.reasons[0]).toEqual({
      key: "lifecycle.ltb",
      values: { replacement: "QCD10120T2", since: "2026-03-16", lastOrder: "2027-03-16", lastDelivery: "2027-09-16" },
    });
  });

  it.each(["C3M0160120J", "C2M0160120D", "NTH4L160N120SC1"])(
    "%s: an active part comes first; our obsolete 160 and 80 mΩ TO-247-3 parts last, naming the replacement",
    (theirs) => {
      const { candidates } = run(theirs);
      expect(candidates[0]!.partNumber).toBe("QCM080120K4");
      const last = candidates.slice(-2);
      expect(last.map((c) => c.partNumber).sort()).toEqual(["QCM080120K3", "QCM160120K3"]);
      for (const c of last) expect(c.reasons[0]).toMatchObject({ key: "lifecycle.obsolete", values: { replacement: "QCM080120K4" } });
    },
  );
});

// Hand-made parts: one rule each.
const src = { doc: "ds", where: "p. 2" };
const reference: QingyunReference = {
  gateDrive: [{ deviceType: "sic-mosfet", opOn: 18, opOff: -3, absMin: -8, absMax: 22, source: { file: "f", where: "w" } }],
  pinouts: [{ package: "TO-247-4", pins: { "1": "D", "2": "S", "3": "KS", "4": "G" }, source: { file: "f", where: "w" } }],
  rdsOn: [
    {
      partNumber: "OUR",
      vgs: [15, 18, 20],
      tj: [25, 175],
      r: [
        [52, 77],
        [40, 70],
        [36.8, 68.2],
      ],
      source: { file: "f", where: "w" },
    },
  ],
};
// The published V_GS table is the 40 mΩ part's; another R_DS(on) is read from its parameter table at +18 V.
const ours = (rdson: number, id25: number, id100: number, vgsth = 2.8): OurProduct => ({
  partNumber: rdson === 40 ? "OUR" : `OUR${rdson}`,
  params: { vds: 1200, rdson, id25, id100, vgsth, package: "TO-247-4", tjmax: 175 },
  loss: null,
});
const theirs = (over: Partial<CompetitorPart> = {}): CompetitorPart => ({
  manufacturer: "infineon",
  partNumber: "THEIRS",
  deviceType: "sic-mosfet",
  documents: [{ id: "ds", title: "THEIRS", revision: "1", date: "2024", url: "https://example.com/ds.pdf" }],
  package: { name: "TO-247-4", datasheetName: "TO-247-4", pins: ["D", "S", "KS", "G"], source: src },
  ratings: {
    v: { value: 1200, source: src },
    currents: [
      { value: 66, tc: 25, source: src },
      { value: 47, tc: 100, source: src },
    ],
    tjMax: { value: 175, source: src },
  },
  onState: [{ kind: "rdsOn", typ: 40, tj: 25, vgs: 18, source: src }],
  gateDrive: { absMin: -8, absMax: 22, opOff: -3, opOn: 18, source: src },
  ...over,
});

describe("a current shortfall at equal or lower R_DS(on)", () => {
  it.each([
    // [our R_DS(on), our I_D at 25 / 100 °C, expected tier or "rejected"]
    [40, 62, 44, "drop-in"], // −6 % at 40 mΩ: equal R_DS(on), a note and no review
    [38, 62, 44, "drop-in"], // lower R_DS(on)
    [40.3, 62, 44, "drop-in"], // +0.75 %: equal within MARGINS.equal
    [42, 62, 44, "needs-review"], // +5 %: a higher R_DS(on), and the short current with it, needs review
    [40, 55, 39, "rejected"], // −17 %: beyond the current margin whatever the R_DS(on)
  ])("ours %f mΩ at %i / %i A → %s", (rdson, id25, id100, expected) => {
    const result = crossReference(theirs(), [ours(rdson, id25, id100)], reference);
    const outcome = result.candidates[0]?.tier ?? (result.rejected.length ? "rejected" : "none");
    expect(outcome).toBe(expected);
    if (expected === "drop-in") expect(keys(result.candidates[0]!.reasons)).toContain("note.currentAtEqualRdsOn");
  });
});

describe("the whole gate drive", () => {
  it.each([
    // [their off / on, their V_GS(th), row status, note]
    [0, 18, 4.5, "worse", "zeroOffLowThreshold"],
    [0, 18, undefined, "worse", "zeroOffThresholdNotStated"],
    [0, 18, 2.5, "better", undefined],
    [-3, 18, 4.5, "pass", "negativeOff"],
  ] as const)("off at %i V, on at +%i V, V_GS(th) %s V → %s", (off, on, th, status, note) => {
    const part = theirs({
      gateDrive: { absMin: -10, absMax: 23, opOff: off, opOn: on, source: src },
      ...(th === undefined ? {} : { vgsTh: { typ: th, tj: 25, source: src } }),
    });
    const result = crossReference(part, [ours(40, 66, 47)], reference);
    const row = rowOf([...result.candidates, ...result.rejected][0]!.rows(), "vgsTh")!;
    expect(row.status).toBe(status);
    expect(row.note?.key).toBe(note);
    if (note === "zeroOffLowThreshold") {
      expect(row.note!.values).toEqual({ theirOff: 0, ours: 2.8, theirs: 4.5, ourOff: -3 });
      expect(result.candidates[0]).toMatchObject({ tier: "functional" });
      expect(keys(result.candidates[0]!.reasons)).toContain("worse.vgsTh");
    }
  });

  it.each([
    [15, 52, 52, "pass"],
    [20, 36.8, 40, "better"],
    [18, 40, 40, "pass"],
  ])("gives our R_DS(on) at their +%i V turn-on (%f mΩ)", (on, value, theirValue, status) => {
    const part = theirs({
      gateDrive: { absMin: -8, absMax: 22, opOff: -4, opOn: on, source: src },
      onState: [{ kind: "rdsOn", typ: theirValue, tj: 25, vgs: on, source: src }],
    });
    const result = crossReference(part, [ours(40, 66, 47)], reference);
    const row = rowOf([...result.candidates, ...result.rejected][0]!.rows(), "rdsOnAtDrive")!;
    expect(row.ours).toEqual({ value, conditions: { tj: 25, vgs: on }, basis: "catalog" });
    expect(row.status).toBe(status);
    expect(row.note).toEqual({ key: "ourRdsOnAtTheirDrive", values: { vgs: on, ours: value } });
  });

  it("says when their turn-on level is above our limit", () => {
    const part = theirs({ gateDrive: { absMin: -10, absMax: 25, opOff: -5, opOn: 24, source: src } });
    const row = rowOf(crossReference(part, [ours(40, 66, 47)], reference).candidates[0]!.rows(), "gateDrive")!;
    expect(row).toMatchObject({ status: "worse", note: { key: "gateAboveLimit", values: { theirOn: 24, ourMax: 22 } } });
  });
});
