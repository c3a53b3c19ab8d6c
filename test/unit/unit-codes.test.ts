// The JSON-LD's unit codes against UN/ECE Recommendation 20 as published (the un-ece-recommendation package's
// copy of its annex), not against our own table: every code names the unit we mean, and every unit a parameter
// column or datasheet line uses either has its code or is one Rec 20 does not list.
import { readFileSync } from "node:fs";
import { REC_20_2 } from "un-ece-recommendation/20/2";
import { describe, expect, it } from "vitest";
import { unitCodes } from "../../shared/seo/product-ld.ts";

/** What each of our unit symbols means, in Rec 20's own words. */
const meaning: Record<string, string> = {
  V: "volt",
  kV: "kilovolt",
  A: "ampere",
  µA: "microampere",
  "°C": "degree Celsius",
  ns: "nanosecond",
  µs: "microsecond",
  nC: "nanocoulomb",
  µC: "microcoulomb",
  mΩ: "milliohm",
  W: "watt",
  mJ: "millijoule",
  "K/W": "kelvin per watt",
  nH: "nanohenry",
  "A²s": "ampere squared second",
};
const rec20 = new Map(REC_20_2.map((unit) => [unit.code, unit.name]));
const rec20Names = new Set(rec20.values());

describe("UN/CEFACT unit codes", () => {
  it("names in Rec 20 the unit each symbol means", () => {
    for (const [symbol, code] of Object.entries(unitCodes)) expect(rec20.get(code), `${symbol} → ${code}`).toBe(meaning[symbol]);
  });

  it("gives every column unit its code, or leaves it out only where Rec 20 has none", () => {
    // The columns' units, and the datasheet lines' (a column may take any of them up).
    const files = ["categories.json", "characteristics.json"].map((file) =>
      readFileSync(new URL(`../../server/upstream/content/catalog/${file}`, import.meta.url), "utf8"),
    );
    const units = new Set(files.flatMap((text) => [...text.matchAll(/"unit": *"([^"]+)"/g)].map((match) => match[1]!)));
    expect(units.size).toBeGreaterThan(12);
    const withoutCode = { µJ: "microjoule", "kV/µs": "kilovolt per microsecond" };
    for (const unit of units) {
      if (unit in withoutCode) expect(rec20Names.has(withoutCode[unit as keyof typeof withoutCode]), unit).toBe(false);
      else expect(unitCodes[unit], unit).toBeDefined();
    }
  });
});
