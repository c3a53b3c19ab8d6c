// Links say where they go: no link on a page of any type reads only "Learn more" (or another word that
// Lighthouse's link-text audit and screen readers' link lists find empty), in either language. Visually
// hidden context counts, as it does for them (it is rendered text).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { allElements, parseHtml, textContent } from "./html-tree.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

// Lighthouse's English list (core/audits/seo/link-text.js), and the same words in Chinese.
const generic = new Set([
  ...[
    "click here",
    "click this",
    "go",
    "here",
    "information",
    "learn more",
    "more",
    "more info",
    "more information",
    "right here",
    "read more",
    "see more",
    "start",
    "this",
  ],
  ...["了解更多", "更多", "查看更多", "点击这里", "点击此处", "详情", "阅读更多"],
]);

const pages = [
  "/zh",
  "/en",
  "/zh/about",
  "/en/about",
  "/en/about/us",
  "/zh/applications",
  "/en/applications/ev",
  "/en/reliability",
  "/zh/support/faq",
  "/en/support/faq",
  "/en/productAndService/service/customDevice",
  "/zh/about/contactUs",
  "/en/news",
];

describe("link text", () => {
  it("no link's text is only a generic word", async () => {
    let learnMore = 0;
    for (const path of pages) {
      const response = await request(site.app).get(path);
      expect(response.status, path).toBe(200);
      const links = allElements(parseHtml(response.text)).filter((element) => element.tag === "a" && element.attributes.href);
      for (const link of links) {
        const text = textContent(link).toLowerCase();
        expect(generic.has(text), `${path}: a link to ${link.attributes.href} reads "${text}"`).toBe(false);
        if (/^(learn more|了解更多)/.test(text)) learnMore += 1;
      }
    }
    // The pages do have "learn more" links (menus, footer, cards): each one carries its context.
    expect(learnMore).toBeGreaterThan(0);
  });
});
