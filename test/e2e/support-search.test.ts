// Support and search in a real browser at 1440 and 390 px: the gated download filled (the PDF arrives, the
// next download asks nothing), skipped in a fresh visitor's browser (same), the WeChat hint, search with
// and without results through tabs that navigate without reload, and axe on both pages.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
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

/** Clicks and waits for the browser's download; returns its file name and whether the bytes are a PDF. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; isPdf: boolean }> {
  const [file] = await Promise.all([page.waitForEvent("download", { timeout: 10_000 }), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), isPdf: readFileSync(path).subarray(0, 5).toString("latin1") === "%PDF-" };
}

const strings = {
  zh: { skip: "暂不填写", submit: "提交并下载", nameError: "请填写正确的姓名", phoneError: "请输入正确的手机号", name: "王磊", wechat: "请在浏览器中打开本页以下载文件" },
  en: {
    skip: "Don't fill in yet",
    submit: "Submit and download",
    nameError: "please fill in the correct name",
    phoneError: "please enter a valid mobile number",
    name: "Wang Lei",
    wechat: "Open this page in your browser to download files",
  },
} as const;

const cases = [
  { width: 1440, language: "zh" },
  { width: 390, language: "en" },
] as const;

describe("support and search", () => {
  for (const { width, language } of cases) {
    const text = strings[language];
    const viewport = { width, height: 900 };

    it(`gated download: filled, then skipped by a new visitor; either way the PDF arrives and the next download asks nothing (${language}, ${width} px)`, async () => {
      const contexts: BrowserContext[] = [];
      try {
        // A visitor who fills in the form.
        const filling = await browser.newContext({ viewport, acceptDownloads: true });
        contexts.push(filling);
        const page = await filling.newPage();
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}/support/documents?type=datasheet`);
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
        const links = page.locator(".doc-item__download");
        expect(await links.count()).toBeGreaterThan(1);

        await links.nth(0).click();
        const dialog = page.getByRole("dialog");
        await expect.poll(() => dialog.isVisible()).toBe(true);
        // An empty form is refused field by field with the SPEC §5 messages, and nothing downloads.
        await dialog.getByRole("button", { name: text.submit }).click();
        await expect.poll(() => dialog.textContent()).toContain(text.nameError);
        expect(await dialog.textContent()).toContain(text.phoneError);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("download-name");
        expect(await axeViolations(page)).toEqual([]);

        await page.fill("#download-name", text.name);
        await page.fill("#download-phone", "138 0013 8000");
        await page.fill("#download-company", "Suzhou Lumen Drives Co., Ltd.");
        await page.fill("#download-position", "Hardware engineer");
        await page.fill("#download-email", "wang.lei@example.com");
        await page.fill("#download-productDemand", "1200 V SiC MOSFET for a 22 kW OBC, 5k pcs a year");
        const filled = await download(page, () => dialog.getByRole("button", { name: text.submit }).click());
        expect(filled.name).toMatch(/^Qingyun-.+\.pdf$/);
        expect(filled.isPdf).toBe(true);
        await expect.poll(() => dialog.count()).toBe(0);

        // The next download goes straight to the file, also after a reload.
        await page.reload();
        await hydrated(page);
        const second = await download(page, () => links.nth(1).click());
        expect(second.isPdf).toBe(true);
        expect(await page.getByRole("dialog").count()).toBe(0);
        expect(problems).toEqual([]);

        // A new visitor who skips the form.
        const skipping = await browser.newContext({ viewport, acceptDownloads: true });
        contexts.push(skipping);
        const other = await skipping.newPage();
        const otherProblems = watchProblems(other);
        await other.goto(`${origin}/${language}/support/application-notes`);
        await hydrated(other);
        const notes = other.locator(".doc-item__download");
        await notes.nth(0).click();
        const otherDialog = other.getByRole("dialog");
        await expect.poll(() => otherDialog.isVisible()).toBe(true);
        const skipped = await download(other, () => otherDialog.getByRole("button", { name: text.skip }).click());
        expect(skipped.isPdf).toBe(true);
        const again = await download(other, () => notes.nth(1).click());
        expect(again.isPdf).toBe(true);
        expect(await other.getByRole("dialog").count()).toBe(0);
        expect(otherProblems).toEqual([]);
      } finally {
        await Promise.all(contexts.map((context) => context.close()));
      }
    });

    it(`WeChat hint, document filters and FAQ, and search with and without results (${language}, ${width} px)`, async () => {
      const wechat = await browser.newContext({
        viewport,
        userAgent:
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN",
      });
      try {
        const page = await wechat.newPage();
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}/support/documents`);
        await hydrated(page);
        expect(await page.locator(".wechat-hint").textContent()).toContain(text.wechat);

        // The filter form navigates without a reload and puts its state in the URL.
        await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
        await page.selectOption("#doc-filter-family", "500");
        await page.fill("#doc-filter-q", "QGD");
        await page.locator(".doc-filter button[type=submit]").click();
        await page.waitForURL(`${origin}/${language}/support/documents?family=500&q=QGD`);
        await expect.poll(() => page.locator(".doc-item").count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

        // The FAQ (another page type) in the same browser: the hint, and axe with an answer open.
        await page.locator(".support-nav a").last().click();
        await page.waitForURL(/\/support\/faq$/);
        await expect.poll(() => page.locator(".faq__item").count()).toBeGreaterThan(5);
        expect(await page.locator(".wechat-hint").count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);

        // Search: the grouped view, then a type tab without a full reload.
        await page.goto(`${origin}/${language}/search?text=QCM040120K4`);
        await hydrated(page);
        expect(await page.locator(".search-group").count()).toBeGreaterThan(1);
        expect(await page.locator(".search-result mark").count()).toBeGreaterThan(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
        await page
          .locator(".search-tabs a")
          .filter({ hasText: language === "zh" ? "技术资料" : "Documents" })
          .click();
        await page.waitForURL(/type=documents/);
        await expect.poll(() => page.locator(".search-group").count()).toBe(0);
        expect(await page.locator(".search-result").count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

        // No results: the message with the tips.
        await page.fill("#search-page-text", "zzqqxx");
        await page.press("#search-page-text", "Enter");
        await page.waitForURL(/text=zzqqxx/);
        const noResults = language === "zh" ? "未找到“zzqqxx”的相关结果" : "No zzqqxx results are found";
        await expect.poll(() => page.locator(".search-empty h2").textContent()).toBe(noResults);
        expect(await page.locator(".search-empty li").count()).toBe(3);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await wechat.close();
      }
    });
  }
});
