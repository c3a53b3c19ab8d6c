// SPEC §2: the jobs list's menu entry is Chinese only.
import { describe, expect, it } from "vitest";
import { isMenuLinkShown, menuForLanguage } from "../../shared/site/menu-rules.ts";

describe("menu rules", () => {
  it("shows the jobs entry in Chinese only, whatever its form", () => {
    for (const link of ["/about/joinUs", "/about/joinUs/", "/about/joinUs#open", "/about/joinUs?location=x", "/about/joinUs/campus"]) {
      expect(isMenuLinkShown(link, "zh"), link).toBe(true);
      expect(isMenuLinkShown(link, "en"), link).toBe(false);
    }
    for (const link of ["/about/us", "/about/joinUsNow", "/news", "/about/contactUs#leave-word"]) {
      expect(isMenuLinkShown(link, "en"), link).toBe(true);
    }
  });

  it("filters every collection and keeps the rest of it", () => {
    const collections = {
      about_us_arr: { display: true, data: [{ link: "/about/us" }, { link: "/about/joinUs" }] },
      about_us_pic_arr: { display: false, data: [{ link: "/about/joinUs" }] },
    };
    expect(menuForLanguage(collections, "en")).toEqual({
      about_us_arr: { display: true, data: [{ link: "/about/us" }] },
      about_us_pic_arr: { display: false, data: [] },
    });
    expect(menuForLanguage(collections, "zh")).toEqual(collections);
  });
});
