// Citations in the reader's language: the document's own titles and symbols as printed, our labels translated.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allSources } from "../../shared/cross-reference/schema.ts";
import { citationLabelEnglish, citationLabelKeys, localizeCitation } from "../../shared/cross-reference/citation.ts";
import { shippedCrossReference as content } from "./shipped-catalog.ts";

const locale = (language: "zh" | "en") =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/${language}/cross-reference.json`), "utf8")) as {
    citation: { page: string; label: Record<string, string> };
  };
const translator = (language: "zh" | "en") => {
  const { citation } = locale(language);
  return (key: string, values?: Record<string, string>) =>
    (key === "page" ? citation.page : citation.label[key.replace(/^label\./, "")]!).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? "");
};
const zh = (where: string) => localizeCitation(where, translator("zh"));
const en = (where: string) => localizeCitation(where, translator("en"));

describe("citation texts", () => {
  it.each([
    ["p. 2, Electrical Characteristics (V_GS(th), V_DS = V_GS, I_D = 9.5 mA)", "第2页, Electrical Characteristics (V_GS(th), V_DS = V_GS, I_D = 9.5 mA)"],
    ["p. 1, key parameters (R_DS(on); conditions not stated there)", "第1页, 关键参数 (R_DS(on); 该处未注明条件)"],
    ["p. 1, Thermal and Mechanical Characteristics (T_J)", "第1页, Thermal and Mechanical Characteristics (T_J)"],
    ["p. 1, pin diagram (1 drain, 2 source, 3 sense, 4 gate) and Table 1", "第1页, 引脚图 (1 漏极, 2 源极, 3 检测, 4 栅极) 及 Table 1"],
    ["p. 1, Maximum Ratings (V_GSmax dynamic, V_GSop static)", "第1页, Maximum Ratings (V_GSmax 动态, V_GSop 静态)"],
    ['p. 1, Features ("0 V turn-off gate voltage can be applied")', '第1页, Features ("0 V turn-off gate voltage can be applied")'],
  ])("zh: %s → %s", (where, expected) => {
    expect(zh(where)).toBe(expected);
  });

  it("leaves every English citation as the content file writes it", () => {
    for (const source of allSources(content.parts)) expect(en(source.where!)).toBe(source.where);
    for (const key of citationLabelKeys) expect(locale("en").citation.label[key]).toBe(citationLabelEnglish[key]);
  });

  it("leaves no English label in a Chinese citation: what stays is the document's titles and symbols", () => {
    // The documents' own section titles as printed (the words before the first bracket), and symbol subscripts.
    const printed = /^(?:p\. \d+, )?([^(]+)/;
    const symbolWords = new Set(["typ", "max", "op", "nom", "sat", "on", "isol", "rated", "case", "stg", "th", "tot", "Amperes", "Volts", "DC", "AC", "Hz", "min", "ns"]);
    for (const source of [...allSources(content.parts), ...content.nomenclature]) {
      const where = source.where!;
      const title = printed.exec(where)?.[1]?.trim() ?? "";
      const titleWords = new Set(title.split(/[^A-Za-z]+/).filter((word) => /^[A-Z]/.test(word) || title === where.replace(/^p\. \d+, /, "")));
      // Quotes of the document (in double quotes) stay as printed too.
      const rest = zh(where)
        .replace(title, "")
        .replace(/"[^"]*"/g, "");
      const english = (rest.match(/(?<![A-Za-z_])[a-z]{3,}(?![A-Za-z_(])/g) ?? []).filter((word) => !symbolWords.has(word) && !titleWords.has(word));
      expect(english, `${where} → ${zh(where)}`).toEqual([]);
    }
  });
});
