// Negative numbers take the minus sign (shared/text/minus.ts); the hyphens of names, standards and dates stay.
import { describe, expect, it } from "vitest";
import { withMinusSign } from "../../shared/text/minus.ts";

describe("withMinusSign", () => {
  it("writes a negative number with the minus sign", () => {
    expect(withMinusSign("-4 / +15 V")).toBe("\u22124 / +15 V");
    expect(withMinusSign("turns off at -3 V, rated -8 V")).toBe("turns off at \u22123 V, rated \u22128 V");
    expect(withMinusSign("-40 to 175 °C")).toBe("\u221240 to 175 °C");
    expect(withMinusSign("对方关断电压-4 V")).toBe("对方关断电压\u22124 V");
  });

  it("leaves the hyphens of names, standards, dates and ranges", () => {
    for (const text of ["TO-247-4", "IEC 60747-8", "2025-01-16", "20-40 kW", "AEC-Q101", "R_th(j-c)", "1.2e-3"]) expect(withMinusSign(text)).toBe(text);
  });
});
