// The estimator in a real browser: set an operating point in the finder's panel, rank by the
// estimated loss, see the ranking change with the switching frequency (no full reload), and see the chart
// of loss against switching frequency draw on a product page, and compare at the same point; at 1440 and 390 px, with axe-core and no
// console error. Screenshots go to SCREENSHOT_DIR when it is set (for looking at, not for asserting).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";

const origin = inject("origin");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const shots = process.env.SCREENSHOT_DIR;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SERIES = "/en/productAndService/products/120"; // 1200 V SiC MOSFETs

async function axe(page: Page) {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const run = (
      window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: { target: string[] }[] }> }> } }
    ).axe;
    return (await run.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  })) as Array<{ id: string; nodes: { target: string[] }[] }>;
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** The part numbers of the finder's rows, top to bottom. */
const rowParts = (page: Page) => page.locator(".finder-table tbody th[scope=row] a").allTextContents();

async function setOperatingPoint(page: Page, fields: Record<string, string>) {
  const panel = page.locator(".op-panel").first();
  // On the finder the panel sits behind the one-line operating-point bar: open it first.
  const bar = page.locator("details.op-bar:not([open]) > summary");
  if (await bar.count()) await bar.first().click();
  for (const [label, value] of Object.entries(fields)) await panel.getByLabel(label, { exact: true }).fill(value);
  await panel.getByRole("button", { name: "Estimate" }).click();
}

