// Device symbols in running text get the tables' subscripts; words, part numbers and plain letters do not.
import { describe, expect, it } from "vitest";
import { proseSubscripts } from "../../shared/text/prose-symbols.ts";

/** Parts written back with <…> around subscripts, to read the split at a glance. */
const marked = (text: string) =>
  proseSubscripts(text)
    .map((part) => (part.subscript ? `<${part.text}>` : part.text))
    .join("");

describe("proseSubscripts", () => {
  it("subscripts flat symbols as the tables do", () => {
    expect(marked("RDS(on) 40 mΩ typical at VGS = 18 V, Tj = 25 °C")).toBe("R<DS(on)> 40 mΩ typical at V<GS> = 18 V, T<j> = 25 °C");
    expect(marked("Tj,max 175 °C, VGS(th) 2.8 V, QG = 86 nC, VCE(sat) 1.5 V")).toBe("T<j,max> 175 °C, V<GS(th)> 2.8 V, Q<G> = 86 nC, V<CE(sat)> 1.5 V");
    expect(marked("典型导通电阻40 mΩ(VGS = 18 V，Tj = 25 °C)")).toBe("典型导通电阻40 mΩ(V<GS> = 18 V，T<j> = 25 °C)");
    // A symbol right before Chinese words, as the Chinese product texts write it.
    expect(marked("VCE(sat)典型值 1.8 V，VCE(sat)具有正温度系数")).toBe("V<CE(sat)>典型值 1.8 V，V<CE(sat)>具有正温度系数");
    expect(marked("ΔTj ripple; IF = 10 A; IC,nom 300 A")).toBe("ΔT<j> ripple; I<F> = 10 A; I<C,nom> 300 A");
  });

  it("subscripts underscore notation", () => {
    expect(marked("T_C = 25 °C (T_J, T_stg)")).toBe("T<C> = 25 °C (T<J>, T<stg>)");
    expect(marked("R_DS(on) at V_GS = 18 V")).toBe("R<DS(on)> at V<GS> = 18 V");
    expect(marked("导通电阻R_DS(on)")).toBe("导通电阻R<DS(on)>");
  });

  it("leaves words, part numbers and bare letters alone", () => {
    const plain = ["If the bus is high", "an RC snubber", "the gate-driver IC", "QCM040120K4 and QSM300120H62", "ID card", "snake_case", "QCD + two digits"];
    for (const text of plain) expect(proseSubscripts(text)).toEqual([{ text, subscript: false }]);
  });
});
