// The document handler: server-rendered content, 404 and 500 pages, HEAD, nonce on every script.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { createTestApp, listen, startSite } from "../helpers/site.ts";
import { expectLoaderFailureWarnings } from "../helpers/console.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

function textOf(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
}

describe("the home page", () => {
  it("is rendered on the server in Chinese, not an empty root", async () => {
    const response = await request(site.app).get("/zh");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    const text = textOf(response.text);
    expect(text).toContain("产品与服务");
    expect(text).toContain("青云功率半导体有限公司");
    expect(response.text).toMatch(/<div id="root"><div class="layout">/);
    // Product families from the upstream's product tree.
    expect(text).toContain("碳化硅");
  });

  // The islands (menus, footer, estimator) and the page are Suspense boundaries: each must be in place in the
  // HTML, complete, never a pending boundary filled in later by a script (hidden without JavaScript).
  it("holds every island and the page in place, with no boundary left for a script to fill in", async () => {
    for (const path of ["/zh", "/en/productAndService/productDetail/QCM040120K4", "/zh/productAndService/products/120"]) {
      const html = (await request(site.app).get(path)).text;
      expect(html, path).toContain("<!--$-->");
      expect(html, path).not.toContain("<!--$?-->");
      expect(html, path).not.toMatch(/<div hidden id="S:/);
      expect(html, path).toMatch(/<header class="site-header">[\s\S]*class="mega-menu"[\s\S]*<\/header>/);
      expect(html, path).toMatch(/<footer class="site-footer">/);
      // The series' parts are added in the browser (menu-panel.tsx); their number and the mobile menu's links
      // are in the HTML (a <details> that opens without JavaScript, header.tsx).
      expect(html, path).not.toContain("mega-menu__products");
      expect(html, path).toContain('class="mega-menu__all"');
      expect(html, path).toMatch(/<div id="mobile-menu"[^>]*><!--\$--><nav[^>]*><div class="mobile-menu__groups"><details/);
    }
    const detail = (await request(site.app).get("/en/productAndService/productDetail/QCM040120K4")).text;
    expect(detail).toMatch(/class="product-estimate"/);
  });

  // The header asks the upstream whether anyone is signed in only when the page came with a session cookie.
  it("tells the browser whether its request carried a session cookie", async () => {
    for (const language of ["zh", "en"]) {
      const anonymous = await request(site.app).get(`/${language}`);
      expect(anonymous.text).toContain('"hasSession":false');
      const withCookie = await request(site.app).get(`/${language}`).set("Cookie", "qy_session=some-session");
      expect(withCookie.text).toContain('"hasSession":true');
      expect(withCookie.headers["cache-control"]).toContain("no-store");
    }
  });

  it("is rendered in English under /en", async () => {
    const response = await request(site.app).get("/en");
    const text = textOf(response.text);
    expect(text).toContain("Products &amp; Services");
    expect(text).toContain("Qingyun Power Semiconductor Co., Ltd.");
    expect(text).toMatch(/SiC/);
    expect(text).not.toContain("产品与服务");
  });

  it("puts the render's nonce on every script and in the CSP, a new one per render", async () => {
    const first = await request(site.app).get("/zh");
    const other = await request(site.app).get("/zh?another=render");
    const nonce = /'nonce-([^']+)'/.exec(first.headers["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(other.headers["content-security-policy"]).not.toContain(nonce);
    // JSON-LD data blocks are never executed, so CSP does not apply to them and they carry no nonce.
    const scripts = (first.text.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A page-cache hit is the kept render, nonce and all (docs/decisions/021-fixed-nonce-precompressed-pages.md).
    const hit = await request(site.app).get("/zh");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    // Anonymous HTML may be kept by shared caches (docs/decisions/010-page-and-upstream-caches.md).
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  });

  it("embeds hydration data that cannot close its script tag", async () => {
    const response = await request(site.app).get("/en");
    const script = /<script nonce="[^"]+">(window\.__APP__=[\s\S]*?)<\/script>/.exec(response.text)?.[1] ?? "";
    expect(script).toContain("window.__staticRouterHydrationData=");
    expect(script).not.toMatch(/<\/|<!--|\u2028|\u2029/);
  });

  it("answers HEAD with headers only", async () => {
    const response = await request(site.app).head("/en");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.text ?? "").toBe("");
  });
});

