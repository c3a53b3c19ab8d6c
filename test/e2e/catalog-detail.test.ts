// Product detail and compare in a real browser: "add to sample list" signed out asks
// the login question in a modal dialog and, confirmed, goes to login with this page's path; signed in it
// adds and announces "add success", then "The product has been selected"; compare removes a product by
// rewriting the URL without a reload; axe on both pages at 1440 and 390 px; their blocks fit the width.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchProblems } from "./browser.ts";
import { waitForMailedCode } from "./sample-helpers.ts";

const origin = inject("origin");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  })) as Array<{ id: string; help: string; nodes: { target: string[] }[] }>;
  return violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** The page's own blocks that stick out of the viewport (wide tables must scroll inside their own box).
 * The estimator's tables are checked by its own tests. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        ".breadcrumbs, .product-hero, .product-hero > *, .product-section, .table-scroll, .document-row, .related-card, .compare-legend, .compare-add, .compare-empty",
      ),
    ]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => element.className),
  );

describe("product detail", () => {
  it("signed out: add to sample asks the login question; cancel returns focus, confirm goes to login with the path and the part to add (1440 px, axe)", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    await open(page, `${origin}/en/productAndService/productDetail/QCM040120K4A?op=x`);
    expect(await page.locator("h1").textContent()).toBe("QCM040120K4A");
    expect(await axeViolations(page)).toEqual([]);

    const button = page.locator(".product-hero .add-sample__button");
    const dialog = page.locator(".product-hero dialog.add-sample__dialog");
    await button.click();
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.textContent()).toContain("You are not logged in. Log in now?");
    // A modal dialog with the confirming answer focused.
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open && element.matches(":modal"))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Log in");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.classList.contains("add-sample__button"))).toBe(true);

    await button.click();
    await dialog.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/en\/login\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/en/login");
    // The path back carries the page's own query and the part to add once signed in (addSample=<id>).
    const back = new URL(url.searchParams.get("path")!, origin);
    expect(back.pathname).toBe("/productAndService/productDetail/QCM040120K4A");
    expect(back.searchParams.get("op")).toBe("x");
    expect(back.searchParams.get("addSample")).toMatch(/^\d+$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("has no axe violations and no sideways overflow at 390 px in Chinese", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchProblems(page);
    await open(page, `${origin}/zh/productAndService/productDetail/QSM400120SHP`);
    expect(await page.locator(".product-badge").allTextContents()).toContain("通过 AQG 324 认证");
    expect(await overflowing(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("compare", () => {
  it("signed in: adds from the compare page with the SPEC messages, removes a product without a reload (390 px, axe)", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const address = "li.na.compare@example.com";
    // The code is read from the English e-mail (plain ASCII body); the pages are then browsed in Chinese.
    const common = { language: "en", websiteCode: "qingyun" };
    expect((await context.request.post(`${origin}/api/open/message/sendVerifyCode`, { data: { ...common, email: address } })).status()).toBe(200);
    const code = await waitForMailedCode(address);
    expect((await context.request.post(`${origin}/api/open/user/auth/authAndRegisterByEmail`, { data: { ...common, email: address, code } })).status()).toBe(200);

    await open(page, `${origin}/zh/productAndService/compare?parts=QCM040120K4,QCM020120K4,QSM400120SHP`);
    await page.locator(".user-menu__toggle").waitFor();
    expect(await page.locator(".compare-table thead th[scope=col]").count()).toBe(4);
    expect(await page.locator(".compare-table tr.is-different").count()).toBeGreaterThan(3);
    expect(await overflowing(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    const first = page.locator(".compare-table .add-sample").first();
    await first.locator(".add-sample__button").click();
    await expect.poll(() => first.locator("[role=status]").textContent()).toBe("添加成功");
    // The header counts the list the upstream answered with.
    await expect.poll(() => page.locator(".user-menu__count [aria-hidden=true]").textContent()).toBe("1");
    await first.locator(".add-sample__button").click();
    await expect.poll(() => first.locator("[role=status]").textContent()).toBe("该产品已被选择");
    const list = await context.request.post(`${origin}/api/proxy/qingyun/basic/sampleOrder/queryOrderList`, { data: common });
    expect(((await list.json()).data as Array<{ siteListName: string }>).map((item) => item.siteListName)).toEqual(["QCM040120K4"]);

    // Removing is a link that rewrites the URL; the router navigates without a full reload.
    await page.evaluate(() => ((window as unknown as { compareMarker: number }).compareMarker = 1));
    await page.locator(".compare-table__remove").nth(1).click();
    await page.waitForURL(`${origin}/zh/productAndService/compare?parts=QCM040120K4,QSM400120SHP`);
    await expect.poll(() => page.locator(".compare-table thead th[scope=col]").count()).toBe(3);
    expect(await page.evaluate(() => (window as unknown as { compareMarker?: number }).compareMarker)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("adds a part number with the form and has no axe violations at 1440 px", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    await open(page, `${origin}/en/productAndService/compare`);
    expect(await page.locator(".compare-empty h2").textContent()).toBe("Nothing to compare yet");
    await page.locator("#compare-add-part").fill("QCD20120K2A");
    await page.getByRole("button", { name: "Add to comparison" }).click();
    await page.waitForURL(`${origin}/en/productAndService/compare?parts=QCD20120K2A`);
    await page.locator(".compare-table").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
