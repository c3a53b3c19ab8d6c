// The parameter-table header markup of SPEC §3: <…> subscripts and / header levels.
import { describe, expect, it } from "vitest";
import { paramNameText, parseParamName } from "../../shared/param-name.ts";

describe("parseParamName", () => {
  it("splits header levels on / and marks subscripts", () => {
    expect(parseParamName("R<DS(on)>/typ (mΩ)")).toEqual([
      [{ text: "R", subscript: false }, { text: "DS(on)", subscript: true }],
      [{ text: "typ (mΩ)", subscript: false }],
    ]);
  });
  it("keeps a single level and a / inside a subscript", () => {
    expect(parseParamName("V<DS> (V)")).toEqual([
      [{ text: "V", subscript: false }, { text: "DS", subscript: true }, { text: " (V)", subscript: false }],
    ]);
    expect(parseParamName("I<a/b>")).toEqual([[{ text: "I", subscript: false }, { text: "a/b", subscript: true }]]);
  });
  it("gives plain text for labels", () => {
    expect(paramNameText("I<D>/25 °C (A)")).toBe("ID 25 °C (A)");
    expect(paramNameText("Package")).toBe("Package");
  });
});
