// The competitor table of the cross-reference: it parses with the one schema, every value names a document of
// its part, the coverage the search needs is there, our side of the comparison points at real catalog content,
// and each shipped part yields a result against the shipped catalog whose texts exist in both languages.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { LossData } from "../../shared/contract/loss-data.ts";
import { noteKeys, paramKeys, rowStatuses } from "../../shared/cross-reference/compare.ts";
import { decodeRuleIds } from "../../shared/cross-reference/decode.ts";
import { crossReference, tiers } from "../../shared/cross-reference/match.ts";
import { deviceTypeOf, ourVoltage, type OurProduct } from "../../shared/cross-reference/our-product.ts";
import { allSources, crossReferenceContent, deviceTypes, manufacturers, topologies } from "../../shared/cross-reference/schema.ts";
import { shippedContentDir as contentDir } from "../../server/upstream/content/load.ts";
import { loadResources } from "../../server/http/i18n.ts";

const readJson = (file: string) => JSON.parse(readFileSync(path.join(contentDir, file), "utf8"));
const raw = readJson("cross-reference/competitor-parts.json");
const content = crossReferenceContent.parse(raw);
const products: Array<{ partNumber: string; status: string; params: Record<string, unknown> }> = readJson("catalog/products.json");
const losses: Array<{ partNumber: string } & LossData> = readJson("catalog/loss-data.json");

/** Our products as the site's product calls give them in English (localized texts resolved). */
const ours: OurProduct[] = products
  .filter((p) => p.status === "on")
  .map((p) => ({
    partNumber: p.partNumber,
    params: Object.fromEntries(
      Object.entries(p.params).map(([key, value]) => [key, value && typeof value === "object" ? (value as { en: string }).en : (value as number | string)]),
    ),
    loss: (({ partNumber: _, ...loss }) => loss)(losses.find((l) => l.partNumber === p.partNumber) ?? { partNumber: "" }) as LossData,
  }))
  .map((p) => ({ ...p, loss: "kind" in (p.loss ?? {}) ? p.loss : null }));

