// Layout as a visitor sees it on the home page: card grids leave no lone card or empty slot in their last row
// at 1440 px, the carousel's "Slide 1 of 3" is for screen readers only (it stood above the hero's heading), and
// every group of the phone footer is a disclosure with the same caret (only About had one). On a phone, the
// compare tray takes two lines at most and stays clear of the back-to-top button.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the home page's layout", () => {
  for (const language of ["zh", "en"] as const) {
    it(`fills the last row of each card grid at 1440 px and shows no slide counter (${language})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}`);
      await hydrated(page);
      const grids = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("main ul.cards")].map((grid) => ({
          name: grid.className,
          cards: grid.children.length,
          columns: getComputedStyle(grid).gridTemplateColumns.split(" ").length,
        })),
      );
      expect(grids.length).toBeGreaterThanOrEqual(3);
      for (const grid of grids.filter((item) => item.cards > 1)) {
        const last = grid.cards % grid.columns;
        // A full last row, or one at least two-thirds full and never a lone card.
        expect(last === 0 || (last > 1 && last / grid.columns >= 2 / 3), `${grid.name}: ${grid.cards} in ${grid.columns} columns`).toBe(true);
      }
      expect(await page.locator(".hero").textContent()).not.toMatch(/slide \d+ of \d+|第 ?\d+ ?张/i);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`gives every phone footer group the same caret (${language})`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${origin}/${language}`);
      await hydrated(page);
      const carets = await page.evaluate(() =>
        [...document.querySelectorAll(".site-footer__columns > .site-footer__column")].map((column) => {
          const summary = column.querySelector("summary");
          return summary ? getComputedStyle(summary, "::after").content : null;
        }),
      );
      // Products, applications and about: each a disclosure with a caret; contact is not a group of links.
      expect(carets.filter((caret) => caret !== null)).toHaveLength(3);
      expect(new Set(carets.filter((caret) => caret !== null))).toEqual(new Set(['" ▾"']));
      await context.close();
    });
  }

  it("keeps the phone's compare tray to two lines, clear of the back-to-top button", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${origin}/en/productAndService/products/120`);
    await hydrated(page);
    const boxes = page.locator("input.finder-part__compare");
    for (let index = 0; index < 3; index++) await boxes.nth(index).check();
    await page.mouse.wheel(0, 2000);
    await page.locator(".back-to-top.is-visible").waitFor();
    const [tray, button] = await Promise.all([page.locator(".compare-tray").boundingBox(), page.locator(".back-to-top").boundingBox()]);
    expect(tray!.height).toBeLessThan(100);
    const overlap =
      tray!.x < button!.x + button!.width && button!.x < tray!.x + tray!.width && tray!.y < button!.y + button!.height && button!.y < tray!.y + tray!.height;
    expect(overlap).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("spans the phone's column with the package drawing's box, as wide as the text above it", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}/zh/productAndService/productDetail/QCM040120K4`);
    await hydrated(page);
    const [figure, column] = await page.evaluate(() => {
      const box = document.querySelector(".product-hero__figure")!;
      const column = box.parentElement!;
      const style = getComputedStyle(column);
      return [box.getBoundingClientRect().width, column.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)];
    });
    expect(Math.abs(figure - column)).toBeLessThan(1);
    await context.close();
  });
});
