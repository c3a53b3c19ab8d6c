// Server fragments (client/runtime/fragments.ts): once the menus' panels and the footer are kept as HTML, a page
// puts that HTML in place of rendering them, and the page must be byte for byte the page React would have rendered, or the
// browser's hydration of the panels fails.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite } from "../helpers/site.ts";
import { fragmentStats } from "../../client/runtime/fragment-cache.tsx";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

// The header and the footer, with the query that differs between the requests (the language switch links
// carry it) made equal.
const header = (html: string) =>
  [/<header class="site-header">[\s\S]*?<\/header>/, /<footer class="site-footer">[\s\S]*?<\/footer>/]
    .map((part) => part.exec(html)?.[0] ?? "")
    .join("\n")
    .replaceAll(/fragments=\d/g, "fragments=n");
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("server fragments", () => {
  for (const language of ["zh", "en"]) {
    it(`puts the kept panels and footer in place, exactly as rendered (${language})`, async () => {
      // A new query each time: the page cache never answers, every request renders.
      const rendered = header((await request(site.app).get(`/${language}/news?fragments=1`)).text);
      expect(rendered).toContain('class="mega-menu"');
      expect(rendered).toContain('class="mobile-menu__groups"');
      expect(rendered).toContain('class="site-footer__inner"');
      await request(site.app).get(`/${language}/news?fragments=2`);
      await settle();
      const before = { ...fragmentStats };
      const fromKept = header((await request(site.app).get(`/${language}/news?fragments=3`)).text);
      expect(fragmentStats.hits - before.hits).toBeGreaterThan(0);
      expect(fromKept).toBe(rendered);
    });
  }
});
