// The cross-reference page rendered on the server, both languages: a known part (tiers, per-parameter tables,
// canonical, JSON-LD), a decoded or unknown number (noindex, suggestions, the parameter search and the link to
// sales), the parameter search's redirect to the finder, a bill of materials with its CSV, and one comparison
// taken elsewhere (its CSV with a source in every cell, its print-ready page, the message to an engineer).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type express from "express";
import { createTestApp, startSite } from "../helpers/site.ts";
import type { TestUpstream } from "../upstream/helpers.ts";
import { headingOf, jsonLdOf, linkHref, textOf } from "./page-helpers.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  ({ app, upstream } = await startSite({ PUBLIC_ORIGIN: origin }));
});
afterAll(() => upstream.cleanup());

const isNoindex = (html: string) => html.includes('<meta name="robots" content="noindex, follow"/>') && linkHref(html, "canonical") === undefined;

describe("cross-reference page", () => {
  it("answers a known part with its candidates by tier, each with its table, canonical and JSON-LD, in both languages", async () => {
    for (const [language, heading, tier] of [
      ["zh", "C3M0040120K 型号对照", "功能等效"],
      ["en", "C3M0040120K cross-reference", "Functional equivalent"],
    ] as const) {
      const response = await request(app).get(`/${language}/productAndService/crossReference?part=c3m-0040120k`);
      expect(response.status).toBe(200);
      const html = response.text;
      expect(headingOf(html)).toBe(heading);
      expect(linkHref(html, "canonical")).toBe(`${origin}/${language}/productAndService/crossReference?part=C3M0040120K`);
      expect(isNoindex(html)).toBe(false);
      const text = textOf(html);
      expect(text).toContain(tier);
      expect(html).toContain('class="xref-table"');
      expect(html).toContain(`/${language}/productAndService/productDetail/QCM040120K4`);
      const list = jsonLdOf(html).find((item) => item["@type"] === "ItemList") as { itemListElement: { url: string }[] } | undefined;
      expect(list?.itemListElement.length).toBeGreaterThan(0);
      expect(list!.itemListElement[0]!.url).toMatch(new RegExp(`^${origin}/${language}/productAndService/productDetail/QCM`));
      // Their two current ratings are two rows, each named with its case temperature, not "Continuous current" twice.
      const rowNames = [...html.matchAll(/<th scope="row">([\s\S]*?)<\/th>/g)].map((match) => textOf(match[1]!).trim());
      const currentRows = [...new Set(rowNames.filter((name) => name.startsWith(language === "en" ? "Continuous current" : "连续电流")))];
      expect(currentRows).toEqual(
        language === "en" ? ["Continuous current at T C = 25 °C", "Continuous current at T C = 100 °C"] : ["连续电流（T C = 25 °C）", "连续电流（T C = 100 °C）"],
      );
      // The temperature's value and unit do not part at a line end.
      expect(html).toContain("= 100\u00a0°C");
      // Their gate drive and ours with the unit, the turn-off level with the minus sign.
      expect(text).toContain("\u22124 / +15 V");
      // A parameter of one row keeps its plain name.
      expect(rowNames).toContain(language === "en" ? "Rated voltage" : "额定电压");
      // The estimate of ours, and the statement that theirs has no published loss data.
      expect(html).toContain("xref-estimate");
      expect(text).toContain(language === "en" ? "No published loss data for C3M0040120K" : "C3M0040120K 没有公开的损耗数据");
    }
  });

  it("says which of their values is a stated maximum, in the table and in the CSV, in both languages", async () => {
    // onsemi NTBG060N065SC1 states R_DS(on) at V_GS = 18 V twice: 44 mΩ typical, 70 mΩ maximum (two rows alike).
    for (const [language, max] of [
      ["en", "70 mΩ max."],
      ["zh", "70 mΩ（最大值）"],
    ] as const) {
      const page = await request(app).get(`/${language}/productAndService/crossReference?part=NTBG060N065SC1`);
      expect(page.status).toBe(200);
      const cells = [...page.text.matchAll(/<tr class="xref-row[^"]*">[\s\S]*?<\/th>\s*<td>([\s\S]*?)<span/g)].map((match) => textOf(match[1]!).trim());
      expect(cells).toContain(max);
      expect(cells).toContain("44 mΩ");
      expect(cells).not.toContain("70 mΩ");
      const csv = await request(app).get(`/${language}/productAndService/crossReference.csv?part=NTBG060N065SC1`);
      expect(csv.text).toContain(`,${max} (V_GS = 18 V),`);
    }
  });

  it("compares a competitor's printed switching energies at its own test condition and says why it is not estimated, in both languages", async () => {
    for (const [language, label, note, estimate] of [
      ["zh", "开关能量", "对方数值为其数据手册在 V", "C3M0065100J 的数据手册只给出一个测试条件下的开关能量"],
      ["en", "Switching energy", "Theirs as their datasheet measured it at V", "The datasheet of C3M0065100J prints its switching energies at one test condition"],
    ] as const) {
      const response = await request(app).get(`/${language}/productAndService/crossReference?part=C3M0065100J`);
      expect(response.status).toBe(200);
      const text = textOf(response.text);
      expect(text).toContain(label);
      expect(text).toContain(note);
      expect(text).toContain(estimate);
      expect(text).not.toContain(language === "en" ? "No published loss data" : "没有公开的损耗数据");
      // The notes' and citations' symbols (V_DS, R_G(ext), E_ON) are subscripted, never left with raw underscores.
      const seen = response.text.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, "");
      expect(seen).not.toMatch(/\b[A-Za-z]_[A-Za-z]/);
    }
  });

  it("lists our active part first and our obsolete ones last, each with its lifecycle badge, state and replacement, in both languages", async () => {
    for (const [language, active, obsolete, reason, refused] of [
      ["zh", "量产", "已停产", "起已停产：请改用 QCM080120K4", "QCM160120K3 已不再提供样品"],
      ["en", "Active", "Obsolete", "no longer made; use QCM080120K4 instead", "Samples of QCM160120K3 are no longer available"],
    ] as const) {
      const response = await request(app).get(`/${language}/productAndService/crossReference?part=C3M0160120J`);
      expect(response.status).toBe(200);
      const html = response.text;
      const ranked = html.slice(html.indexOf('class="xref-ranked"'), html.indexOf("</ol>", html.indexOf('class="xref-ranked"')));
      const items = ranked.split("<li><article").slice(1);
      expect(items[0]).toContain("productDetail/QCM080120K4");
      expect(textOf(items[0]!)).toContain(active);
      const last = items.at(-1)!;
      expect(last).toMatch(/productDetail\/QCM(080|160)120K3/);
      expect(last).toContain("lifecycle-badge--obsolete");
      expect(textOf(last)).toContain(obsolete);
      expect(textOf(ranked)).toContain(reason);
      // No sample button for an obsolete part: the reason and its replacement instead.
      expect(textOf(ranked)).toContain(refused);
    }
  });

  it("estimates our candidates at the visitor's operating point, from the URL or from the panel's GET form", async () => {
    const form = await request(app).get("/en/productAndService/crossReference?part=C3M0040120K&opMode=inverter&opV=600&opI=15&opIk=rms&opF=40&opPf=0.9&opTc=70");
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe("/en/productAndService/crossReference?part=C3M0040120K&op=600,15,40k,0.9,70");
    const response = await request(app).get(String(form.headers.location));
    expect(response.status).toBe(200);
    const html = response.text;
    // The panel shows the URL's point, the estimate lists our candidates, and theirs is said to have no loss data.
    expect(html).toMatch(/name="opV"[^>]*value="600"|value="600"[^>]*name="opV"/);
    const estimate = html.slice(html.indexOf("xref-estimate"));
    expect(estimate).toMatch(/QCM0\d{2}120K4/);
    // Every candidate shown is estimated, the first and the last of the ranking too.
    for (const candidate of ["QCM040120K4", "QCM013120K4", "QCM045170K4"]) expect(estimate, candidate).toContain(candidate);
    expect(textOf(html)).toContain("No published loss data for C3M0040120K");
    // At a point the 40 mΩ part cannot stand, its tier is re-judged there and says why.
    const hot = await request(app).get("/en/productAndService/crossReference?part=C3M0040120K&op=800,60,40k,0.9,100");
    // The reason is prose: its T_j,max is subscripted like the tables' (T<sub>j,max</sub>, read as "T j,max").
    expect(textOf(hot.text)).toMatch(/At your operating point its junction reaches 1\d\d °C, above its T j,max of 175 °C\./);
    // The operating point is not part of the canonical address.
    expect(linkHref(html, "canonical")).toBe(`${origin}/en/productAndService/crossReference?part=C3M0040120K`);
  });

  it("keeps a decoded number out of the index", async () => {
    const response = await request(app).get("/en/productAndService/crossReference?part=CM600DY-24S");
    expect(response.status).toBe(200);
    expect(textOf(response.text)).toContain("decoded from the part number");
    expect(isNoindex(response.text)).toBe(true);
  });

  it("answers an unknown number with suggestions, the parameter search and a prefilled link to sales", async () => {
    for (const language of ["zh", "en"] as const) {
      const response = await request(app).get(`/${language}/productAndService/crossReference?part=C3N0040120K`);
      expect(response.status).toBe(200);
      const html = response.text;
      expect(isNoindex(html)).toBe(true);
      expect(html).toContain(`href="/${language}/productAndService/crossReference?part=C3M0040120K"`);
      expect(html).toMatch(
        new RegExp(
          `<form [^>]*action="/${language}/productAndService/crossReference"[^>]*class="xref-unknown__form"|<form [^>]*class="xref-unknown__form"[^>]*action="/${language}/productAndService/crossReference"`,
        ),
      );
      for (const name of ["type", "v", "r", "i", "pkg"]) expect(html).toContain(`name="${name}"`);
      // Each package once, though our SiC and IGBT modules share their outlines.
      const packages = [
        ...html
          .slice(html.indexOf('name="pkg"'))
          .split("</select>")[0]!
          .matchAll(/<option value="([^"]*)"/g),
      ].map((m) => m[1]);
      expect(packages).toContain("62 mm");
      expect(new Set(packages).size).toBe(packages.length);
      const contact = /href="(\/(?:zh|en)\/about\/contactUs\?content=[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
      const form = await request(app).get(contact);
      expect(form.status).toBe(200);
      expect(form.text).toMatch(/<textarea[^>]*name="content"[^>]*>[^<]*C3N0040120K/);
    }
  });

  it("sends the parameter search to the finder with its filters", async () => {
    const response = await request(app).get("/en/productAndService/crossReference?type=sic-mosfet&v=1200&r=40&pkg=TO-247-4");
    expect(response.status).toBe(302);
    const location = String(response.headers.location);
    const target = new URL(location, origin);
    expect(target.pathname).toBe("/en/productAndService/products/100");
    expect(Object.fromEntries(target.searchParams)).toEqual({ vds: "1200~", rdson: "~40", package: "TO-247-4" });
    const finder = await request(app).get(location);
    expect(finder.status).toBe(200);
    expect(finder.text).toContain("QCM040120K4");
  });

  it("answers a bill of materials with a table and the same rows as CSV", async () => {
    const parts = "C3M0040120K\nimw120r007m1h, CM450DY-24S\tNOTAPART99";
    for (const language of ["zh", "en"] as const) {
      const response = await request(app).get(`/${language}/productAndService/crossReference?parts=${encodeURIComponent(parts)}`);
      expect(response.status).toBe(200);
      expect(isNoindex(response.text)).toBe(true);
      const rows = [...response.text.matchAll(/<tr><th scope="row">([^<]+)<\/th>/g)].map((match) => match[1]);
      expect(rows).toEqual(["C3M0040120K", "imw120r007m1h", "CM450DY-24S", "NOTAPART99"]);
      // The lines not found are named, and nothing was put in their place.
      expect(textOf(response.text)).toContain(language === "en" ? "Not found (1 line): line 4: NOTAPART99." : "未找到(1行)：第4行：NOTAPART99。");
      const csvLink = /href="([^"]+\.csv\?[^"]+)"/.exec(response.text)![1]!.replace(/&amp;/g, "&");
      const csv = await request(app).get(csvLink);
      expect(csv.status).toBe(200);
      expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
      const lines = csv.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines).toHaveLength(5);
      expect(lines[1]).toMatch(/^C3M0040120K,/);
      expect(lines[4]).toMatch(/^NOTAPART99,/);
    }
  });
});

