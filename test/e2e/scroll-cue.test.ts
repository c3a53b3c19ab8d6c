// Tables wider than their box say so: at 390 px the finder, the compare table and the product page's
// junction-temperature table show a hint held at the box's left edge and a fade on the side with more to
// see, in both languages, from a cold load (and the hint without JavaScript); a table that fits shows neither.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pages = [
  "/productAndService/products/120",
  "/productAndService/compare?parts=QCM040120K4A,QCM040120B7,QCM060065L8",
  "/productAndService/productDetail/QCM040120K4A",
];
const hints = { en: "Scroll sideways to see all columns", zh: "左右滑动查看全部列" };

interface BoxState {
  name: string;
  overflows: boolean;
  scroll: string | undefined;
  hint: { left: number; right: number; width: number; text: string };
  viewport: number;
  mask: string;
}

function boxes(page: Page): Promise<BoxState[]> {
  return page.$$eval(".scroll-box", (elements) =>
    elements.map((element) => {
      const hint = element.querySelector(".scroll-box__hint")!;
      const rect = hint.getBoundingClientRect();
      const style = getComputedStyle(element);
      return {
        name: element.getAttribute("aria-label") ?? document.getElementById(element.getAttribute("aria-labelledby") ?? "")?.textContent ?? "",
        overflows: element.scrollWidth > element.clientWidth + 1,
        scroll: (element as HTMLElement).dataset.scroll,
        hint: { left: rect.left, right: rect.right, width: rect.width, text: hint.textContent ?? "" },
        viewport: document.documentElement.clientWidth,
        mask: style.maskImage || style.webkitMaskImage,
      };
    }),
  );
}

describe("the scroll cue of wide tables", () => {
  for (const language of ["en", "zh"] as const) {
    it(`shows at 390 px where a table scrolls, and nowhere else (${language})`, async () => {
      for (const path of pages) {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}${path}`);
        await hydrated(page);
        await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>(".scroll-box")].every((box) => box.dataset.scroll));
        const states = await boxes(page);
        const wide = states.filter((state) => state.overflows);
        expect(wide.length, path).toBeGreaterThan(0);
        for (const state of states) {
          if (state.overflows) {
            expect(state.scroll, `${path}: ${state.name}`).toBe("start");
            expect(state.hint.text).toContain(hints[language]);
            expect(state.hint.width).toBeGreaterThan(0);
            expect(state.hint.left).toBeGreaterThanOrEqual(0);
            expect(state.hint.right).toBeLessThanOrEqual(state.viewport);
            expect(state.mask).toContain("gradient");
          } else {
            expect(state.scroll, `${path}: ${state.name}`).toBe("none");
            expect(state.hint.width).toBe(0);
            expect(state.mask).toBe("none");
          }
        }
        if (path.includes("productDetail")) {
          // The junction-temperature table is one of the wide ones.
          expect(wide.map((state) => state.name).join(" | ")).toMatch(language === "en" ? /junction/i : /结温/);
        }
        // Scrolled to its end, a box fades its left side instead, and the hint stays in view.
        const first = page.locator(".scroll-box").filter({ has: page.locator("table") });
        const index = states.findIndex((state) => state.overflows);
        await first.nth(index).evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
        await expect.poll(() => first.nth(index).evaluate((element) => (element as HTMLElement).dataset.scroll)).toBe("end");
        const after = (await boxes(page))[index]!;
        expect(after.hint.left).toBeGreaterThanOrEqual(0);
        expect(after.hint.right).toBeLessThanOrEqual(after.viewport);
        expect(problems).toEqual([]);
        await page.close();
      }
    });
  }

  it("shows no cue at 1440 px where the product page's tables fit", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${origin}/en/productAndService/productDetail/QCM040120K4A`);
    await hydrated(page);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>(".scroll-box")].every((box) => box.dataset.scroll));
    for (const state of await boxes(page)) {
      expect(state.overflows).toBe(false);
      expect(state.scroll).toBe("none");
      expect(state.hint.width).toBe(0);
    }
    await page.close();
  });

  it("shows the hint at 390 px without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${origin}/zh/productAndService/products/120`);
    const hint = page.locator(".finder-table-wrap .scroll-box__hint");
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toContain(hints.zh);
    await context.close();
  });
});
