// The walking skeleton in a real browser: both home pages hydrate cleanly; the language switch works.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("home pages", () => {
  for (const [language, lang, text] of [
    ["zh", "zh-CN", "产品与服务"],
    ["en", "en-US", "Products & Services"],
  ] as const) {
    it(`/${language} loads and hydrates with no console error, page error or hydration warning`, async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const problems = watchProblems(page);
      const response = await page.goto(`${origin}/${language}`);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      await expect(page.locator("header").getByText(text).first().isVisible()).resolves.toBe(true);
      // Hydrated: React handles clicks (the hero's next button changes the slide without a reload).
      const current = page.locator(".hero__dots [aria-current=true]");
      const before = await current.textContent();
      await page.locator(".hero__controls button").nth(1).click();
      await expect.poll(() => current.textContent()).not.toBe(before);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("switches language from the header and remembers it", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${origin}/zh/about/us`);
    await hydrated(page);
    await page.locator(".site-header__language a[hreflang='en-US']").click();
    await page.waitForURL(`${origin}/en/about/us`);
    await hydrated(page);
    expect(await page.getAttribute("html", "lang")).toBe("en-US");
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "i18n_redirected")?.value).toBe("en");
    await page.goto(`${origin}/`);
    expect(page.url()).toBe(`${origin}/en`);
    expect(problems).toEqual([]);
    await context.close();
  });

  // The panels are islands (hydrated after the page); the parts under each series are added once the
  // browser is idle, so the server's HTML has none of them.
  it("opens a top menu's panel on hover and with its toggle button, with the parts of each series", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    for (const language of ["zh", "en"]) {
      await page.goto(`${origin}/${language}`);
      await hydrated(page);
      const panel = page.locator("#menu-panel-products");
      await expect(panel.isVisible()).resolves.toBe(false);
      await page.locator(".site-nav__item").first().hover();
      await panel.waitFor({ state: "visible" });
      await panel.locator(".mega-menu__products a").first().waitFor({ state: "visible" });
      expect(await panel.locator(".mega-menu__products a").first().getAttribute("href")).toMatch(new RegExp(`^/${language}/productAndService/productDetail/`));
      await page.mouse.move(700, 880);
      await panel.waitFor({ state: "hidden" });
      const toggle = page.locator('.site-nav__toggle[aria-controls="menu-panel-products"]');
      await toggle.focus();
      await page.keyboard.press("Enter");
      await panel.waitFor({ state: "visible" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "hidden" });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  // AppContext.hasSession: a page served without a session cookie does not ask whether anyone is signed in
  // (no request, no contract schemas loaded); one served with a session cookie asks.
  it("asks whether the visitor is signed in only when the page came with a session cookie", async () => {
    for (const withCookie of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      if (withCookie) await context.addCookies([{ name: "qy_session", value: "expired-or-unknown", url: origin }]);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const asked: string[] = [];
      page.on("request", (request) => {
        if (/isLogin|\/assets\/schemas-/.test(request.url())) asked.push(new URL(request.url()).pathname);
      });
      await page.goto(`${origin}/en`);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      if (withCookie)
        expect(
          asked.some((path) => path.endsWith("/isLogin")),
          asked.join(),
        ).toBe(true);
      else expect(asked).toEqual([]);
      // Either way nobody is signed in here: the header offers the sign-in link.
      await expect(page.locator(".site-header__signin").isVisible()).resolves.toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("opens the mobile menu below 1281 px and locks page scrolling", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchProblems(page);
    await page.goto(`${origin}/en`);
    await hydrated(page);
    await expect(page.locator(".site-nav").isVisible()).resolves.toBe(false);
    // Its links are in the page's HTML (a <details> that opens without JavaScript), hidden until it opens.
    expect(await page.locator("#mobile-menu a").count()).toBeGreaterThan(20);
    await expect(page.locator("#mobile-menu").isVisible()).resolves.toBe(false);
    await page.locator(".site-header__burger").click();
    await expect(page.locator("#mobile-menu").isVisible()).resolves.toBe(true);
    expect(await page.locator("#mobile-menu details").count()).toBe(7);
    // The lock follows the <details> toggle event, which fires after the click: wait for it, don't race it.
    await page.waitForFunction(() => document.body.classList.contains("is-scroll-locked"), null, { timeout: 5000 });
    await page.locator(".site-header__burger").click();
    await page.waitForFunction(() => !document.body.classList.contains("is-scroll-locked"), null, { timeout: 5000 });
    // A followed link closes the menu (through the atom: the links are an island of their own).
    await page.locator(".site-header__burger").click();
    await page.locator("#mobile-menu summary").first().click();
    await page.locator("#mobile-menu details[open] a").first().click();
    await page.waitForFunction(() => !document.querySelector(".mobile-nav")?.hasAttribute("open"));
    expect(await page.evaluate(() => document.body.classList.contains("is-scroll-locked"))).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  // The back-to-top button and the footer are islands (hydrated after the page, from chunks of their own).
  it("shows the back-to-top button once scrolled and takes the visitor back up, in both languages", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    const problems = watchProblems(page);
    for (const [language, label] of [
      ["zh", "回到顶部"],
      ["en", "Back to top"],
    ] as const) {
      await page.goto(`${origin}/${language}`);
      await hydrated(page);
      expect(await page.locator(".back-to-top.is-visible").count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 1500));
      const button = page.locator(".back-to-top.is-visible");
      await button.waitFor();
      expect(await button.getAttribute("aria-label")).toBe(label);
      await button.click();
      await page.waitForFunction(() => window.scrollY === 0);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sets the footer's column headings on one line and in one weight at 1440 px, in both languages", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (const language of ["zh", "en"]) {
      await page.goto(`${origin}/${language}`);
      await hydrated(page);
      const headings = await page
        .locator(".site-footer__heading")
        .evaluateAll((elements) => elements.map((element) => ({ top: Math.round(element.getBoundingClientRect().top), weight: getComputedStyle(element).fontWeight })));
      expect(headings.length, language).toBe(4);
      expect(new Set(headings.map((heading) => heading.top)).size, JSON.stringify(headings)).toBe(1);
      expect(new Set(headings.map((heading) => heading.weight)).size, JSON.stringify(headings)).toBe(1);
    }
    await page.close();
  });

  for (const width of [1281, 1440, 390]) {
    it(`lays the header out without horizontal overflow at ${width} px in both languages`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      for (const language of ["zh", "en"]) {
        await page.goto(`${origin}/${language}`);
        await hydrated(page);
        const overflow = await page.evaluate(() => {
          const bar = document.querySelector(".site-header__bar")!;
          // What is shown: a closed <details>' content (the mobile menu, the search box) keeps a box of its own.
          const right = Math.max(
            ...[...bar.querySelectorAll("*")].filter((element) => element.checkVisibility()).map((element) => element.getBoundingClientRect().right),
          );
          return { right, viewport: window.innerWidth, scroll: document.documentElement.scrollWidth };
        });
        expect(overflow.right, language).toBeLessThanOrEqual(overflow.viewport);
        expect(overflow.scroll, language).toBeLessThanOrEqual(overflow.viewport);
      }
      await page.close();
    });
  }
});
