// News, contact and jobs in a real browser at 1440 and 390 px: paging without reload, a view counted once
// per visitor and day (a reload counts nothing), the contact form's messages and success, the job
// filters in the URL, and axe-core on every page type of these sections.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";

const origin = inject("origin");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  })) as { id: string; help: string; nodes: { target: string[] }[] }[];
  return violations.map((violation) => `${page.url()} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** The stored view count of an article, asked of the upstream through the site's API (no browser involved). */
async function storedViews(id: number, language: string): Promise<number> {
  const response = await fetch(`${origin}/api/front/queryNewsById`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, language, websiteCode: "qingyun" }),
  });
  return ((await response.json()) as { data: { article: { views: number } } }).data.article.views;
}

const cases = [
  { width: 1440, language: "zh" },
  { width: 390, language: "en" },
] as const;

describe("news, contact and jobs", () => {
  for (const { width, language } of cases) {
    it(`news pages through a category without reload and counts a view once (${language}, ${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      const violations: string[] = [];
      await page.goto(`${origin}/${language}/news/company`);
      await hydrated(page);
      violations.push(...(await axeViolations(page)));
      const firstPage = await page.locator(".news-card__title a").allTextContents();
      // A marker on window survives a client-side navigation and is lost on a full reload.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.locator(".page-links a[aria-label]").filter({ hasText: "2" }).click();
      await page.waitForURL(`${origin}/${language}/news/company/2`);
      await expect.poll(() => page.locator(".news-card__title a").first().textContent()).not.toBe(firstPage[0]);
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      expect(await page.locator(".page-links [aria-current='page'] > [aria-hidden='true']").textContent()).toBe("2");

      // An article of this page: opening it counts one view, shown as the stored number.
      const link = page.locator(".news-card__title a").nth(width === 1440 ? 0 : 1);
      const id = Number((await link.getAttribute("href"))!.split("/").pop());
      const before = await storedViews(id, language);
      const counted = page.waitForResponse((response) => response.url().endsWith("/basic/news/addPageView"));
      await link.click();
      await page.waitForURL(`${origin}/${language}/news/newsDetail/${id}`);
      expect(((await (await counted).json()) as { data: { counted: boolean } }).data.counted).toBe(true);
      await expect.poll(() => storedViews(id, language)).toBe(before + 1);
      await expect.poll(() => page.getByTestId("news-views").textContent()).toContain(String(before + 1));
      violations.push(...(await axeViolations(page)));

      // A reload is the same visitor on the same day: asked again, counted nothing.
      const again = page.waitForResponse((response) => response.url().endsWith("/basic/news/addPageView"));
      await page.reload();
      await hydrated(page);
      expect(((await (await again).json()) as { data: { counted: boolean } }).data.counted).toBe(false);
      expect(await storedViews(id, language)).toBe(before + 1);
      expect(await page.getByTestId("news-views").textContent()).toContain(String(before + 1));
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`the contact form shows each field's message, then its success, without reload (${language}, ${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/about`);
      await hydrated(page);
      const violations = await axeViolations(page);
      await page.goto(`${origin}/${language}/about/contactUs`);
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      const form = page.locator(".leave-word__form");
      await form.locator("#leave-word-email").fill("not-an-address");
      await form.locator("button[type=submit]").click();
      const errors = page.locator(".form-field__error");
      await expect.poll(() => errors.count()).toBe(3);
      const texts = await errors.allTextContents();
      expect(texts).toEqual(
        language === "zh"
          ? ["请填写正确的姓名", "请输入正确的邮箱地址", "请填写正确的内容"]
          : ["please fill in the correct name", "please enter a valid email address", "please fill in the correct content"],
      );
      expect(await page.locator("#leave-word-name").getAttribute("aria-invalid")).toBe("true");
      violations.push(...(await axeViolations(page)));

      await form.locator("#leave-word-name").fill(language === "zh" ? "陈静" : "Chen Jing");
      await form.locator("#leave-word-email").fill("chen.jing@example.com");
      await form.locator("#leave-word-content").fill(language === "zh" ? "请寄送 QCM040120K4 的样品。" : "Please send samples of the QCM040120K4.");
      const stored = page.waitForResponse((response) => response.url().endsWith("/front/addLeaveWord"));
      await form.locator("button[type=submit]").click();
      expect((await stored).status()).toBe(200);
      await page.locator(".leave-word__success[role=status]").waitFor();
      expect(await page.locator(".leave-word__success h2").textContent()).toBe(
        language === "zh" ? "感谢您的留言，已提交成功。" : "Thank you, your message has been sent.",
      );
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      violations.push(...(await axeViolations(page)));
      // "Send another" brings back an empty form.
      await page.locator(".leave-word__success button").click();
      expect(await page.locator("#leave-word-name").inputValue()).toBe("");
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`the jobs filters live in the URL and navigate without reload (${language}, ${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/about/joinUs`);
      await hydrated(page);
      const violations = await axeViolations(page);
      const allCount = await page.locator(".job-item").count();
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      const location = language === "zh" ? "上海" : "Shanghai";
      await page.locator("#jobs-location").selectOption(location);
      await page.waitForURL(`${origin}/${language}/about/joinUs?location=${encodeURIComponent(location).replace(/%20/g, "+")}`);
      await expect.poll(() => page.locator(".job-item").count()).toBeLessThan(allCount);
      for (const fact of await page.locator(".job-item .job-facts dd:nth-of-type(2)").allTextContents()) expect(fact).toBe(location);
      // The type tab keeps the location filter.
      await page.locator(".jobs-tabs a").nth(1).click();
      await page.waitForURL(`${origin}/${language}/about/joinUs/experienced?location=${encodeURIComponent(location)}`);
      expect(await page.locator("#jobs-location").inputValue()).toBe(location);
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

      await page.locator(".job-item h3 a").first().click();
      await page.waitForURL(/\/about\/joinUs\/positionDetail\/\d+$/);
      expect(await page.locator(".position-apply a[href^='mailto:']").getAttribute("href")).toMatch(/^mailto:hr@qingyun-power\.com\?subject=/);
      violations.push(...(await axeViolations(page)));
      for (const path of ["/applications", "/reliability"]) {
        await page.goto(`${origin}/${language}${path}`);
        await hydrated(page);
        violations.push(...(await axeViolations(page)));
      }
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