describe("one comparison taken elsewhere", () => {
  it("downloads the comparison as CSV, each of their values beside its source, in the page's language", async () => {
    for (const language of ["zh", "en"] as const) {
      const csv = await request(app).get(`/${language}/productAndService/crossReference.csv?part=c3m0040120d`);
      expect(csv.status).toBe(200);
      expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
      expect(csv.headers["content-disposition"]).toBe(`attachment; filename="qingyun-cross-reference-C3M0040120D-${language}.csv"`);
      const lines = csv.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toMatch(
        language === "en"
          ? /^Our candidate,Tier,Parameter,C3M0040120D,Source of their value,Ours,Basis of our value,/
          : /^本公司候选型号,等级,[^,]+,C3M0040120D,对方数值出处,本公司,本公司数值依据,/,
      );
      // The first candidate leads; every row with a value of theirs names the document, its page and its address.
      expect(lines[1]).toMatch(/^QCM040120K4,/);
      const threshold = lines.find((line) => line.startsWith("QCM040120K4,") && line.includes("2.7 V"))!;
      expect(threshold).toContain("C3M0040120D Silicon Carbide Power MOSFET data sheet");
      expect(threshold).toContain(language === "en" ? "p. 2, Electrical Characteristics (V_GS(th)" : "第2页, Electrical Characteristics (V_GS(th)");
      expect(threshold).toContain("https://pdf.elecfans.com/p/5889898.html");
      // Their gate drive with its unit (a spreadsheet's reader gets the ASCII minus).
      expect(lines.find((line) => line.startsWith("QCM040120K4,") && line.includes("-4 / +15 V"))).toBeDefined();
    }
    expect((await request(app).get("/en/productAndService/crossReference.csv?part=NOTAPART99")).status).toBe(404);
  });

  it("offers the print-ready page (every table open, noindex) and the message to an application engineer with the comparison", async () => {
    const page = await request(app).get("/en/productAndService/crossReference?part=C3M0040120K");
    const html = page.text;
    expect(html).toContain('href="/en/productAndService/crossReference.csv?part=C3M0040120K"');
    expect(html).toContain('href="/en/productAndService/crossReference?part=C3M0040120K&amp;view=print"');
    const contact = /href="(\/en\/about\/contactUs\?content=[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
    const message = new URLSearchParams(contact.slice(contact.indexOf("?"))).get("content")!;
    expect(message).toContain(`${origin}/en/productAndService/crossReference?part=C3M0040120K&view=print`);
    expect(message).toMatch(/^QCM040120K4 — Needs review: /m);
    expect(message.length).toBeLessThanOrEqual(2000);
    const form = await request(app).get(contact);
    expect(form.status).toBe(200);
    expect(form.text).toContain("QCM040120K4 — Needs review");

    const print = await request(app).get("/en/productAndService/crossReference?part=C3M0040120K&view=print");
    expect(print.status).toBe(200);
    expect(isNoindex(print.text)).toBe(true);
    const tables = print.text.match(/<details class="xref-candidate__table"[^>]*>/g)!;
    expect(tables.length).toBeGreaterThan(1);
    for (const tag of tables) expect(tag).toContain("open");
    expect(print.text).not.toContain('id="xref-part"');
    expect(print.text).not.toContain("xref-estimate");
  });
});

