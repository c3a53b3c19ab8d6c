// Decision 049 (docs/decisions/049-converter-on-finder-and-compare.md) in the server-rendered pages: the whole
// converter's fields (np, np…w, rs) in the finder's and compare's forms; compare's columns at an `rs` point, each the
// whole converter its part builds; with= carried to compare; the page's own MOSFET as a totem-pole's slow leg (slow).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { estimate } from "../../shared/estimator/index.ts";
import { hottestPartView, pointEstimate, solveConverter } from "../../shared/estimator/converter.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { formatWatts } from "../../client/features/estimator/format.ts";
import { compareHref } from "../../client/components/compare-tray.tsx";
import { startSite } from "../helpers/site.ts";
import { textOf, upstreamProducts } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);

describe("the operating point's one-line summary", () => {
  it("names the ambient (or the coolant inlet) and the heat sink at an rs point, the parts in parallel, and the case otherwise", async () => {
    const url = (op: string) => `/productAndService/compare?parts=QCM045065B7,QCM025065K4&op=${op}`;
    /** The summary line (subscripts read as " a ", " th,sa "), from "Estimated at:" to the form's first field. */
    const summary = async (language: "en" | "zh", op: string) => {
      const text = textOf((await get(`/${language}${url(op)}`)).text);
      const found = (language === "en" ? /Estimated at: (.*?) Topology/ : /估算工作点：(.*?) 拓扑/).exec(text);
      expect(found, op).not.toBeNull();
      return found![1]!;
    };
    const sink = await summary("en", "800,20,50k,0.9,40,np3w,rs0.25");
    expect(sink).toContain("T a 40 °C, heat sink R th,sa 0.25 K/W, 3 in parallel per switch (worst-case sharing)");
    expect(sink).not.toContain("T c");
    expect(await summary("en", "800,20,50k,0.9,40f,rs0.25")).toContain("coolant inlet 40 °C, heat sink R th,sa 0.25 K/W");
    const alone = await summary("en", "800,20,50k,0.9,40");
    expect(alone).toContain("T c 40 °C");
    expect(alone).not.toContain("in parallel");
    expect(await summary("zh", "800,20,50k,0.9,40,np2,rs0.25")).toContain("T a 40 °C，散热器 R th,sa 0.25 K/W，每个开关 2 个器件并联");
  });
});

describe("the whole converter's fields on the finder and compare", () => {
  it("shows N, the worst-case sharing box and R_th,sa in both forms, filled from the URL, in both languages", async () => {
    for (const url of [
      "/productAndService/products/100?op=800,20,50k,0.9,40,np3w,rs0.25",
      "/productAndService/compare?parts=QCM045065B7,QCM025065K4&op=800,20,50k,0.9,40,np3w,rs0.25",
    ]) {
      const en = await get(`/en${url}`);
      expect(en.status, url).toBe(200);
      expect(en.text, url).toMatch(/<input id="op-parallel"[^>]*name="opNp"[^>]*value="3"/);
      expect(en.text, url).toMatch(/<input type="checkbox" name="opNpw" checked="" value="w"/);
      expect(en.text, url).toMatch(/<input id="op-rsa"[^>]*name="opRs"[^>]*value="0.25"/);
      expect(textOf(en.text), url).toContain("Parts in parallel per switch, N");
      // One field of each: the panel's own set is not repeated by the page.
      expect(en.text.match(/id="op-parallel"/g), url).toHaveLength(1);
      const zh = textOf((await get(`/zh${url}`)).text);
      expect(zh, url).toContain("每个开关并联器件数 N");
    }
    // Without a point the fields are there, empty.
    const empty = await get("/en/productAndService/compare?parts=QCM045065B7,QCM025065K4");
    expect(empty.text).toMatch(/<input id="op-rsa"[^>]*name="opRs"[^>]*value=""/);
  });

  it("joins the fields into op= without JavaScript, keeping the page's other parameters", async () => {
    const finder = await get("/en/productAndService/products/100?sort=estStage:asc&opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=40&opNp=2&opRs=0.3");
    expect(finder.status).toBe(302);
    expect(finder.headers.location).toContain("op=800,20,50k,0.9,40,np2,rs0.3");
    expect(finder.headers.location).toContain("sort=estStage%3Aasc");
    const compare = await get("/en/productAndService/compare?parts=QCM045065B7&opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=40&opNp=2&opNpw=w&opRs=0.3");
    expect(compare.status).toBe(302);
    expect(compare.headers.location).toBe("/en/productAndService/compare?parts=QCM045065B7&op=800,20,50k,0.9,40,np2w,rs0.3");
    // A bad R_th comes back beside its field, in the page's language.
    const bad = await get("/zh/productAndService/compare?parts=QCM045065B7&op=800,20,50k,0.9,40,rs-1");
    expect(bad.status).toBe(200);
    expect(bad.text).toMatch(/class="op-field is-invalid"><label for="op-rsa"/);
  });
});