describe("estimator", () => {
  it("links the operating-point panel's styles in the HTML of every page that renders it, not only with its island's chunk", async () => {
    // The server renders the panel in full; styles that came with its chunk left it unstyled until then and
    // moved the page when they arrived (Lighthouse measured CLS 0.13 on the finder).
    for (const path of [
      "/zh/productAndService/products/120",
      "/en/productAndService/productDetail/QCM040120K4",
      "/en/productAndService/compare?parts=QCM040120K4,QCM080120K4",
    ]) {
      const html = await (await fetch(origin + path)).text();
      expect(html, path).toContain('class="op-panel"');
      const head = html.slice(0, html.indexOf("</head>"));
      const sheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
      const css = await Promise.all(sheets.map(async (href) => (await fetch(origin + href)).text()));
      expect(
        css.some((text) => text.includes(".op-panel{")),
        path,
      ).toBe(true);
    }
  });

  it("ranks the 650 V MOSFETs last at 800 V, each marked not suitable with the reason, hydrated and axe-clean", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${origin}/en/productAndService/products/100?sort=estLoss:asc&size=50&op=800,20,50k,0.9,80`);
    await hydrated(page);
    const parts = await rowParts(page);
    const reasons = await page.locator(".finder-table tbody tr").evaluateAll((rows) => rows.map((row) => row.querySelector(".estimate-cell__reason")?.textContent ?? ""));
    const first = parts.findIndex((part) => part.endsWith("065K4") || part.endsWith("065B7") || part.endsWith("065L8"));
    // Every row from the first 650 V part on is unsuitable; none before it.
    expect(reasons.slice(0, first).every((reason) => reason === "")).toBe(true);
    expect(reasons.slice(first).every((reason) => reason.startsWith("Not suitable: "))).toBe(true);
    expect(reasons[parts.indexOf("QCM025065K4")]).toBe("Not suitable: Bus voltage 800 V is above the rated 650 V.");
    if (shots) await page.screenshot({ path: path.join(shots, "estimator-finder-unsuitable-1440.png"), fullPage: true });
    expect(await axe(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const width of [1440, 390]) {
    it(`ranks the finder by estimated loss and re-ranks when the operating point changes at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${origin}${SERIES}`);
      await hydrated(page);
      // A marker on window survives client-side navigation only: a full reload would drop it.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

      await setOperatingPoint(page, { "Bus voltage Vbus (V)": "800", "Current (A)": "15", "Switching frequency fsw (kHz)": "5", "Case temperature Tc (°C)": "80" });
      await page.waitForURL(/op=800,15,5k,0.9,80/);
      await page.locator(".finder-table th", { hasText: "Estimate" }).first().waitFor();
      // Rank by the estimate: the header's sort link (a script click: at 390 px the column sits in the
      // table's own horizontal scroll box).
      if (shots) await page.screenshot({ path: path.join(shots, `estimator-finder-op-${width}.png`), fullPage: true });
      await page.locator(".finder-table a.finder-sort", { hasText: "tot" }).evaluate((link) => (link as HTMLAnchorElement).click());
      await page.waitForURL(/sort=estLoss:asc/);
      await expect.poll(() => page.locator(".finder-table th[aria-sort=ascending]").count()).toBe(1);
      const lowFrequency = await rowParts(page);
      // At 5 kHz conduction dominates: the lowest R_DS(on) runs coolest.
      expect(lowFrequency[0]).toBe("QCM013120K4");
      if (shots) await page.screenshot({ path: path.join(shots, `estimator-finder-${width}.png`), fullPage: true });

      await setOperatingPoint(page, { "Switching frequency fsw (kHz)": "200" });
      await page.waitForURL(/op=800,15,200k,0.9,80/);
      await expect.poll(async () => (await rowParts(page))[0]).not.toBe("QCM013120K4");
      const highFrequency = await rowParts(page);
      // At 200 kHz the switching energy of the big die costs more than its lower R_DS(on) saves.
      expect(highFrequency.indexOf("QCM013120K4")).toBeGreaterThan(highFrequency.length / 2);
      expect(new URL(page.url()).searchParams.get("sort")).toBe("estLoss:asc");
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

      // Out-of-range input: a message beside the field, no estimate columns.
      await setOperatingPoint(page, { "Switching frequency fsw (kHz)": "0" });
      await page.getByText("The switching frequency must be between 0.1 and 5000 kHz.").first().waitFor();
      expect(await page.locator(".finder-table th", { hasText: "Estimate" }).count()).toBe(0);

      expect(await axe(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`draws the loss chart at the operating point on a product page at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${origin}/en/productAndService/productDetail/QCM040120K4`);
      await hydrated(page);
      await setOperatingPoint(page, { "Bus voltage Vbus (V)": "800", "Current (A)": "20", "Switching frequency fsw (kHz)": "50", "Case temperature Tc (°C)": "80" });
      await page.waitForURL(/op=800,20,50k,0.9,80/);
      // The catalogue's QCM040120K4 at this point (test/routes/estimator.test.ts).
      await expect.poll(() => page.locator('[data-estimate="total"]').textContent()).toBe("19.5");
      const chart = page.locator('figure[data-chart="loss-vs-fsw"] svg[role="img"]');
      await chart.scrollIntoViewIfNeeded();
      const box = await chart.boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.width).toBeLessThanOrEqual(width);
      // Three curves drawn, and the description names the operating point's loss.
      const lengths = await chart.locator("path").evaluateAll((paths) => paths.map((path) => (path as SVGPathElement).getTotalLength()));
      expect(lengths).toHaveLength(3);
      for (const length of lengths) expect(length).toBeGreaterThan(100);
      expect(await chart.locator("desc").textContent()).toContain("at the operating point, 50 kHz, it is 19.5 W");
      // The curve's end: the sweep spans f_sw/10 to 4·f_sw, so a new point redraws the whole chart.
      const totalPath = () => chart.locator("path.loss-chart__total").getAttribute("d");
      const before = await totalPath();
      expect(await chart.locator("title").textContent()).toBe("Estimated loss of QCM040120K4 from 5 to 200 kHz");
      await setOperatingPoint(page, { "Switching frequency fsw (kHz)": "100" });
      await page.waitForURL(/op=800,20,100k,0.9,80/);
      await expect.poll(() => chart.locator("desc").textContent()).toContain("at the operating point, 100 kHz");
      expect(await chart.locator("title").textContent()).toBe("Estimated loss of QCM040120K4 from 10 to 400 kHz");
      expect(await totalPath()).not.toBe(before);
      if (shots) await page.screenshot({ path: path.join(shots, `estimator-detail-${width}.png`), fullPage: true });
      expect(await axe(page)).toEqual([]);

      // Compare at the same point: every part's breakdown, the coolest marked.
      await page.goto(`${origin}/en/productAndService/compare?parts=QCM013120K4,QCM040120K4,QCM160120K3&op=800,20,50k,0.9,80`);
      await hydrated(page);
      const compare = page.locator("table.estimate-table--compare");
      await compare.scrollIntoViewIfNeeded();
      expect(await compare.locator("thead th").allTextContents()).toEqual([
        "Loss (W)",
        "QCM013120K4 per switch position",
        "QCM040120K4 per switch position",
        "QCM160120K3 per switch position",
      ]);
      expect(await compare.locator("td.is-best").textContent()).toBe("17.7 (lowest loss of its device type among the suitable parts)");
      if (shots) await page.screenshot({ path: path.join(shots, `estimator-compare-${width}.png`), fullPage: true });
      expect(await axe(page)).toEqual([]);

      // 650 V parts at 800 V beside a 1200 V MOSFET: after it, not suitable with the reason, never marked lowest.
      await page.goto(`${origin}/en/productAndService/compare?parts=QCM040120K4,QCM025065K4,QCD06065T2&op=800,20,50k,0.9,80`);
      await hydrated(page);
      await compare.scrollIntoViewIfNeeded();
      expect(await compare.locator("thead th").allTextContents()).toEqual([
        "Loss (W)",
        "QCM040120K4 per switch position",
        "QCM025065K4 per switch position",
        "QCD06065T2 per diode",
      ]);
      const verdicts = await compare.locator("td[data-suitable]").allTextContents();
      expect(verdicts[0]).toBe("Yes");
      for (const verdict of verdicts.slice(1)) expect(verdict).toContain("Not suitable: Bus voltage 800 V is above the rated 650 V.");
      expect(await compare.locator("td.is-best").count()).toBe(1);
      expect(await compare.locator("td.is-best").textContent()).toMatch(/^19\.5 /);
      if (shots) await page.screenshot({ path: path.join(shots, `estimator-compare-unsuitable-${width}.png`), fullPage: true });
      expect(await axe(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("keeps the detail and compare pages within 390 px in both languages: wide tables scroll in their own boxes", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const problems = watchProblems(page);
    const op = "op=800,20,50k,0.9,80";
    // A mixed set (three MOSFETs and an IGBT module) gets the longest combined row labels.
    const urls = [`/productAndService/productDetail/QCM040120K4?${op}`, `/productAndService/compare?parts=QCM013120K4,QCM040120K4,QCM160120K3,QIM100120SP2&${op}`];
    for (const lang of ["zh", "en"]) {
      for (const url of urls) {
        await page.goto(`${origin}/${lang}${url}`);
        await hydrated(page);
        await page.locator(".estimate-table").first().waitFor();
        // The chart's value table too, which is only laid out once opened.
        await page.locator(".loss-chart__data").evaluateAll((details) => {
          for (const element of details) (element as HTMLDetailsElement).open = true;
        });
        if (shots) await page.screenshot({ path: path.join(shots, `estimator-narrow-${lang}-${url.includes("compare") ? "compare" : "detail"}.png`), fullPage: true });
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
        expect(widths.page, `${lang}${url}`).toBeLessThanOrEqual(widths.viewport);
        // Every estimator table sits in a named, keyboard-focusable scroll box (axe checks the rest below).
        const boxes = await page.locator(".estimate-table").evaluateAll((tables) =>
          tables.map((table) => {
            const box = table.closest(".estimate-scroll");
            return box ? `${box.getAttribute("role")} ${box.getAttribute("tabindex")} ${Boolean(box.getAttribute("aria-label"))}` : "none";
          }),
        );
        expect(boxes.length).toBeGreaterThan(0);
        for (const box of boxes) expect(box).toBe("region 0 true");
        if (url.includes("compare")) {
          // Four parts do not fit 390 px: the loss table scrolls inside its box, not the page.
          const compare = page.locator(".estimate-scroll--compare");
          expect(await compare.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
          expect(await page.locator("table.estimate-table--compare thead th").count()).toBe(5);
        }
        expect(await axe(page), `${lang}${url}`).toEqual([]);
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("reaches the methods page from an estimate: readable at 390 and 1440 px in both languages, axe-clean, hydrated without errors", async () => {
    for (const width of [390, 1440]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      for (const lang of ["en", "zh"]) {
        await page.goto(`${origin}/${lang}/productAndService/productDetail/QCM040120K4`);
        await hydrated(page);
        await page.locator(".op-panel__intro a").click();
        await page.waitForURL(`${origin}/${lang}/productAndService/estimator/method`);
        await page.locator(".method-equation").first().waitFor();
        if (shots) await page.screenshot({ path: path.join(shots, `estimator-method-${lang}-${width}.png`), fullPage: true });
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
        expect(widths.page, `${lang} ${width}`).toBeLessThanOrEqual(widths.viewport);
        expect(await axe(page), `${lang} ${width}`).toEqual([]);
      }
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it("adds a device of your own on compare without JavaScript's help: the form's GET lands on dev=, estimated beside ours, axe-clean at 390 and 1440 px", async () => {
    for (const width of [390, 1440]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      for (const lang of ["en", "zh"]) {
        await page.goto(`${origin}/${lang}/productAndService/compare?parts=QCM040120K4&op=800,20,50k,0.9,80`);
        await hydrated(page);
        await page.locator(".device-form > summary").click();
        for (const [id, value] of [
          ["dev-name", "C3M40"],
          ["dev-v", "1200"],
          ["dev-i", "40"],
          ["dev-tjmax", "175"],
          ["dev-rth", "0.55"],
          ["dev-thot", "175"],
          ["dev-r-0", "40"],
          ["dev-r-1", "70"],
          ["dev-eon", "0.31"],
          ["dev-eoff", "0.075"],
          ["dev-vref", "800"],
          ["dev-iref", "20"],
        ]) {
          await page.locator(`#${id}`).fill(value!);
        }
        await page.locator(".device-form button[type=submit]").click();
        await page.waitForURL(/dev=name:C3M40,kind:mosfet/);
        const heads = page.locator("table.estimate-table--compare thead th");
        await heads.nth(2).waitFor();
        expect(await heads.nth(2).textContent()).toContain("C3M40");
        await page.locator(".device-form > summary").click();
        if (shots) await page.screenshot({ path: path.join(shots, `estimator-device-${lang}-${width}.png`), fullPage: true });
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
        expect(widths.page, `${lang} ${width}`).toBeLessThanOrEqual(widths.viewport);
        expect(await axe(page), `${lang} ${width}`).toEqual([]);
      }
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
