// The header's sample count on a cold load of the sample list: the server renders the count it read with the
// page, so hydration finds the same HTML whichever effect runs first (before, the header said 0 on the server
// and the page's effect set the real count before the header hydrated: React error #418 in about 3 loads of 8).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";
import { sampleableProducts, waitForMailedCode } from "./sample-helpers.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the sample list loaded cold", () => {
  it("hydrates without an error 20 times in a row, the header counting what the list holds", async () => {
    const context = await browser.newContext();
    const address = "hydration.count@example.com";
    const common = { language: "zh", websiteCode: "qingyun" };
    // The code is asked for in English: that mail's body is plain text the mailbox reader can search.
    const english = { ...common, language: "en" };
    expect((await context.request.post(`${origin}/api/open/message/sendVerifyCode`, { data: { ...english, email: address } })).status()).toBe(200);
    const code = await waitForMailedCode(address);
    expect((await context.request.post(`${origin}/api/open/user/auth/authAndRegisterByEmail`, { data: { ...english, email: address, code } })).status()).toBe(200);
    const [first, second] = await sampleableProducts(context, "zh");
    for (const product of [first!, second!]) {
      const added = await context.request.post(`${origin}/api/proxy/qingyun/basic/sampleOrder/addSampleProduct`, {
        headers: { origin },
        data: { ...common, siteListId: product.id },
      });
      expect(added.status()).toBe(200);
    }

    const session = await context.storageState();
    await context.close();

    for (let load = 1; load <= 20; load++) {
      // A new context each time: a cold load, with the session cookie and nothing else of the last one (no
      // HTTP cache, no scripts already compiled), as a visitor's first visit of the day gets it.
      const cold = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: session });
      const page = await cold.newPage();
      const problems = watchProblems(page);
      await page.goto(`${origin}/zh/user/sampleList`);
      await hydrated(page);
      // Effects that might still change the header have run by the time the page is idle.
      await page.waitForLoadState("networkidle");
      expect(await page.locator(".user-menu__count [aria-hidden]").textContent(), `load ${load}`).toBe("2");
      expect(problems, `load ${load}`).toEqual([]);
      await cold.close();
    }
  });
});