describe("compare at a whole-converter point (rs)", () => {
  const TOTEM = "400,15,65k,t230,40,np2,rs0.5";
  const parts = ["QCM045065B7", "QCM025065K4"];

  it("gives each column its converter's loss, efficiency and sink, and its hottest part's figures at that sink, in both languages", async () => {
    const parsed = parseOperatingPoint(TOTEM);
    if (!parsed?.ok) throw new Error(TOTEM);
    const op = parsed.value;
    const list = (await upstreamProducts(site.upstream, "en", { siteListId: 100 })).list;
    const en = await get(`/en/productAndService/compare?parts=${parts.join(",")}&op=${TOTEM}`);
    expect(en.status).toBe(200);
    const losses = [...en.text.matchAll(/data-estimate="converter-loss">([^<]+)</g)].map((match) => match[1]);
    const sinks = [...en.text.matchAll(/data-estimate="converter-sink">([^<]+)</g)].map((match) => match[1]);
    expect(losses).toHaveLength(2);
    const expected = parts.map((partNumber) => {
      const loss = list.find((item) => item.partNumber === partNumber)!.loss!;
      const converter = solveConverter(loss, op)!;
      const view = hottestPartView(loss, op, converter)!;
      return { converter, single: estimate(view.data, view.op) };
    });
    // Columns may be reordered (suitable first): compare as sets.
    expect(new Set(losses)).toEqual(new Set(expected.map((item) => formatWatts(item.converter.totalLoss, "en"))));
    expect(new Set(sinks)).toEqual(new Set(expected.map((item) => String(Math.round(item.converter.sink!)))));
    // The single-part rows are the hottest part's at the solved sink: its T_j is the converter's, not the ambient's 40 °C read as a case.
    const totals = [...en.text.matchAll(/<tr class="estimate-table__total">(.*?)<\/tr>/g)][0]![1]!;
    for (const item of expected) expect(totals).toContain(formatWatts(item.single.losses.total, "en"));
    for (const item of expected) expect(item.single.tj!).toBeGreaterThan(40 + 5);
    expect(en.text.match(/data-estimate="converter-efficiency">\d\d\.\d\d</g)?.length ?? 0).toBe(0);
    // A totem-pole's fast device alone leaves the slow leg: the efficiency is said to be a bound.
    expect(en.text.match(/data-estimate="converter-efficiency">at most \d\d\.\d\d</g)).toHaveLength(2);
    // The part's own stage rows give way to the converter's (no stage line without rs's positions).
    expect(en.text).not.toContain('data-estimate="stage-loss"');
    const zh = textOf((await get(`/zh/productAndService/compare?parts=${parts.join(",")}&op=${TOTEM}`)).text);
    expect(zh).toContain("散热器温度 T");
    // Without rs compare is as before: no converter rows.
    const plain = await get(`/en/productAndService/compare?parts=${parts.join(",")}&op=400,15,65k,t230,40`);
    expect(plain.text).not.toContain('data-estimate="converter-loss"');
    expect(plain.text).toContain('data-estimate="stage-loss"');
  });

  it("puts the part with= names on each column's sink, and marks a converter the sink cannot hold not suitable", async () => {
    const en = await get(`/en/productAndService/compare?parts=${parts.join(",")}&op=${TOTEM}&with=QCM025065K4`);
    // The fast device QCM045065B7's column completes its stage with the named slow leg: exact efficiency there.
    expect(en.text).toMatch(/data-estimate="converter-efficiency">\d\d\.\d\d</);
    // A sink of 10 K/W under 2 × 2 parts' 16 W heats itself past 190 °C: every column not suitable, its sink too hot to say
    // "Yes", though each part alone at a 40 °C case would stand the point.
    const hot = await get(`/en/productAndService/compare?parts=${parts.join(",")}&op=400,15,65k,t230,40,np2,rs10`);
    expect(hot.status).toBe(200);
    expect(hot.text).not.toContain('data-suitable="true"');
    expect(hot.text.match(/data-suitable="false"/g)).toHaveLength(2);
    const alone = await get(`/en/productAndService/compare?parts=${parts.join(",")}&op=400,15,65k,t230,40`);
    expect(alone.text.match(/data-suitable="true"/g)).toHaveLength(2);
    const zh = textOf((await get(`/zh/productAndService/compare?parts=${parts.join(",")}&op=400,15,65k,t230,40,np2,rs10`)).text);
    expect(zh).toContain("不适用");
  });
});

