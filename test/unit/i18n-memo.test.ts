// The server's memo of plain t() calls (client/runtime/i18n-memo.ts): same answers as i18next, per language and
// namespace; a call with a count is never memoised, and one with values to interpolate fills a template
// kept per key only where that gives i18next's own answer.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { memoizePlainKeys, plainKey } from "../../client/runtime/i18n-memo.ts";

async function instance(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: "zh",
    initAsync: false,
    defaultNS: "common",
    ns: ["common", "product"],
    interpolation: { escapeValue: false },
    resources: {
      zh: { common: { home: "首页", items_other: "{{count}} 项", add: "加入 {{part}}" }, product: { home: "产品首页" } },
      en: {
        common: {
          home: "Home",
          items_one: "{{count}} item",
          items_other: "{{count}} items",
          add: "Add {{part}} ({{part}}) to {{list}}",
          nested: "See $t(home) for {{part}}",
          price: "{{value, number}}",
        },
        product: { home: "Products home" },
      },
    },
  });
  return i18n;
}

describe("plainKey", () => {
  it("names a plain call by language, key and namespace, and refuses any other option", () => {
    expect(plainKey("home", undefined, "en")).toBe("en\u0000home");
    expect(plainKey("home", { lng: "zh", ns: "product" }, "en")).toBe("en\u0000home\u0000lng=zh\u0000ns=product");
    expect(plainKey(["a", "b"], { ns: ["common", "product"] }, "zh")).toBe("zh\u0000a\u0001b\u0000ns=common\u0001product");
    expect(plainKey("items", { count: 2 }, "en")).toBeNull();
    expect(plainKey("greeting", { name: "Li" }, "en")).toBeNull();
    expect(plainKey("home", { returnObjects: true }, "en")).toBeNull();
    expect(plainKey("home", "default text", "en")).toBeNull();
  });
});

describe("memoizePlainKeys", () => {
  it("answers as i18next does, for each language and namespace, through fixed t functions too", async () => {
    const zh = await instance("zh");
    const en = await instance("en");
    memoizePlainKeys(zh);
    memoizePlainKeys(en);
    for (let round = 0; round < 2; round++) {
      expect(zh.t("home")).toBe("首页");
      expect(en.t("home")).toBe("Home");
      expect(en.getFixedT("en", "product")("home")).toBe("Products home");
      expect(zh.getFixedT("zh", "product")("home")).toBe("产品首页");
      expect(en.t("missing.key")).toBe("missing.key");
    }
  });

  it("leaves calls with a count or values to i18next", async () => {
    const en = await instance("en");
    memoizePlainKeys(en);
    expect(en.t("items", { count: 1 })).toBe("1 item");
    expect(en.t("items", { count: 3 })).toBe("3 items");
    expect(en.t("items", { count: 1 })).toBe("1 item");
  });
});

describe("memoizePlainKeys and useTranslation's fixed t", () => {
  it("answers plain keys per language, namespace and key prefix, and leaves the rest to i18next", async () => {
    const en = await instance("en");
    memoizePlainKeys(en);
    for (let round = 0; round < 2; round++) {
      const common = en.getFixedT("en", "common");
      const product = en.getFixedT("en", "product");
      const zh = en.getFixedT("zh", "common");
      expect(common("home")).toBe("Home");
      expect(product("home")).toBe("Products home");
      expect(zh("home")).toBe("首页");
      expect(common("product:home")).toBe("Products home");
      expect(common("items", { count: 2 })).toBe("2 items");
      const props = common as unknown as { ns: unknown; lng: unknown };
      expect(props.ns).toBe("common");
      expect(props.lng).toBe("en");
    }
  });
});

describe("a fixed t's call with values to interpolate", () => {
  it("answers as i18next does, for each value, language and namespace, and leaves the rest to i18next", async () => {
    const plain = await instance("en");
    const en = await instance("en");
    memoizePlainKeys(en);
    for (let round = 0; round < 2; round++) {
      const common = en.getFixedT("en", "common");
      const reference = plain.getFixedT("en", "common");
      for (const part of ["QCM040120K4", "$& $1 {{part}}", "<b>", ""]) {
        expect(common("add", { part, list: "samples" })).toBe(reference("add", { part, list: "samples" }));
        expect(common("add", { list: "samples", part })).toBe(`Add ${part} (${part}) to samples`);
      }
      expect(en.getFixedT("zh", "common")("add", { part: "X1" })).toBe("加入 X1");
      expect(common("add", { part: 650 })).toBe(reference("add", { part: 650 }));
      expect(common("nested", { part: "X1" })).toBe(reference("nested", { part: "X1" }));
      expect(common("price", { value: 1200 })).toBe(reference("price", { value: 1200 }));
      expect(common("items", { count: round + 1 })).toBe(reference("items", { count: round + 1 }));
      expect(common("add", { part: "X", defaultValue: "d" })).toBe(reference("add", { part: "X", defaultValue: "d" }));
      expect(common("add", { part: { toString: () => "obj" } })).toBe(reference("add", { part: { toString: () => "obj" } }));
    }
  });
});