describe("the footer", () => {
  function footerOf(html: string): string {
    return /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? "";
  }
  it("shows at most 4 products plus Service and 5 applications with learn more, and unprefixed policy links", async () => {
    const footer = footerOf((await request(site.app).get("/en")).text);
    const columns = footer.split('<div class="site-footer__column">');
    const links = (column: string | undefined) => (column?.split("</ul>")[0]?.match(/<li>/g) ?? []).length;
    // Products: 4 families + Service + "learn more" (there are 5 families).
    expect(links(columns[1])).toBe(6);
    expect(columns[1]).toContain("Learn more");
    // Applications: 5 areas + "learn more" (there are 9 areas).
    expect(links(columns[2])).toBe(6);
    expect(footer).toContain('href="/privacy"');
    expect(footer).toContain('href="/clause"');
    expect(footer).toContain("2020–2026");
  });
  it("shows the filing numbers in Chinese only", async () => {
    expect(footerOf((await request(site.app).get("/zh")).text)).toContain("苏ICP备");
    expect(footerOf((await request(site.app).get("/en")).text)).not.toContain("ICP");
  });
});

describe("content pages", () => {
  it("render every reliability and application page by its URL, and the section's overview bare", async () => {
    for (const path of ["/zh/reliability/reliability-tests", "/en/reliability/fit-data", "/en/reliability", "/zh/applications/energy-storage", "/en/applications"]) {
      const response = await request(site.app).get(path);
      expect(response.status, path).toBe(200);
    }
    expect(textOf((await request(site.app).get("/en/reliability/reliability-tests")).text)).toMatch(/HTRB/);
  });

  it("render the terms and the privacy policy in both languages", async () => {
    const zh = await request(site.app).get("/zh/privacy");
    expect(zh.status).toBe(200);
    expect(textOf(zh.text)).toContain("隐私政策");
    const en = await request(site.app).get("/en/clause");
    expect(en.status).toBe(200);
    expect(textOf(en.text)).toMatch(/Terms/);
  });
});

describe("errors", () => {
  it("answer 404 with the localized page and a button home", async () => {
    const zh = await request(site.app).get("/zh/no/such/page");
    expect(zh.status).toBe(404);
    expect(textOf(zh.text)).toContain("页面未找到");
    expect(zh.text).toContain('href="/zh"');
    const en = await request(site.app).get("/en/reliability/not-a-page");
    expect(en.status).toBe(404);
    expect(textOf(en.text)).toContain("Page not found");
  });

  it("answer 500 with the server-error page and no stack trace when a loader fails", async () => {
    expectLoaderFailureWarnings();
    // The upstream refuses what the page asked: a bug of ours, not an outage (that is a 502, upstream-failure.test.ts).
    const broken = express();
    broken.use((_req, res) => {
      res.status(400).json({ success: false, code: "E40000001", message: "boom at Object.<anonymous> (/secret/path.ts:1:1)", data: null });
    });
    const upstream = await listen(broken);
    try {
      const app = await createTestApp({ UPSTREAM_URL: upstream.url });
      const response = await request(app).get("/en");
      expect(response.status).toBe(500);
      const text = textOf(response.text);
      expect(text).toContain("Server error");
      expect(text).toContain("Sorry, the page is running incorrectly, the staff is rushing to repair");
      expect(response.text).toContain('href="/en"');
      expect(response.text).not.toMatch(/at Object\.|\/secret\/path|\.ts:\d+/);
    } finally {
      await upstream.close();
    }
  });
});

describe("a hung upstream", () => {
  it("cannot hang a page: its calls give up at the page's deadline and the page answers 504", async () => {
    expectLoaderFailureWarnings();
    const hung = express();
    hung.use(() => {
      // Never answers.
    });
    const upstream = await listen(hung);
    try {
      const app = await createTestApp({ UPSTREAM_URL: upstream.url, PAGE_UPSTREAM_TIMEOUT_MS: "300" });
      const started = Date.now();
      const response = await request(app).get("/en");
      expect(Date.now() - started).toBeLessThan(3000);
      expect(response.status).toBe(504);
      expect(textOf(response.text)).toContain("Service temporarily unavailable");
    } finally {
      await upstream.close();
    }
  });
});

describe("crawlers", () => {
  it("get the complete document (rendered to the end before the first byte)", async () => {
    const response = await request(site.app).get("/en/about/us").set("User-Agent", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/<\/html>$/);
    expect(textOf(response.text)).toContain("Qingyun");
  });
});

describe("operations", () => {
  it("/healthz answers without I/O and /readyz checks the upstream", async () => {
    expect((await request(site.app).get("/healthz")).body).toEqual({ status: "ok" });
    const ready = await request(site.app).get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ready");
  });

  it("answers a missing asset with a plain 404, never HTML", async () => {
    const response = await request(site.app).get("/assets/missing-abc123.js");
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/text\/plain/);
  });
});