describe("the finder at a whole-converter point (rs)", () => {
  it("gives each row's loss and T_j as its hottest part's at the solved sink, ranked by them, never the ambient read as a case", async () => {
    const OP = "800,20,50k,0.9,40,np2,rs0.3";
    const parsed = parseOperatingPoint(OP);
    if (!parsed?.ok) throw new Error(OP);
    const en = await get(`/en/productAndService/products/120?op=${OP}&sort=estTj:asc`);
    expect(en.status).toBe(200);
    const data = /"estimates":(\{.*?\}\}),"canonicalSearch"/.exec(en.text)?.[1];
    expect(data).toBeDefined();
    const estimates = JSON.parse(data!) as Record<string, { total: number | null; tj: number | null; stage?: { loss: number } }>;
    const list = (await upstreamProducts(site.upstream, "en", { siteListId: 120 })).list.filter((item) => item.loss);
    expect(list.length).toBeGreaterThan(3);
    for (const item of list) {
      const { result } = pointEstimate(item.loss!, parsed.value);
      expect(estimates[String(item.id)]?.tj, item.partNumber).toBe(result.tj);
      expect(estimates[String(item.id)]?.total, item.partNumber).toBeCloseTo(result.losses.total, 9);
      // Two parts per switch, six positions on a 0.3 K/W sink: every junction well above the 40 °C ambient.
      if (result.tj !== null) expect(result.tj, item.partNumber).toBeGreaterThan(estimate(item.loss!, parsed.value).tj ?? 0);
    }
    // The CSV says the same of each row.
    const csv = await get(`/en/productAndService/products/120.csv?op=${OP}`);
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    // With rs the file has the page's stage column (the whole converter's loss) between the part's loss and T_j.
    expect(lines[0]!.split(",").slice(-4)).toEqual(["Estimate Ptot per switch position (W)", "Estimate Pstage (W)", "Estimate Tj (°C)", "Suitable at this point"]);
    for (const item of list) {
      const { result } = pointEstimate(item.loss!, parsed.value);
      const cells = lines.find((line) => line.startsWith(`${item.partNumber},`))!.split(",");
      expect(cells.at(-2), item.partNumber).toBe(result.tj === null ? cells.at(-2) : String(Math.round(result.tj)));
      expect(Number(cells.at(-4)), item.partNumber).toBe(Number(result.losses.total.toPrecision(3)));
      expect(Number(cells.at(-3)), item.partNumber).toBe(Number(estimates[String(item.id)]!.stage!.loss.toPrecision(3)));
    }
  });
});

