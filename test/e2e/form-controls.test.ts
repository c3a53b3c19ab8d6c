// Form controls as a visitor sees them, at 1440 and 390 px in both languages: every select is as tall as the
// text inputs of its form (the platform's menulist came out 8 px shorter on the account page), and the
// operating point's Modulation select, on every page that has the panel, shows each of its choices whole
// (it read "Sine-triangle (SPW" unstyled in a column too narrow for it).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";
import { waitForMailedCode } from "./sample-helpers.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const op = "op=800,20,50k,0.9,80";
const panelPages = [
  `/productAndService/products/100?${op}`,
  `/productAndService/productDetail/QCM040120K4?${op}`,
  `/productAndService/compare?parts=QCM013120K4,QCM040120K4,QCM160120K3&${op}`,
];

/** Each select of the page beside the height of the first text input of its form (null: none there). */
function selectHeights(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("select")]
      .filter((select) => select.getClientRects().length > 0)
      .map((select) => {
        const input = select.closest("form")?.querySelector<HTMLInputElement>('input:not([type="hidden"], [type="radio"], [type="checkbox"])');
        return { name: select.name, select: select.getBoundingClientRect().height, input: input ? input.getBoundingClientRect().height : null };
      }),
  );
}

describe("the operating point's Modulation select", () => {
  for (const language of ["zh", "en"] as const) {
    for (const width of [1440, 390]) {
      it(`shows every choice whole and is as tall as the fields beside it (${language}, ${width} px)`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const problems = watchProblems(page);
        for (const path of panelPages) {
          await page.goto(`${origin}/${language}${path}`);
          await hydrated(page);
          const toggle = page.locator(".op-bar__summary");
          if ((await toggle.count()) && !(await page.locator(".op-panel select").isVisible())) await toggle.first().click();
          const select = page.locator(".op-panel select");
          await select.waitFor();
          const fit = await select.evaluate((element: HTMLSelectElement) => {
            const style = getComputedStyle(element);
            const context2d = document.createElement("canvas").getContext("2d")!;
            context2d.font = style.font;
            const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
            const input = element.closest("form")!.querySelector<HTMLInputElement>('input[type="text"]')!;
            return {
              appearance: style.appearance,
              cut: [...element.options].filter((option) => context2d.measureText(option.text).width > room).map((option) => option.text),
              height: element.getBoundingClientRect().height,
              inputHeight: input.getBoundingClientRect().height,
            };
          });
          expect(fit.appearance, path).toBe("none");
          expect(fit.cut, path).toEqual([]);
          expect(Math.abs(fit.height - fit.inputHeight), path).toBeLessThan(1);
        }
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});

describe("selects on the account and document forms", () => {
  it("are as tall as the text inputs of their form", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const address = "form.controls@example.com";
    const common = { language: "en", websiteCode: "qingyun" };
    expect((await context.request.post(`${origin}/api/open/message/sendVerifyCode`, { data: { ...common, email: address } })).status()).toBe(200);
    const code = await waitForMailedCode(address);
    expect((await context.request.post(`${origin}/api/open/user/auth/authAndRegisterByEmail`, { data: { ...common, email: address, code } })).status()).toBe(200);
    const page = await context.newPage();
    const problems = watchProblems(page);
    for (const path of ["/zh/user/account", "/en/user/account", "/zh/support/documents", "/en/support/documents"]) {
      await page.goto(`${origin}${path}`);
      await hydrated(page);
      const heights = (await selectHeights(page)).filter((item) => item.input !== null);
      expect(heights.length, path).toBeGreaterThan(0);
      for (const item of heights) expect(Math.abs(item.select - item.input!), `${path} ${item.name}`).toBeLessThan(1);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
