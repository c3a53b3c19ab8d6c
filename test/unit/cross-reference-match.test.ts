// Cross-reference matching: tiers, rejection reasons, per-parameter rows at the same stated conditions, and
// part-number decoding, on hand-made parts (each rule in isolation) and on the shipped catalog and table.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lossData, type LossData } from "../../shared/contract/loss-data.ts";
import { compareParts, grade, MARGINS, type ComparisonRow } from "../../shared/cross-reference/compare.ts";
import { decodePartNumber, findCompetitorPart } from "../../shared/cross-reference/decode.ts";
import { crossReference } from "../../shared/cross-reference/match.ts";
import type { OurProduct } from "../../shared/cross-reference/our-product.ts";
import { crossReferenceContent, type CompetitorPart, type QingyunReference } from "../../shared/cross-reference/schema.ts";

const reference: QingyunReference = {
  gateDrive: [
    { deviceType: "sic-mosfet", opOn: 18, opOff: -3, source: { file: "f", where: "w" } },
    { deviceType: "sic-mosfet", opOn: 18, opOff: -3, absMin: -8, absMax: 22, partNumbers: ["OUR40"], source: { file: "f", where: "w" } },
    { deviceType: "igbt-module", opOn: 15, opOff: -8, source: { file: "f", where: "w" } },
  ],
  pinouts: [{ package: "TO-247-4", pins: { "3": "KS" }, source: { file: "f", where: "w" } }],
};

/** Shipped loss data of one part of a kind, as the estimator reads it: the hand-made parts change only what a test needs. */
const shippedLoss = (partNumber: string): LossData => {
  const rows = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../server/upstream/content/catalog/loss-data.json"), "utf8")) as Array<{
    partNumber: string;
  }>;
  const { partNumber: _, ...row } = rows.find((candidate) => candidate.partNumber === partNumber)!;
  return lossData.parse(row);
};
const shippedMosfet = shippedLoss("QCM040120K4");
const shippedDiode = shippedLoss("QCD06065T2");
const mosfetLoss = (r25: number, r175: number, i: number): LossData =>
  shippedMosfet.kind === "mosfet"
    ? { ...shippedMosfet, ratings: { v: 1200, i, tc: 100, tjMax: 175 }, channel: { t: [25, 175], v0: [0, 0], r: [r25, r175] } }
    : shippedMosfet;
const mosfet = (partNumber: string, vds: number, rdson: number, id25: number, id100: number, pkg = "TO-247-4", aec = "No"): OurProduct => ({
  partNumber,
  params: { vds, rdson, id25, id100, qg: 86, package: pkg, tjmax: 175, aecq101: aec },
  loss: mosfetLoss(rdson, rdson * 1.75, id100),
});

const src = { doc: "ds", where: "p. 1" };
const theirMosfet = (over: Partial<CompetitorPart> = {}): CompetitorPart => ({
  manufacturer: "wolfspeed",
  partNumber: "THEIRS40",
  deviceType: "sic-mosfet",
  documents: [{ id: "ds", title: "THEIRS40 data sheet", revision: "A", date: "2020-01", url: "https://example.com/ds.pdf" }],
  package: { name: "TO-247-4", datasheetName: "TO-247-4", pins: ["D", "S", "KS", "G"], source: src },
  ratings: {
    v: { value: 1200, source: src },
    currents: [
      { value: 60, tc: 25, source: src },
      { value: 42, tc: 100, source: src },
    ],
    tjMax: { value: 175, source: src },
  },
  onState: [{ kind: "rdsOn", typ: 40, tj: 25, vgs: 18, source: src }],
  gateDrive: { absMin: -8, absMax: 22, opOff: -3, opOn: 18, source: src },
  ...over,
});

const rowOf = (rows: ComparisonRow[], param: string) => rows.find((r) => r.param === param)!;

describe("grade", () => {
  it("says better, pass, worse within the margin and fail beyond it", () => {
    expect(grade(110, 100, true, 0.1)).toBe("better");
    expect(grade(100.5, 100, true, 0.1)).toBe("pass");
    expect(grade(95, 100, true, 0.1)).toBe("worse");
    expect(grade(80, 100, true, 0.1)).toBe("fail");
    expect(grade(35, 40, false, 0.1)).toBe("better");
    expect(grade(43, 40, false, 0.1)).toBe("worse");
  });
});