describe("the finder's CSV at a PFC point with the stage's other part named (with=)", () => {
  it("gives each row's stage loss as the page does, with the named part in it", async () => {
    const page = (query: string) => get(`/en/productAndService/products/110?${query}`);
    const stages = async (query: string) => {
      const data = /"estimates":(\{.*?\}\}),"canonicalSearch"/.exec((await page(query)).text)?.[1];
      expect(data, query).toBeDefined();
      return JSON.parse(data!) as Record<string, { stage?: { loss: number } }>;
    };
    const csvStages = async (query: string) => {
      const lines = (await get(`/en/productAndService/products/110.csv?${query}`)).text
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]!.split(",").at(-3)).toBe("Estimate Pstage (W)");
      return new Map(lines.slice(1).map((line) => [line.split(",")[0]!, line.split(",").at(-3)!]));
    };
    // A boost PFC's switches, with the boost diode named.
    const op = "op=400,8,65k,b230,80";
    const named = `${op}&with=QCD10065T2`;
    const [withPart, alone, csvWith, csvAlone] = await Promise.all([stages(named), stages(op), csvStages(named), csvStages(op)]);
    const list = (await upstreamProducts(site.upstream, "en", { siteListId: 110 })).list.filter((item) => item.loss);
    expect(list.length).toBeGreaterThan(2);
    let changed = 0;
    for (const item of list) {
      const [a, b] = [withPart[String(item.id)]?.stage?.loss, alone[String(item.id)]?.stage?.loss];
      expect(csvWith.get(item.partNumber), item.partNumber).toBe(a === undefined ? "" : String(Number(a.toPrecision(3))));
      expect(csvAlone.get(item.partNumber), item.partNumber).toBe(b === undefined ? "" : String(Number(b.toPrecision(3))));
      if (a !== b) changed++;
    }
    // The named part does change the stage: the file is not merely equal to the page without it.
    expect(changed).toBeGreaterThan(0);
  });
});

