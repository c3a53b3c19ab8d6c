// The sample list's "2 parts, 5 pieces": each number takes its own plural form in English ("1 part,
// 1 piece", never "1 pieces"), and Chinese has one form; the same with i18next and the browser's translator.
import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { createTranslator, type Strings } from "../../client/runtime/translator.ts";
import { createServerI18n, loadResources } from "../../server/http/i18n.ts";
import { sampleItemsTitle } from "../../client/pages/user/format.ts";

const resources = loadResources();
const server = await createServerI18n(resources);

function translators(language: "zh" | "en"): TFunction<"user">[] {
  const fixed = server.cloneInstance({ lng: language, initAsync: false }).getFixedT(null, "user");
  const browser = createTranslator(language, resources[language] as Record<string, Strings>, async () => undefined).getFixedT(
    null,
    "user",
  ) as unknown as TFunction<"user">;
  return [fixed, browser];
}

describe("the sample list's count of parts and pieces", () => {
  it("agrees each English noun with its own number", () => {
    for (const t of translators("en")) {
      expect(sampleItemsTitle(t, 1, 1)).toBe("1 part, 1 piece");
      expect(sampleItemsTitle(t, 1, 3)).toBe("1 part, 3 pieces");
      expect(sampleItemsTitle(t, 2, 1)).toBe("2 parts, 1 piece");
      expect(sampleItemsTitle(t, 4, 12)).toBe("4 parts, 12 pieces");
    }
  });

  it("has one form in Chinese", () => {
    for (const t of translators("zh")) {
      expect(sampleItemsTitle(t, 1, 1)).toBe("共 1 个型号，1 件");
      expect(sampleItemsTitle(t, 3, 12)).toBe("共 3 个型号，12 件");
    }
  });
});