describe("crossReference tiers", () => {
  it("is a drop-in with the same package, pinout, gate drive and every rating met", () => {
    const result = crossReference(theirMosfet(), [mosfet("OUR40", 1200, 40, 62, 44)], reference);
    expect(result.rejected).toEqual([]);
    expect(result.candidates[0]).toMatchObject({ partNumber: "OUR40", tier: "drop-in", reasons: [] });
    expect(rowOf(result.candidates[0]!.rows(), "pinout")).toMatchObject({ status: "pass", note: { key: "pinsCompared" } });
  });

  it("is functional in another package or with another gate drive, and says which", () => {
    const part = theirMosfet({ gateDrive: { absMin: -8, absMax: 19, opOff: -4, opOn: 15, source: src } });
    const result = crossReference(part, [mosfet("OUR40", 1200, 40, 62, 44), mosfet("OUR40K3", 1200, 40, 62, 44, "TO-247-3")], reference);
    const byNumber = Object.fromEntries(result.candidates.map((c) => [c.partNumber, c]));
    expect(byNumber.OUR40).toMatchObject({ tier: "functional", reasons: [{ key: "worse.gateDrive", values: { theirs: "-4 / +15", ours: "-3 / +18" } }] });
    expect(byNumber.OUR40K3!.tier).toBe("functional");
    expect(byNumber.OUR40K3!.reasons.map((r) => r.key)).toEqual(["fail.package", "worse.gateDrive"]);
    // A drop-in would be listed first: here the same-package part leads.
    expect(result.candidates[0]!.partNumber).toBe("OUR40");
  });

  it("needs review when a rating is short within the margin, and rejects beyond it with reasons", () => {
    // 43 mΩ against 40: not the same part at a lower current rating, so the short current needs review.
    const result = crossReference(theirMosfet(), [mosfet("SHORT5", 1200, 43, 58, 40), mosfet("SHORT30", 1200, 40, 40, 28), mosfet("LOWV", 650, 40, 62, 44)], reference);
    expect(result.candidates).toMatchObject([{ partNumber: "SHORT5", tier: "needs-review" }]);
    expect(result.candidates[0]!.reasons.map((r) => r.key)).toEqual(["worse.current", "worse.current", "worse.rdsOn"]);
    const rejected = Object.fromEntries(result.rejected.map((r) => [r.partNumber, r.reasons]));
    expect(rejected.SHORT30!.map((r) => r.key)).toEqual(["fail.current", "fail.current"]);
    expect(rejected.LOWV).toEqual([{ key: "fail.voltage", values: { theirs: "1200", ours: "650" } }]);
  });

  it("rejects a part whose R_DS(on) is higher beyond the margin, and one that lacks the AEC-Q101 qualification they have", () => {
    const aecPart = theirMosfet({ aecQ101: { value: true, source: src } });
    const result = crossReference(
      aecPart,
      [mosfet("HIGHR", 1200, 48, 62, 44), mosfet("NOAEC", 1200, 40, 62, 44), mosfet("AEC", 1200, 40, 62, 44, "TO-247-4", "Yes")],
      reference,
    );
    const rejected = Object.fromEntries(result.rejected.map((r) => [r.partNumber, r.reasons.map((x) => x.key)]));
    expect(rejected.HIGHR).toEqual(["fail.rdsOn", "fail.aecQ101"]);
    expect(rejected.NOAEC).toEqual(["fail.aecQ101"]);
    expect(result.candidates.map((c) => c.partNumber)).toEqual(["AEC"]);
  });

  it("skips products of another device type", () => {
    const diode: OurProduct = { partNumber: "D1", params: { vrrm: 1200, if: 10, package: "TO-220-2" }, loss: null };
    expect(crossReference(theirMosfet(), [diode], reference)).toEqual({ candidates: [], rejected: [] });
  });
});

