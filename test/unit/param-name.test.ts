// The parameter-table header markup of SPEC §3: <…> subscripts and / header levels.
import { describe, expect, it } from "vitest";
import { paramNameText, parseParamName, parseSubscripts, subscriptsText, withoutUnit } from "../../shared/text/param-name.ts";

describe("parseParamName", () => {
  it("splits header levels on / and marks subscripts", () => {
    expect(parseParamName("R<DS(on)>/typ (mΩ)")).toEqual([
      [
        { text: "R", subscript: false },
        { text: "DS(on)", subscript: true },
      ],
      [{ text: "typ (mΩ)", subscript: false }],
    ]);
  });
  it("keeps a single level and a / inside a subscript", () => {
    expect(parseParamName("V<DS> (V)")).toEqual([
      [
        { text: "V", subscript: false },
        { text: "DS", subscript: true },
        { text: " (V)", subscript: false },
      ],
    ]);
    expect(parseParamName("I<a/b>")).toEqual([
      [
        { text: "I", subscript: false },
        { text: "a/b", subscript: true },
      ],
    ]);
  });
  it("gives plain text for labels", () => {
    expect(paramNameText("I<D>/25 °C (A)")).toBe("ID 25 °C (A)");
    expect(paramNameText("Package")).toBe("Package");
  });
});

describe("parseSubscripts", () => {
  it("marks <…> subscripts in running text and keeps every /", () => {
    expect(parseSubscripts("Duty cycle D (DC/DC), R<th>·dP/dT<j,max>")).toEqual([
      { text: "Duty cycle D (DC/DC), R", subscript: false },
      { text: "th", subscript: true },
      { text: "·dP/dT", subscript: false },
      { text: "j,max", subscript: true },
    ]);
    expect(subscriptsText("T<j> (°C)")).toBe("Tj (°C)");
    expect(parseSubscripts("No symbol")).toEqual([{ text: "No symbol", subscript: false }]);
  });
});

describe("withoutUnit", () => {
  it("leaves off the trailing stated unit only, where the value shown beside the name carries it", () => {
    expect(withoutUnit("R<DS(on)>/typ (mΩ)", "mΩ")).toBe("R<DS(on)>/typ");
    expect(withoutUnit("V<DS> (V)", "V")).toBe("V<DS>");
    expect(withoutUnit("I<D> @25°C (A)", "A")).toBe("I<D> @25°C");
    // A unit with pattern characters is matched literally.
    expect(withoutUnit("dV/dt (V/ns)", "V/ns")).toBe("dV/dt");
    expect(withoutUnit("Q<rr> (µC·s)", ".")).toBe("Q<rr> (µC·s)");
    // Without a unit, or with another one, the name stays whole.
    expect(withoutUnit("Package", null)).toBe("Package");
    expect(withoutUnit("V<DS> (V)", "A")).toBe("V<DS> (V)");
  });
});
