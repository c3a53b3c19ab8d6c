// One spacing rule between Chinese and Latin text (shared/text/cjk-spacing.ts), held by every UI string of
// locales/zh and every string of the content files: the copy mixed "碳化硅MOSFET" and "碳化硅 MOSFET".
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { spaceChineseLatin } from "../../shared/text/cjk-spacing.ts";

const root = path.resolve(import.meta.dirname, "../..");
const jsonFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? jsonFiles(full) : full.endsWith(".json") ? [full] : [];
  });
const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === "object" ? Object.values(value).flatMap(strings) : [];

describe("spaceChineseLatin", () => {
  it("puts one space between Chinese and Latin letters or digits, on either side", () => {
    expect(spaceChineseLatin("1200 V、40 mΩ碳化硅MOSFET，TO-247-4封装")).toBe("1200 V、40 mΩ 碳化硅 MOSFET，TO-247-4 封装");
    expect(spaceChineseLatin("推荐驱动电压为+18 V/−3 V，晶圆级100%雪崩测试")).toBe("推荐驱动电压为 +18 V/−3 V，晶圆级 100% 雪崩测试");
  });
  it("leaves punctuation, interpolations and registration numbers as they are", () => {
    for (const text of ["型号：QCM040120K4。", "（SPWM）", "共{{count}}款", "苏ICP备20051234号-1", "苏公网安备 32059002003456号", "正弦-三角波"]) {
      expect(spaceChineseLatin(text)).toBe(text);
    }
  });
});

describe("the copy", () => {
  const files = [...jsonFiles(path.join(root, "locales/zh")), ...jsonFiles(path.join(root, "server/upstream/content"))];
  it("reads more than the UI strings and the catalog", () => {
    expect(files.length).toBeGreaterThan(20);
  });
  it.each(files.map((file) => [path.relative(root, file), file]))("%s follows the rule", (_name, file) => {
    const wrong = strings(JSON.parse(readFileSync(file, "utf8"))).filter((text) => spaceChineseLatin(text) !== text);
    expect(wrong).toEqual([]);
  });
});