describe("compareParts: the same stated conditions", () => {
  const ours = mosfet("OUR40", 1200, 40, 62, 44);
  it("compares R_DS(on) only at a similar V_GS and a junction temperature we state", () => {
    const part = theirMosfet({
      onState: [
        { kind: "rdsOn", typ: 40, tj: 25, vgs: 15, source: src },
        { kind: "rdsOn", typ: 68, tj: 175, vgs: 18, source: src },
        { kind: "rdsOn", typ: 50, tj: 150, vgs: 18, source: src },
        { kind: "rdsOn", typ: 40, tj: null, source: src },
      ],
    });
    const rows = compareParts(part, ours, reference).filter((r) => r.param === "rdsOn");
    expect(rows.map((r) => [r.status, r.note?.key ?? null])).toEqual([
      ["not-comparable", "differentVgs"],
      ["worse", null],
      ["not-comparable", "noOursAtTj"],
      ["not-comparable", "tjNotStated"],
    ]);
    expect(rows[1]!.ours).toEqual({ value: 70, conditions: { tj: 175, vgs: 18 }, basis: "loss-model" });
  });

  it("compares currents at the same T_C, or bounds them where T_C differs, else says not comparable", () => {
    const part = theirMosfet({
      ratings: {
        v: { value: 1200, source: src },
        currents: [
          { value: 40, tc: 90, source: src },
          { value: 70, tc: 50, source: src },
          { value: 30, tc: 135, source: src },
        ],
      },
    });
    const rows = compareParts(part, ours, reference).filter((r) => r.param === "current");
    // At 90 °C: ours is 44 A at a hotter 100 °C, so at least 44 A at 90 °C.
    expect(rows[0]).toMatchObject({ status: "pass", note: { key: "currentBoundMet", values: { ourTc: 100, theirTc: 90 } } });
    // At 50 °C: ours is 62 A at a cooler 25 °C, so less than their 70 A (11 % short: beyond the margin).
    expect(rows[1]).toMatchObject({ status: "fail", note: { key: "currentBoundShort" } });
    expect(rows[2]).toMatchObject({ status: "not-comparable", note: { key: "differentTc" } });
  });

  it("computes V_F and V_CE(sat) from our on-state model at their current and temperature", () => {
    const diode: OurProduct = {
      partNumber: "D10",
      params: { vrrm: 650, if: 10, vf: 1.38, qc: 27, ifsm: 80, package: "TO-220-2", tjmax: 175, aecq101: "No" },
      loss:
        shippedDiode.kind === "diode"
          ? { ...shippedDiode, ratings: { v: 650, i: 10, tc: 135, tjMax: 175 }, forward: { t: [25, 175], v0: [0.92, 0.8], r: [46, 104] } }
          : shippedDiode,
    };
    const part: CompetitorPart = {
      ...theirMosfet(),
      deviceType: "sic-diode",
      package: { name: "TO-220-2", datasheetName: "TO-220-2", source: src },
      ratings: { v: { value: 650, source: src }, currents: [{ value: 8, tc: 155, source: src }] },
      onState: [
        { kind: "vf", typ: 1.27, max: 1.5, i: 8, tj: 25, source: src },
        { kind: "vf", typ: 1.37, i: 8, tj: 175, source: src },
      ],
      qc: { value: 29, source: src },
    };
    delete (part as Partial<CompetitorPart>).gateDrive;
    const rows = compareParts(part, diode, reference);
    // 0.92 V + 46 mΩ · 8 A = 1.288 V; hot: 0.8 V + 104 mΩ · 8 A = 1.632 V.
    expect(rows.filter((r) => r.param === "vf").map((r) => [r.ours.value, r.status])).toEqual([
      [1.29, "worse"],
      [1.63, "fail"],
    ]);
    expect(rowOf(rows, "qc")).toMatchObject({ status: "not-comparable", note: { key: "differentVr" } });
    expect(rowOf(rows, "pinout")).toMatchObject({ status: "not-comparable", note: { key: "pinoutNotStated" } });
    expect(rows.some((r) => r.param === "gateDrive")).toBe(false);
  });

  it("keeps margins stated in one place", () => {
    expect(MARGINS).toMatchObject({ current: 0.1, onState: 0.1, tj: 10 });
  });
});