describe("search page and competitor part numbers", () => {
  it("shows the cross-reference first when the text names a competitor part, in both languages", async () => {
    for (const [language, heading] of [
      ["zh", "型号对照：C3M0040120K → 青云"],
      ["en", "Cross-reference: C3M0040120K → ours"],
    ] as const) {
      const response = await request(app).get(`/${language}/search?text=${encodeURIComponent("c3m0040120k")}`);
      expect(response.status).toBe(200);
      const html = response.text;
      const block = html.indexOf('class="search-xref"');
      expect(block).toBeGreaterThan(0);
      expect(block).toBeLessThan(html.search(/class="search-(start|empty|tabs)"/));
      expect(textOf(html)).toContain(heading);
      expect(html).toContain(`href="/${language}/productAndService/crossReference?part=C3M0040120K"`);
    }
  });

  it("suggests the part behind a typo, decodes a Mitsubishi number, and stays out of ordinary searches", async () => {
    const typo = await request(app).get("/en/search?text=C3N0040120K");
    expect(typo.text).toContain('href="/en/productAndService/crossReference?part=C3M0040120K"');
    const decoded = await request(app).get("/en/search?text=CM600DY-24S");
    expect(textOf(decoded.text)).toContain("Cross-reference: CM600DY-24S → ours");
    const plain = await request(app).get("/en/search?text=MOSFET");
    expect(plain.text).not.toContain("search-xref");
    const ours = await request(app).get("/en/search?text=QCM040120K4");
    expect(ours.text).not.toContain("search-xref");
  });
});

