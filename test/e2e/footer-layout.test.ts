// The footer's WeChat QR code keeps its caption centred right under it at every width, the two-column
// footer of 1024–1280 px and the narrow desktops up to 1365 px included (its grid cell is wider than the
// code there, and a caption centred in the cell drifted ~250 px away from the image).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the footer's WeChat QR code", () => {
  for (const language of ["zh", "en"] as const) {
    it(`keeps its caption under the image at 390 to 1440 px (${language})`, async () => {
      const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/about/us`);
      for (const width of [1024, 1280, 1365, 1440, 800, 390]) {
        await page.setViewportSize({ width, height: 800 });
        const figure = page.locator(".site-footer__qr");
        await figure.scrollIntoViewIfNeeded();
        const image = await figure.locator("img").boundingBox();
        const caption = await figure.locator("figcaption").boundingBox();
        expect(image && caption, `${width} px`).toBeTruthy();
        const imageCentre = image!.x + image!.width / 2;
        // The caption's text, not its box: measure the rendered line.
        const textCentre = await figure.locator("figcaption").evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const box = range.getBoundingClientRect();
          return box.x + box.width / 2;
        });
        expect(Math.abs(textCentre - imageCentre), `${width} px: caption centre vs image centre`).toBeLessThan(4);
        const gap = caption!.y - (image!.y + image!.height);
        expect(gap, `${width} px: caption right under the image`).toBeGreaterThanOrEqual(0);
        expect(gap, `${width} px: caption right under the image`).toBeLessThan(16);
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