describe("with= carried to compare by the finder and the product page", () => {
  const TOTEM = "400,15,65k,t230,40";
  const canonical = `/en/productAndService/compare?parts=QCM045065B7,QCM025065K4&op=${encodeURIComponent(TOTEM)}&with=QCM013065K4`;

  it("the finder's compare tray and its no-JS compare form keep op= and with=, compare dropping the finder's own parameters", async () => {
    const finder = `?sort=estStage%3Aasc&page=1&op=${encodeURIComponent(TOTEM)}&with=QCM013065K4`;
    const href = compareHref(
      [
        { id: 1, partNumber: "QCM045065B7" },
        { id: 2, partNumber: "QCM025065K4" },
      ],
      finder,
    );
    const followed = await get(`/en${href}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.location).toBe(canonical);
    // Without JavaScript: the bar's GET form holds op and with beside the rows' boxes.
    const page = await get(`/en/productAndService/products/100?op=${TOTEM}&with=QCM013065K4`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(
      /<form id="finder-compare" action="\/en\/productAndService\/compare" method="get"><input type="hidden" name="op" value="400,15,65k,t230,40"\/><input type="hidden" name="with" value="QCM013065K4"\/>/,
    );
    // The filter form keeps both too: a filter set without JavaScript does not forget the stage's other part.
    expect(page.text.match(/<input type="hidden" name="with" value="QCM013065K4"\/>/g)).toHaveLength(2);
    const sent = await get(`/en/productAndService/compare?parts=QCM045065B7&parts=QCM025065K4&op=${TOTEM}&with=QCM013065K4`);
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe(canonical);
    const landed = await get(canonical);
    expect(landed.status).toBe(200);
    expect(landed.text).toMatch(/<input id="op-with"[^>]*name="with"[^>]*value="QCM013065K4"/);
  });

  it("the product page's compare link carries its op= and with=, in both languages", async () => {
    for (const language of ["en", "zh"] as const) {
      const page = await get(`/${language}/productAndService/productDetail/QCM045065B7?op=${TOTEM}&with=QCM013065K4&cycle=5:25:50`);
      expect(page.status).toBe(200);
      const link = /<a class="product-hero__compare" href="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, "&");
      expect(link).toBeDefined();
      expect(link).toContain(`&op=${TOTEM}&with=QCM013065K4`);
      const followed = await get(link!);
      expect(followed.status).toBe(302);
      const target = new URL(followed.headers.location!, "http://site");
      expect(target.searchParams.get("op")).toBe(TOTEM);
      expect(target.searchParams.get("with")).toBe("QCM013065K4");
      // The load cycle is the product page's own: compare drops it.
      expect(target.searchParams.has("cycle")).toBe(false);
    }
    // A page without a query links to compare as before.
    const plain = await get("/en/productAndService/productDetail/QCM045065B7");
    expect(/<a class="product-hero__compare" href="([^"]+)"/.exec(plain.text)?.[1]).not.toContain("&amp;");
  });
});

describe("the page's own MOSFET as a totem-pole's slow leg (slow)", () => {
  const SLOW = "400,15,65k,t230,80,slow";

  it("estimates it as the slow leg, says so in both languages, and takes the form's box without JavaScript", async () => {
    const parsed = parseOperatingPoint(SLOW);
    if (!parsed?.ok) throw new Error(SLOW);
    const list = (await upstreamProducts(site.upstream, "en", { siteListId: 100 })).list;
    const expected = estimate(list.find((item) => item.partNumber === "QCM025065K4")!.loss!, parsed.value);
    const en = await get(`/en/productAndService/productDetail/QCM025065K4?op=${SLOW}&with=QCM045065B7`);
    expect(en.status).toBe(200);
    expect(en.text).toContain(`data-estimate="total">${formatWatts(expected.losses.total, "en")}<`);
    const text = textOf(en.text);
    expect(text).toContain("this part in the slow leg");
    expect(text).toContain("This MOSFET is one of the slow (line-frequency) leg");
    // The fast leg named beside it completes the stage: no bound on the efficiency.
    expect(text).toContain("QCM045065B7");
    expect(en.text).toMatch(/<input type="checkbox" name="opSlow" checked="" value="1"\/>/);
    const zh = textOf((await get(`/zh/productAndService/productDetail/QCM025065K4?op=${SLOW}`)).text);
    expect(zh).toContain("本器件用于慢桥臂");
    const form = await get("/en/productAndService/productDetail/QCM025065K4?opMode=totempole&opV=400&opI=15&opF=65&opV2=230&opTc=80&opSlow=1");
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe(`/en/productAndService/productDetail/QCM025065K4?op=${SLOW}`);
    // Anywhere but a totem-pole it is refused beside its box, in the page's language; an IGBT cannot be the slow leg.
    const bad = textOf((await get("/zh/productAndService/productDetail/QCM025065K4?op=400,15,65k,b230,80,slow")).text);
    expect(bad).toContain("只有图腾柱 PFC 有慢桥臂");
    const igbt = await get(`/en/productAndService/productDetail/QIM300120H62?op=${SLOW}`);
    expect(textOf(igbt.text)).toContain("An IGBT cannot be a totem-pole");
  });

  it("the finder estimates every MOSFET as the slow leg at such a point, its bar saying so", async () => {
    const en = await get(`/en/productAndService/products/110?op=${SLOW}`);
    expect(en.status).toBe(200);
    expect(textOf(en.text)).toContain("this part in the slow leg");
    // The rows' estimates are the slow leg's: no switching loss in any MOSFET's.
    const data = /"estimates":(\{.*?\}\}),"canonicalSearch"/.exec(en.text)?.[1];
    expect(data).toBeDefined();
    const parsed = parseOperatingPoint(SLOW);
    if (!parsed?.ok) throw new Error(SLOW);
    const list = (await upstreamProducts(site.upstream, "en", { siteListId: 110 })).list;
    const estimates = JSON.parse(data!) as Record<string, { total: number }>;
    for (const item of list.filter((row) => row.loss?.kind === "mosfet"))
      expect(estimates[String(item.id)]?.total, item.partNumber).toBeCloseTo(estimate(item.loss!, parsed.value).losses.total, 9);
  });
});

describe("the methods page on decision 049", () => {
  it("states compare's whole converter, the slow-leg tag and the line frequency's bound, in both languages", async () => {
    for (const [language, words] of [
      ["en", ["compare (each column the converter its part builds", "unless slow closes the point (op=400,15,65k,t230,80,slow", "45–800 Hz with f"]],
      ["zh", ["对比页（每一列为该器件构成的整机", "若工作点以 slow 结尾（op=400,15,65k,t230,80,slow", "范围 45–800 Hz"]],
    ] as const) {
      const page = await get(`/${language}/productAndService/estimator/method`);
      expect(page.status).toBe(200);
      const text = textOf(page.text);
      for (const word of words) expect(text, `${language}: ${word}`).toContain(word);
    }
  });
});