describe("cross-reference pages for crawlers", () => {
  it("lists the page of every competitor part of the table in the sitemap, in both languages", async () => {
    // The sitemap is an index of children by section and language; these pages are in the products children.
    const locs: string[] = [];
    for (const language of ["zh", "en"]) {
      const response = await request(app).get(`/sitemap-products-${language}.xml`);
      expect(response.status).toBe(200);
      locs.push(...[...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
    }
    for (const language of ["zh", "en"]) {
      expect(locs).toContain(`${origin}/${language}/productAndService/crossReference`);
      expect(locs).toContain(`${origin}/${language}/productAndService/crossReference?part=C3M0040120K`);
      expect(locs).toContain(`${origin}/${language}/productAndService/crossReference?part=FF450R12KE4_E`);
    }
    expect(locs.some((loc) => loc.includes("CM600DY"))).toBe(false);
  });

  it("links every known part from the empty page, and the products menu links the page", async () => {
    const response = await request(app).get("/en/productAndService/crossReference");
    expect(response.status).toBe(200);
    expect(response.text).toContain('href="/en/productAndService/crossReference?part=IMW120R007M1H"');
    expect(linkHref(response.text, "canonical")).toBe(`${origin}/en/productAndService/crossReference`);
    const home = await request(app).get("/zh");
    expect(home.text).toMatch(/<a class="mega-menu__link" href="\/zh\/productAndService\/crossReference">型号对照<\/a>/);
  });
});

describe("the bill of materials' CSV under the site's rate limit", () => {
  it("answers 429 once a client has spent its requests, and refuses a request without numbers", async () => {
    const limited = await createTestApp({ UPSTREAM_URL: upstream.url, PUBLIC_ORIGIN: origin, RATE_LIMIT_PER_MINUTE: "2" });
    const path = `/en/productAndService/crossReference.csv?parts=${encodeURIComponent("C3M0040120K")}`;
    expect((await request(limited).get(path)).status).toBe(200);
    expect((await request(limited).get(path)).status).toBe(200);
    expect((await request(limited).get(path)).status).toBe(429);
    expect((await request(app).get("/en/productAndService/crossReference.csv")).status).toBe(400);
  });
});