/** Every object in a part that carries a value must carry its source. */
function unsourced(value: unknown, where = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => unsourced(item, `${where}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const holdsValue = ["value", "typ", "max", "absMin", "absMax", "opOn", "opOff", "pins", "datasheetName"].some((k) => k in record);
  const own = holdsValue && !("source" in record) ? [where] : [];
  return [
    ...own,
    ...Object.entries(record)
      .filter(([k]) => k !== "documents")
      .flatMap(([k, item]) => unsourced(item, `${where}.${k}`)),
  ];
}

describe("cross-reference content", () => {
  it("gives every value a source that names one of the part's documents", () => {
    for (const part of content.parts) {
      expect(unsourced(part), part.partNumber).toEqual([]);
      const ids = new Set(part.documents.map((d) => d.id));
      const sources = allSources(part);
      expect(sources.length, part.partNumber).toBeGreaterThanOrEqual(4);
      for (const source of sources) expect(ids.has(source.doc), `${part.partNumber} → ${source.doc}`).toBe(true);
    }
  });

  it("rejects a value without a source, and a document without revision or date that does not say why", () => {
    const part = structuredClone(raw.parts[0]);
    delete part.ratings.v.source;
    expect(crossReferenceContent.safeParse({ ...raw, parts: [part] }).success).toBe(false);
    const undated = structuredClone(raw.parts[0]);
    undated.documents[0] = { ...undated.documents[0], revision: null, date: null, note: undefined };
    delete undated.documents[0].note;
    expect(crossReferenceContent.safeParse({ ...raw, parts: [undated] }).success).toBe(false);
    const stray = structuredClone(raw.parts[0]);
    stray.ratings.v.source.doc = "nowhere";
    expect(crossReferenceContent.safeParse({ ...raw, parts: [stray] }).success).toBe(false);
  });

  it("stores a printed switching energy only with its whole double-pulse condition, and only for MOSFETs", () => {
    const withSwitching = content.parts.filter((p) => p.switching);
    expect(withSwitching.map((p) => p.partNumber)).toContain("C3M0065100J");
    for (const part of withSwitching) expect(["sic-mosfet", "sic-module"], part.partNumber).toContain(part.deviceType);
    const stored = raw.parts.find((p: { partNumber: string }) => p.partNumber === "C3M0065100J");
    for (const field of ["v", "i", "rg", "tj", "vgsOff", "vgsOn", "freewheel", "source"]) {
      const part = structuredClone(stored);
      delete part.switching[0][field];
      expect(crossReferenceContent.safeParse({ ...raw, parts: [part] }).success, field).toBe(false);
    }
  });

  it("covers SiC MOSFETs of 650, 1200 and 1700 V, SiC diodes, SiC modules and IGBT modules from at least 6 manufacturers", () => {
    const makers = new Set(content.parts.map((p) => p.manufacturer));
    expect(makers.size).toBeGreaterThanOrEqual(6);
    expect(new Set(content.parts.map((p) => p.deviceType))).toEqual(new Set(deviceTypes));
    const mosfetVolts = new Set(content.parts.filter((p) => p.deviceType === "sic-mosfet").map((p) => p.ratings.v.value));
    for (const v of [650, 1200, 1700]) expect(mosfetVolts.has(v), `${v} V`).toBe(true);
  });

  it("holds at least 150 parts, keeps every manufacturer at a third of the table at most, and covers every voltage class we sell", () => {
    // The coverage target of record 023 ("Coverage"): every one of these parts is read from a stored datasheet copy.
    expect(content.parts.length).toBeGreaterThanOrEqual(150);
    const counts = new Map<string, number>();
    for (const part of content.parts) counts.set(part.manufacturer, (counts.get(part.manufacturer) ?? 0) + 1);
    for (const [maker, count] of counts) expect(count, maker).toBeLessThanOrEqual(content.parts.length / 3);
    // A competitor of 600 V serves our 650 V class, of 700 V our 750 V class (the ranking's VOLTAGE_CLASS_STEP).
    const sameClass = (theirs: number, ours: number) => theirs <= ours && ours <= theirs * 1.1;
    // No datasheet of a 750 V SiC module was found in the sources the table is read from; said, not hidden.
    const knownGaps = new Set(["sic-module 750"]);
    // Products of no compared device type (gate drivers) have no competitor class.
    const classes = ours.filter((p) => deviceTypeOf(p) !== null).map((p) => `${deviceTypeOf(p)} ${ourVoltage(p)}`);
    const missing = [...new Set(classes)].filter((key) => {
      const [type, volts] = key.split(" ");
      return !content.parts.some((part) => part.deviceType === type && sameClass(part.ratings.v.value, Number(volts)));
    });
    expect(missing.sort()).toEqual([...knownGaps]);
  });

  it("keeps our side pointing at real catalog content, and every nomenclature rule implemented", () => {
    const ourNumbers = new Set(products.map((p) => p.partNumber));
    for (const drive of content.qingyun.gateDrive) for (const pn of drive.partNumbers ?? []) expect(ourNumbers.has(pn), pn).toBe(true);
    const ourPackages = new Set(products.map((p) => p.params.package));
    for (const pinout of content.qingyun.pinouts) expect(ourPackages.has(pinout.package), pinout.package).toBe(true);
    for (const table of content.qingyun.rdsOn ?? []) expect(ourNumbers.has(table.partNumber), table.partNumber).toBe(true);
    for (const rule of content.nomenclature) expect(decodeRuleIds).toContain(rule.id);
    for (const part of content.parts) expect(ourNumbers.has(part.partNumber), part.partNumber).toBe(false);
  });

  it("matches every shipped part against the catalog with texts in both languages", () => {
    const resources = loadResources();
    const has = (language: "zh" | "en", key: string) => {
      let node: unknown = resources[language]["cross-reference"];
      for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
      return typeof node === "string" && node.length > 0;
    };
    for (const language of ["zh", "en"] as const) {
      for (const key of [
        ...tiers.map((t) => `tier.${t}`),
        ...rowStatuses.map((s) => `status.${s}`),
        ...paramKeys.map((p) => `param.${p}`),
        ...noteKeys.map((n) => `note.${n}`),
        ...manufacturers.map((m) => `manufacturer.${m}`),
        ...deviceTypes.map((d) => `deviceType.${d}`),
        ...topologies.map((t) => `topology.${t}`),
      ])
        expect(has(language, key), `${language}: ${key}`).toBe(true);
    }
    let candidates = 0;
    for (const part of content.parts) {
      const result = crossReference(part, ours, content.qingyun);
      expect(result.candidates.length + result.rejected.length, part.partNumber).toBeGreaterThan(0);
      candidates += result.candidates.length;
      for (const reason of [...result.candidates, ...result.rejected].flatMap((c) => c.reasons)) {
        expect(has("zh", `reason.${reason.key}`) && has("en", `reason.${reason.key}`), reason.key).toBe(true);
      }
    }
    expect(candidates).toBeGreaterThan(content.parts.length);
  });

  it("for the Wolfspeed C3M0040120K, lists our 40 mΩ twin first (for review: 6 % less current, R_DS(on) stated without conditions), naming every difference", () => {
    const part = content.parts.find((p) => p.partNumber === "C3M0040120K")!;
    const result = crossReference(part, ours, content.qingyun);
    const byNumber = Object.fromEntries(result.candidates.map((c) => [c.partNumber, c]));
    expect(byNumber.QCM032120K4).toMatchObject({ tier: "functional", reasons: [{ key: "worse.gateDrive", values: { theirs: "-4 / +15", ours: "-3 / +18" } }] });
    expect(byNumber.QCM040120K4!.tier).toBe("needs-review");
    expect(byNumber.QCM040120K4!.reasons).toEqual([
      { key: "worse.current", values: { theirs: "66", ours: "62" } },
      { key: "worse.current", values: { theirs: "48", ours: "44" } },
      { key: "worse.gateDrive", values: { theirs: "-4 / +15", ours: "-3 / +18" } },
    ]);
    expect(byNumber.QCM040120K4!.rows().find((r) => r.param === "rdsOn")).toMatchObject({ status: "not-comparable", note: { key: "tjNotStated" } });
    expect(result.candidates[0]!.partNumber).toBe("QCM040120K4");
    expect(result.rejected.find((r) => r.partNumber === "QCM025065K4")!.reasons[0]!.key).toBe("fail.voltage");
  });
});