describe("part-number decoding", () => {
  const content = crossReferenceContent.parse(
    JSON.parse(readFileSync(path.join(import.meta.dirname, "../../server/upstream/content/cross-reference/competitor-parts.json"), "utf8")),
  );
  it("decodes a Mitsubishi CM number by its published nomenclature and marks the values decoded", () => {
    const decoded = decodePartNumber(" cm300dy-24nf ", content.nomenclature);
    expect(decoded).toMatchObject({ manufacturer: "mitsubishi", partNumber: "CM300DY-24NF", deviceType: "igbt-module", decoded: true });
    expect(decoded!.ratings.v.value).toBe(1200);
    expect(decoded!.ratings.currents).toMatchObject([{ value: 300, tc: null, nominal: true }]);
    expect(decoded!.ratings.v.source.where).toContain("Volts ×50");
    const rows = compareParts(
      decoded!,
      { partNumber: "QIM300120H62", params: { vces: 1200, icnom: 300, package: "62 mm", topology: "Half bridge", tjop: 150 }, loss: null },
      content.qingyun,
    );
    expect(rowOf(rows, "voltage").theirs).toMatchObject({ value: 1200, decoded: true });
    expect(rowOf(rows, "package")).toMatchObject({ status: "not-comparable", note: { key: "packageNotDecoded" } });
  });
  it("finds a table part before decoding, and returns null for a number no rule reads", () => {
    expect(findCompetitorPart("c3m0040120k", content.parts, content.nomenclature)?.partNumber).toBe("C3M0040120K");
    expect(findCompetitorPart("XYZ123", content.parts, content.nomenclature)).toBeNull();
  });
});

describe("ratings stated at several conditions", () => {
  it("needs no review when one comparable row confirms a rating the others cannot, and compares T_vj,op where a module states only that", () => {
    const module: OurProduct = {
      partNumber: "M450",
      params: { vces: 1200, icnom: 450, vcesat: 1.75, topology: "Half bridge", package: "62 mm", viso: 4, tjop: 150 },
      loss: null,
    };
    const part: CompetitorPart = {
      ...theirMosfet(),
      deviceType: "igbt-module",
      package: { name: "62 mm", datasheetName: "62mm", source: src },
      ratings: {
        v: { value: 1200, source: src },
        currents: [
          { value: 600, tc: 25, source: src },
          { value: 400, tc: null, nominal: true, source: src },
        ],
        tjMax: { value: 175, source: src },
        tjOp: { value: 150, source: src },
      },
      onState: [],
      gateDrive: { absMin: -20, absMax: 20, opOn: 15, opOff: -8, source: src },
      topology: { value: "half-bridge", source: src },
    };
    const reference15: QingyunReference = { ...reference, pinouts: [{ package: "62 mm", pins: { "1": "S", "2": "D", "3": "G" }, source: { file: "f", where: "w" } }] };
    const result = crossReference({ ...part, package: { ...part.package, pins: ["S", "D", "G"] } }, [module], reference15);
    const rows = [...result.candidates, ...result.rejected][0]!.rows();
    expect(rows.filter((r) => r.param === "current").map((r) => r.status)).toEqual(["not-comparable", "better"]);
    expect(rows.some((r) => r.param === "tjMax")).toBe(false);
    expect(rowOf(rows, "tjOp").status).toBe("pass");
    expect(result.candidates).toMatchObject([{ partNumber: "M450", tier: "drop-in", reasons: [] }]);
  });
});

describe("a current rating without its case temperature", () => {
  it("is not compared with a rating at a stated T_C, is their gap (a note, not a review), and still rejects a part short at 25 °C", () => {
    const part = theirMosfet({ ratings: { v: { value: 1200, source: src }, currents: [{ value: 60, tc: null, source: src }] } });
    const result = crossReference(part, [mosfet("OUR40", 1200, 40, 62, 44), mosfet("OUR40S", 1200, 40, 50, 35)], reference);
    expect(rowOf(result.candidates[0]!.rows(), "current")).toMatchObject({ status: "not-comparable", note: { key: "tcNotStated" } });
    expect(result.candidates[0]).toMatchObject({ partNumber: "OUR40", tier: "drop-in", reasons: [{ key: "note.theirCurrentTcNotStated" }] });
    // Theirs is at least 60 A at 25 °C (no rating is stated for a colder case): 50 A falls short for certain.
    expect(result.rejected).toMatchObject([{ partNumber: "OUR40S", reasons: [{ key: "fail.current" }] }]);
  });
});
