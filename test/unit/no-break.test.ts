// Values and their units stay on one line (shared/text/no-break.ts), in parameter names and test conditions alike.
import { describe, expect, it } from "vitest";
import { keepNumberWithUnit } from "../../shared/text/no-break.ts";
import { conditionsText } from "../../client/pages/products/param-label.tsx";

describe("no-break spaces", () => {
  it("join a number to what follows it, and nothing else", () => {
    expect(keepNumberWithUnit("T<C>=135 °C")).toBe("T<C>=135\u00a0°C");
    expect(keepNumberWithUnit("I_F at 25 °C, 10 A")).toBe("I_F at 25\u00a0°C, 10\u00a0A");
    expect(keepNumberWithUnit("typ (mΩ)")).toBe("typ (mΩ)");
    expect(keepNumberWithUnit("25 ")).toBe("25 ");
  });

  it("keep a test condition whole, and break it only between clauses", () => {
    expect(conditionsText("V_GS = 18 V, I_D = 20 A, T_j = 25 °C")).toBe("V_GS\u00a0=\u00a018\u00a0V, I_D\u00a0=\u00a020\u00a0A, T_j\u00a0=\u00a025\u00a0°C");
    expect(conditionsText("T_C ≤ 100 °C")).toBe("T_C\u00a0≤\u00a0100\u00a0°C");
    expect(conditionsText(null)).toBe("");
  });
});
