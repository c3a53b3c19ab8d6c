// The estimator in the server-rendered finder: the URL alone (op= and sort=estLoss/estTj) decides
// the ranking over the whole filtered result, limit-exceeding parts are marked, the no-JS panel form
// becomes one op= parameter, and bad input gets a localized message instead of numbers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { estimate, isSuitable, type OperatingPoint } from "../../shared/estimator/index.ts";
import { solveConverter } from "../../shared/estimator/converter.ts";
import { lossDataBounds } from "../../shared/contract/loss-data-bounds.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { lifecycleStates, type ProductListItem } from "../../shared/contract/index.ts";
import { startSite } from "../helpers/site.ts";
import { finderRows, textOf, upstreamProducts } from "./catalog-helpers.ts";

/** The HTML with the estimator's symbols written as V_bus, so that a test can read them: only a real <sub> gives the "_". */
const symbols = (html: string) => html.replace(/<sub>([^<]*)<\/sub>/g, "_$1").replace(/<\/?span>/g, "");

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const FAMILY = 100; // SiC MOSFETs: more parts than one page of 10
const get = (url: string) => request(site.app).get(url);
const OP = "800,20,50k,0.9,80";
const op = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(text);
  return parsed.value;
};

/** The expected ranking, worked out from the upstream's data with the shared model. */
async function expectedRanking(text: string, by: "loss" | "tj", fields: Record<string, unknown> = {}, order: "asc" | "desc" = "asc") {
  const data = await upstreamProducts(site.upstream, "en", { siteListId: FAMILY, ...fields });
  const point = op(text);
  const value = (result: ReturnType<typeof estimate>) => (by === "loss" ? result.losses.total : result.tj!);
  return (
    data.list
      .map((product: ProductListItem) => ({ part: product.partNumber, result: estimate(product.loss!, point) }))
      // Every suitable part first, then the ones that cannot stand the point (runaway last among them); stable:
      // equal estimates (the same die in two packages) keep the catalogue order in either direction.
      .sort((a, b) => {
        const tier = Number(!isSuitable(a.result)) - Number(!isSuitable(b.result));
        if (tier) return tier;
        if (a.result.tj === null || b.result.tj === null) return Number(a.result.tj === null) - Number(b.result.tj === null);
        return (order === "asc" ? 1 : -1) * (value(a.result) - value(b.result));
      })
  );
}

/** The positions of the estimate columns: the two last data cells before datasheet and sample. */
const estimateCells = (cells: string[]) => ({ loss: cells[cells.length - 4]!, tj: cells[cells.length - 3]! });

describe("finder ranking by estimate", () => {
  it("ranks the whole filtered result by estimated loss from the URL alone, across pages", async () => {
    const expected = await expectedRanking(OP, "loss");
    expect(expected.length).toBeGreaterThan(10);
    const first = await get(`/en/productAndService/products/${FAMILY}?sort=estLoss:asc&size=10&op=${OP}`);
    expect(first.status).toBe(200);
    const rows = finderRows(first.text);
    expect(rows.map((row) => row.part)).toEqual(expected.slice(0, 10).map((entry) => entry.part));
    const losses = rows.map((row) => Number(estimateCells(row.cells).loss.replace(/[^\d.]/g, "")));
    expect(losses).toEqual([...losses].sort((a, b) => a - b));
    // The rendered loss is the model's, to three significant digits.
    expect(losses[0]).toBe(Number(expected[0]!.result.losses.total.toPrecision(3)));
    // Page 2 continues the same ranking: the sort ran over every row, not over one upstream page.
    const second = await get(`/en/productAndService/products/${FAMILY}?sort=estLoss:asc&size=10&page=2&op=${OP}`);
    expect(finderRows(second.text).map((row) => row.part)).toEqual(expected.slice(10).map((entry) => entry.part));
    expect(first.text).toMatch(/aria-sort="ascending"/);
    // The header offers the other direction and every link keeps the operating point.
    expect(first.text).toMatch(/href="[^"]*\?sort=estLoss:desc&amp;size=10&amp;op=800(,|%2C)20(,|%2C)50k(,|%2C)0.9(,|%2C)80"/);
  });

  it("ranks by junction temperature, descending, and combines with filters", async () => {
    const expected = await expectedRanking(OP, "tj", { keyword: "K4" }, "desc");
    const response = await get(`/en/productAndService/products/${FAMILY}?q=K4&sort=estTj:desc&op=${OP}`);
    expect(response.status).toBe(200);
    expect(finderRows(response.text).map((row) => row.part)).toEqual(expected.map((entry) => entry.part));
    expect(response.text).toMatch(/aria-sort="descending"/);
  });

  it("ranks the 650 V MOSFETs after every part that can block 800 V, marked not suitable with the reason", async () => {
    // Once, QCM025065K4 (17.7 W) ranked 4th of the 15 discretes at this point. Every lifecycle state is listed:
    // QCM160120K3, the peak-T_j case below, is obsolete and hidden by default.
    const every = lifecycleStates.map((state) => `&lifecycle=${state}`).join("");
    const response = await get(`/en/productAndService/products/${FAMILY}?sort=estLoss:asc&size=50&op=${OP}${every}`);
    const rows = finderRows(symbols(response.text));
    expect(rows).toHaveLength((await upstreamProducts(site.upstream, "en", { siteListId: FAMILY, lifecycle: [...lifecycleStates] })).list.length);
    const low = ["QCM025065K4", "QCM045065B7", "QCM060065L8"];
    const positions = low.map((part) => rows.findIndex((row) => row.part === part));
    const unsuitable = rows.filter((row) => estimateCells(row.cells).loss.includes("Not suitable")).map((row) => row.part);
    // The 650 V parts, QCM160120K3 (mean T_j 160 °C, but its peak over the 50 Hz output period is above its
    // 175 °C) and the 1700 V, 750 mΩ part in thermal runaway: after every suitable part.
    expect(unsuitable.sort()).toEqual([...low, "QCM160120K3", "QCM750170K3"].sort());
    expect(Math.min(...positions)).toBe(rows.length - 5);
    const qcm160 = rows.find((row) => row.part === "QCM160120K3")!;
    expect(estimateCells(qcm160.cells).loss).toMatch(/Not suitable: Switch: peak T_j \d+ °C over the output period \(f_o = 50 Hz\) is above T_j,max 175 °C\./);
    for (const index of positions) expect(estimateCells(rows[index]!.cells).loss).toContain("Not suitable: Bus voltage 800 V is above the rated 650 V.");
    // Runaway is named by its loop gain, which the model puts near 2 for this part.
    const qcm750 = (await upstreamProducts(site.upstream, "en", { siteListId: FAMILY, lifecycle: [...lifecycleStates] })).list.find(
      (product) => product.partNumber === "QCM750170K3",
    )!;
    const gain = estimate(qcm750.loss!, op(OP)).junctions[0]!.loopGain;
    expect(gain).toBeGreaterThan(1);
    expect(estimateCells(rows.at(-1)!.cells)).toEqual({
      loss: expect.stringContaining(`Not suitable: Switch: thermal runaway (loop gain R_th·dP/dT_j ${Number(gain.toPrecision(3))} ≥ 1).`),
      tj: "runaway ⚠ (not suitable)",
    });
    // QCM080120K4: I_pk 28.3 A is above its 25 A DC rating, but T_j 104 °C of 175 °C: suitable, unmarked.
    const qcm080 = rows.find((row) => row.part === "QCM080120K4")!;
    expect(estimateCells(qcm080.cells).loss).not.toMatch(/⚠|Not suitable/);
    expect(estimateCells(qcm080.cells).tj).toBe("104");
    // The note says how current is judged, since most parts have no pulsed-current rating in our data.
    expect(textOf(symbols(response.text))).toMatch(
      /Current is judged by the junction temperature and, where our data has one \(the Schottky diodes(&#x27;|')\s?I_FSM\), the pulsed-current rating\./,
    );
    const zh = finderRows((await get(`/zh/productAndService/products/${FAMILY}?sort=estLoss:asc&size=50&op=${OP}`)).text);
    expect(estimateCells(zh.find((row) => row.part === "QCM025065K4")!.cells).loss).toContain("不适用：母线电压 800 V 高于额定 650 V。");
  });

  it("ranks the 750 V module after the 1200 V modules at 800 V / 200 A, though its loss is the lowest", async () => {
    // Once, QSM600075SHP ranked 1st of the SiC modules at this point.
    const response = await get("/en/productAndService/products/300?sort=estLoss:asc&size=50&op=800,200,20k,0.9,80");
    expect(response.status).toBe(200);
    const rows = finderRows(response.text);
    const index = rows.findIndex((row) => row.part === "QSM600075SHP");
    expect(index).toBeGreaterThan(0);
    expect(estimateCells(rows[index]!.cells).loss).toContain("Not suitable: Bus voltage 800 V is above the rated 750 V.");
    for (const row of rows.slice(0, index)) expect(estimateCells(row.cells).loss, row.part).not.toContain("Not suitable");
  });

  it("marks the parts that cannot stand the operating point, in both languages", async () => {
    const heavy = "800,30,50k,0.9,90";
    const point = op(heavy);
    const data = await upstreamProducts(site.upstream, "en", { siteListId: FAMILY });
    const over = new Set(data.list.filter((product) => !isSuitable(estimate(product.loss!, point))).map((product) => product.partNumber));
    expect(over.size).toBeGreaterThan(0);
    expect(over.size).toBeLessThan(data.list.length);
    for (const [language, mark] of [
      ["en", "Not suitable:"],
      ["zh", "不适用："],
    ] as const) {
      const response = await get(`/${language}/productAndService/products/${FAMILY}?size=50&op=${heavy}`);
      for (const row of finderRows(response.text)) {
        expect(estimateCells(row.cells).loss.includes(mark), `${row.part} ${language}`).toBe(over.has(row.part));
      }
    }
  });

  it("says what the loss figures cover: per switch position (inverter), per leg (DC/DC), per diode, in both languages", async () => {
    const header = async (path: string) => textOf(symbols((await get(path)).text));
    expect(await header(`/en/productAndService/products/${FAMILY}?op=${OP}`)).toContain("P_tot per switch position (W)");
    expect(await header(`/en/productAndService/products/${FAMILY}?op=400,6,65k,d0.5,80`)).toContain("P_tot per leg (W)");
    expect(await header(`/zh/productAndService/products/200?op=400,6,65k,d0.5,80`)).toContain("P_tot 每只二极管 (W)");
    const csv = await get(`/zh/productAndService/products/200.csv?op=400,6,65k,d0.5,80`);
    expect(csv.text.split(/\r?\n/)[0]).toContain(",估算 Ptot 每只二极管 (W),");
    const detail = await header(`/en/productAndService/productDetail/QCM040120K4?op=400,6,65k,d0.5,80`);
    expect(detail).toContain("Loss Typical (W, per leg)");
  });

  it("adds the estimate to the CSV of the whole filtered result, ranked like the page", async () => {
    const expected = await expectedRanking(OP, "loss");
    const response = await get(`/en/productAndService/products/${FAMILY}.csv?sort=estLoss:asc&op=${OP}`);
    expect(response.status).toBe(200);
    const lines = response.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/,Estimate Ptot per switch position \(W\),Estimate Tj \(°C\),Suitable at this point$/);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(expected.map((entry) => entry.part));
    const cells = lines[1]!.split(",");
    // Three significant figures, as the page prints them.
    expect(Number(cells.at(-3))).toBe(Number(expected[0]!.result.losses.total.toPrecision(3)));
    expect(Number(cells.at(-2))).toBe(Math.round(expected[0]!.result.tj!));
    expect(cells.at(-1)).toBe("Yes");
    expect(
      lines
        .find((line) => line.startsWith("QCM025065K4,"))!
        .split(",")
        .at(-1),
    ).toBe("not suitable");
    const plain = await get(`/en/productAndService/products/${FAMILY}.csv`);
    expect(plain.text.split(/\r?\n/)[0]).not.toContain("Estimate");
  });

  it("shows no estimate columns without an operating point, and the panel with a suggested one", async () => {
    const response = await get(`/en/productAndService/products/${FAMILY}`);
    expect(response.status).toBe(200);
    expect(response.text).not.toContain("sort=estLoss");
    const text = textOf(response.text);
    expect(text).toContain("Operating point");
    expect(response.text).toContain('<form class="op-form" action="/en/productAndService/products/100" method="get">');
    expect(response.text).toMatch(/name="opV"[^>]*value="800"/);
  });
});

describe("the operating-point panel", () => {
  it("turns the no-JS form's fields into one op= parameter, keeping the finder's state", async () => {
    const response = await get(
      `/en/productAndService/products/${FAMILY}?q=K4&sort=estLoss:asc&page=2&opMode=inverter&opV=800&opI=20&opIk=rms&opF=50&opPf=0.9&opD=0.5&opTc=80&opM=0.9`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/en/productAndService/products/${FAMILY}?q=K4&sort=estLoss%3Aasc&op=${OP}`);
    const dcdc = await get(`/zh/productAndService/products/200?opMode=dcdc&opV=400&opI=6&opIk=rms&opF=65&opPf=0.9&opD=0.5&opTc=80&opM=0.9`);
    expect(dcdc.headers.location).toBe("/zh/productAndService/products/200?op=400,6,65k,d0.5,80");
    const page = await get(dcdc.headers.location!);
    expect(page.status).toBe(200);
    expect(textOf(symbols(page.text))).toContain("估算工作点：DC/DC，400 V，直流 6 A，65 kHz，D 0.5，T_c 80 °C");
    // The modulation is a field of the same form, and part of the point it redirects to.
    const dpwm = await get(`/en/productAndService/productDetail/QCM040120K4?opMode=inverter&opV=800&opI=20&opIk=rms&opF=50&opPf=0.9&opD=0.5&opTc=80&opM=0.9&opMod=dpwm`);
    expect(dpwm.headers.location).toBe("/en/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80,dpwm");
    const detail = await get(dpwm.headers.location!);
    expect(detail.text).toMatch(/<option value="dpwm" selected="">/);
    expect(textOf(symbols(detail.text))).toContain("Estimated at: inverter, 800 V, 20 A RMS, 50 kHz, cos φ 0.9, M 0.9, T_c 80 °C, DPWM1");
  });

  it("answers out-of-range input with localized messages and no numbers", async () => {
    for (const [language, message] of [
      ["en", "The switching frequency must be between 0.1 and 5000 kHz."],
      ["zh", "开关频率须在 0.1 至 5000 kHz 之间。"],
    ] as const) {
      const response = await get(`/${language}/productAndService/products/${FAMILY}?op=-800,20,0k,0.9,80`);
      expect(response.status).toBe(200);
      const text = textOf(response.text);
      expect(text).toContain(message);
      expect(text).toContain(language === "en" ? "The bus voltage must be between 1 and 2000 V." : "母线电压须在 1 至 2000 V 之间。");
      expect(response.text).toMatch(/name="opV"[^>]*aria-invalid="true"[^>]*value="-800"|aria-invalid="true"[^>]*value="-800"|value="-800"[^>]*aria-invalid="true"/);
      expect(response.text).not.toContain("sort=estLoss");
      expect(text).not.toMatch(/NaN|undefined|Infinity/);
    }
  });
});

describe("product detail and compare", () => {
  it("shows the panel, the breakdown at the URL's operating point and the chart on the product page", async () => {
    const response = await get(`/en/productAndService/productDetail/QCM040120K4?op=${OP}`);
    expect(response.status).toBe(200);
    const text = textOf(symbols(response.text));
    expect(text).toContain("Estimated at: inverter, 800 V, 20 A RMS, 50 kHz, cos φ 0.9, M 0.9, T_c 80 °C");
    // The catalogue's QCM040120K4 (its convex R_DS(on) curve, its E(I) table with the zero-current share of E_on,
    // its 150 ns dead time): 19.5 W, T_j 91 °C; the hand-worked 20.25 W of test/unit/estimator-model.test.ts takes
    // a straight line, energies through zero and 250 ns.
    expect(response.text).toMatch(/data-estimate="total">19\.5</);
    expect(response.text).toMatch(/data-estimate="tj">91</);
    // Beside it the worst case at the datasheet's maximum R_DS(on) (52 mΩ), hotter and lossier.
    expect(Number(/data-estimate="total-worst">([\d.]+)</.exec(response.text)![1])).toBeGreaterThan(20.5);
    expect(text).toContain("R_DS(on),max = 52 mΩ @ 20 A, 25 °C");
    expect(response.text).toMatch(/<svg[^>]*role="img"/);
    expect(text).toMatch(/the datasheet(&#x27;|')s characteristics and limits govern/);
    // Without op the part's own typical point is estimated and said to be.
    const plain = await get("/zh/productAndService/productDetail/QIM300120H62");
    expect(textOf(plain.text)).toContain("按该器件的典型工作点估算：逆变，800 V，100 A 有效值，8 kHz");
    // No estimate for a gate driver.
    const driver = await get("/en/productAndService/productDetail/QGD1B04W8");
    expect(driver.status).toBe(200);
    expect(driver.text).not.toContain("op-panel");
  });

  it("redirects the product page's no-JS panel form to op=", async () => {
    const response = await get("/en/productAndService/productDetail/QCD10065T2?opMode=dcdc&opV=400&opI=8&opF=65&opD=0.5&opTc=100");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/en/productAndService/productDetail/QCD10065T2?op=400,8,65k,d0.5,100");
    // Dead time, R_G, where T_c is measured and the output frequency ride along, and the page shows what they did.
    const full = await get(
      "/en/productAndService/productDetail/QIM300120H62?opMode=inverter&opV=700&opI=150&opIk=rms&opF=8&opPf=0.85&opTc=65&opRef=heatsink&opM=0.9&opDt=&opRg=3.6&opFo=2",
    );
    expect(full.status).toBe(302);
    expect(full.headers.location).toBe("/en/productAndService/productDetail/QIM300120H62?op=700,150,8k,0.85,65h,rg3.6,fo2");
    const page = await get(full.headers.location!);
    expect(page.status).toBe(200);
    // Symbols are drawn with real subscripts: read them back as T_c, R_G.
    const words = textOf(symbols(page.text));
    expect(words).toContain("T_c 65 °C at the heat sink, R_G 3.6 Ω, f_o 2 Hz");
    expect(words).toContain("Gate resistance R_G = 3.6 Ω");
    expect(words).toContain("T_c is the heat-sink temperature; R_th from the junction to it 0.135 K/W");
    expect(page.text).toMatch(/data-estimate="tj-peak">\d+</);
  });

  it("judges the peak over the output period and the worst case on detail and compare, and refuses what it cannot estimate", async () => {
    const FO1 = "800,20,50k,0.9,80,fo1";
    const detail = await get(`/en/productAndService/productDetail/QCM160120K3?op=${FO1}`);
    expect(detail.status).toBe(200);
    const words = textOf(symbols(detail.text));
    expect(words).not.toContain("No limit exceeded");
    expect(words).toContain("Switch: peak T_j over the output period (f_o = 1 Hz) is above 250 °C, outside the data, and so above T_j,max 175 °C.");
    expect(detail.text).toMatch(/data-estimate="tj-peak">above 250 °C \(outside the data\)</);
    // Compare: the peak has its own row, and the part is not suitable, with the reason.
    const compare = await get(`/zh/productAndService/compare?parts=QCM040120K4,QCM160120K3&op=${FO1}`);
    const table = /<table class="estimate-table estimate-table--compare">([\s\S]*?)<\/table>/.exec(compare.text)?.[1] ?? "";
    expect(textOf(symbols(table))).toContain("T_j 峰值（°C）");
    expect(table.match(/data-estimate="tj-peak"/g)).toHaveLength(2);
    expect(table).toMatch(/data-suitable="false"/);
    expect(textOf(symbols(table))).toContain("开关管：输出周期内（f_o = 1 Hz）的 T_j 峰值高于 250 °C");
    // A three-level module: no figures, the reason instead.
    const npc = textOf(symbols((await get("/en/productAndService/productDetail/QIM150065NP2?op=1000,100,1k,1,80,0.3")).text));
    expect(npc).toContain("No estimate at this operating point: Three-level (NPC) module");
    // A coolant temperature for a case-referenced part: refused, not a case-based T_j marked unsuitable.
    const coolant = await get("/en/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80f");
    expect(coolant.text).toContain('data-estimate="refused"');
    expect(coolant.text).not.toContain('data-estimate="tj"');
  });

  it("runs a load cycle from cycle= on the product page: T_j over time, its peak judged, bad steps answered in the page's language", async () => {
    const ok = await get("/en/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80&cycle=10:35:2,5:20:50");
    expect(ok.status).toBe(200);
    const words = textOf(symbols(ok.text));
    expect(words).toMatch(/Load cycle: peak T_j \d+ °C \(Switch, at [\d.]+ s\) stays within T_j,max 175 °C\./);
    expect(ok.text.match(/data-estimate="cycle-step-peak"/g)).toHaveLength(2);
    const over = textOf(symbols((await get("/zh/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80&cycle=10:60:1")).text));
    expect(over).toMatch(/负载循环：T_j (峰值 \d+ °C|超过 250 °C)/);
    expect(over).toContain("不适用于该循环");
    const bad = await get("/en/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80&cycle=10:35");
    expect(bad.status).toBe(200);
    expect(textOf(bad.text)).toContain("Write each step of the load cycle as duration:current:f_o (step 1)");
  });

  it("answers for the whole converter on the product page: parts in parallel, the heat sink, efficiency and its load sweep as SVG", async () => {
    const form = await get(
      "/en/productAndService/productDetail/QCM040120K4?opMode=inverter&opV=800&opI=40&opIk=rms&opF=20&opPf=0.9&opTc=40&opM=0.9&opNp=2&opNpw=w&opRs=0.1&opCycle=",
    );
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe("/en/productAndService/productDetail/QCM040120K4?op=800,40,20k,0.9,40,np2w,rs0.1");
    const page = await get(form.headers.location!);
    expect(page.status).toBe(200);
    const data = await upstreamProducts(site.upstream, "en", { siteListId: 120 });
    const loss = data.list.find((item) => item.partNumber === "QCM040120K4")!.loss!;
    const expected = solveConverter(loss, op("800,40,20k,0.9,40,np2w,rs0.1"))!;
    const words = textOf(symbols(page.text));
    expect(words).toContain("The whole converter on one heat sink");
    expect(words).toMatch(new RegExp(`Hottest junction: part ${expected.hottest.device}, Switch, T_j ${Math.round(expected.hottest.tj!)} °C, within T_j,max 175 °C\\.`));
    expect(page.text).toContain(`data-estimate="converter-efficiency">${(expected.efficiency! * 100).toFixed(2)}<`);
    expect(page.text.match(/data-estimate="converter-part"/g)).toHaveLength(2);
    expect(page.text.match(/data-estimate="converter-load"/g)).toHaveLength(10);
    // The breakdown shows the hottest part at the sink's temperature, not the ambient's read as a case temperature.
    expect(words).toMatch(
      new RegExp(`hottest part, part ${expected.hottest.device}, at its [\\d.]+ A with the heat sink at its solved ${Math.round(expected.sink!)} °C`),
    );
    expect(page.text).toMatch(new RegExp(`data-estimate="tj">${Math.round(expected.hottest.tj!)}<`));
    const chart = /<svg[^>]*data-estimate="converter-chart"[\s\S]*?<\/svg>/.exec(page.text)?.[0] ?? "";
    expect(chart.match(/<path d="M[\d.,L]+"/g)).toHaveLength(2);
    // The fields hold the point's values; the finder's form has them too, empty at a point without them
    // (docs/decisions/049-converter-on-finder-and-compare.md).
    expect(page.text).toMatch(/<input id="op-parallel"[^>]*name="opNp"[^>]*value="2"/);
    expect(page.text).toMatch(/<input type="checkbox" name="opNpw" checked="" value="w"\/>/);
    expect((await get(`/en/productAndService/products/${FAMILY}?op=${OP}`)).text).toMatch(/<input id="op-rsa"[^>]*name="opRs"[^>]*value=""/);
    const zh = textOf(symbols((await get("/zh/productAndService/productDetail/QCM040120K4?op=800,40,20k,0.9,40,np2w,rs0.1")).text));
    expect(zh).toContain("整机：所有开关在同一散热器上");
    const bad = await get("/en/productAndService/productDetail/QCM040120K4?op=800,40,20k,0.9,40h,rs0.1");
    expect(bad.status).toBe(200);
    expect(textOf(bad.text)).toContain("R_th the temperature is the ambient");
    const diode = textOf((await get("/en/productAndService/productDetail/QCD10065T2?op=400,8,65k,0.9,40,rs0.1")).text);
    expect(diode).toContain("No whole-converter estimate for this part");
  });

  it("takes the load cycle from a field of the product page's no-JS form, shown again with the cycle it ran", async () => {
    const form = await get(
      "/en/productAndService/productDetail/QCM040120K4?cycle=1:1:1&opMode=inverter&opV=800&opI=20&opIk=rms&opF=50&opPf=0.9&opTc=80&opM=0.9&opCycle=10:35:2,5:20:50",
    );
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe("/en/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80&cycle=10:35:2,5:20:50");
    const page = await get(form.headers.location!);
    expect(page.status).toBe(200);
    // The field holds the cycle, once; the URL's cycle= is not also kept as a hidden field (it would be sent twice).
    expect(page.text.match(/<input id="op-cycle"[^>]*name="opCycle" value="10:35:2,5:20:50"/g)).toHaveLength(1);
    expect(page.text).not.toMatch(/type="hidden" name="cycle"/);
    expect(textOf(symbols(page.text))).toMatch(/Load cycle: peak T_j \d+ °C/);
    const zh = await get("/zh/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80");
    expect(textOf(zh.text)).toContain("负载循环（可选）");
    // Emptied: the cycle goes.
    const cleared = await get("/en/productAndService/productDetail/QCM040120K4?cycle=10:35:2&opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=80&opCycle=");
    expect(cleared.headers.location).toBe("/en/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80");
    // The finder has no cycle field.
    expect((await get(`/en/productAndService/products/${FAMILY}?op=${OP}`)).text).not.toContain('name="opCycle"');
  });

  it("puts every compared part's breakdown at one operating point, the coolest marked", async () => {
    const response = await get(`/en/productAndService/compare?parts=QCM013120K4,QCM040120K4,QCM160120K3&op=${OP}`);
    expect(response.status).toBe(200);
    const table = /<table class="estimate-table estimate-table--compare">([\s\S]*?)<\/table>/.exec(response.text)?.[1] ?? "";
    for (const part of ["QCM013120K4", "QCM040120K4", "QCM160120K3"])
      expect(table).toMatch(new RegExp(`>${part}(<!-- -->)? <small class="estimate-table__scope">per switch position</small>`));
    const point = op(OP);
    // Compare lists a part in any lifecycle state: the obsolete QCM160120K3 too.
    const data = await upstreamProducts(site.upstream, "en", { siteListId: 120, lifecycle: lifecycleStates });
    const totals = ["QCM013120K4", "QCM040120K4", "QCM160120K3"].map((part) => estimate(data.list.find((item) => item.partNumber === part)!.loss!, point).losses.total);
    const best = Math.min(...totals);
    expect(table).toContain(`class="is-numeric is-best">${Number(best.toPrecision(3))}<span class="visually-hidden">`);
    // The GET form of the compare page becomes op= too, keeping the compared parts.
    const form = await get("/en/productAndService/compare?parts=QCM013120K4,QCM040120K4&opMode=inverter&opV=800&opI=20&opIk=rms&opF=50&opPf=0.9&opTc=80&opM=0.9");
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe(`/en/productAndService/compare?parts=QCM013120K4,QCM040120K4&op=${OP}`);
  });

  it("marks the 650 V parts not suitable on compare and never weighs the diode against the switches", async () => {
    const parts = "QCM040120K4,QCM025065K4,QCD06065T2";
    const tableOf = (html: string) => /<table class="estimate-table estimate-table--compare">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? "";
    for (const [language, reason] of [
      ["en", "Not suitable: Bus voltage 800 V is above the rated 650 V."],
      ["zh", "不适用：母线电压 800 V 高于额定 650 V。"],
    ] as const) {
      const response = await get(`/${language}/productAndService/compare?parts=${parts}&op=${OP}`);
      expect(response.status).toBe(200);
      const table = tableOf(response.text);
      // The suitable 1200 V MOSFET first, then the two 650 V parts, each with the reason.
      expect([...table.matchAll(/<th scope="col" class="is-numeric">([^<]+?)(?:<!-- -->)? <small/g)].map((match) => match[1])).toEqual([
        "QCM040120K4",
        "QCM025065K4",
        "QCD06065T2",
      ]);
      const suitability = [...table.matchAll(/data-suitable="(true|false)">([\s\S]*?)<\/td>/g)].map((match) => [match[1], match[2]]);
      expect(suitability.map(([flag]) => flag)).toEqual(["true", "false", "false"]);
      for (const [, text] of suitability.slice(1)) expect(textOf(text!)).toContain(reason);
      // The diode's 5 W is not the lowest loss of a set of switches: the 1200 V MOSFET's 19.5 W is marked.
      expect(table.match(/is-best/g)).toHaveLength(1);
      expect(table).toMatch(/<td class="is-numeric is-best">19\.5<span/);
    }
  });

  it("derives compare's default operating point from the compared parts: 400 V for 650 V parts", async () => {
    const response = await get("/en/productAndService/compare?parts=QCM040120K4,QCM025065K4,QCD06065T2");
    expect(response.status).toBe(200);
    const text = textOf(response.text);
    expect(text).toContain("Estimated at a typical operating point for the compared parts, set by the lowest-rated of them: inverter, 400 V, 2 A RMS, 50 kHz");
    expect(text).toContain("estimated for every compared part at it");
    expect(response.text).toMatch(/name="opV"[^>]*value="400"/);
    expect(response.text).not.toContain('data-suitable="false"');
    // One part's page speaks of that part.
    const detail = textOf((await get("/en/productAndService/productDetail/QCM040120K4")).text);
    expect(detail).toContain("losses and junction temperature are estimated for this part at it.");
    expect(detail).not.toContain("for every part");
    const zh = textOf((await get("/zh/productAndService/compare?parts=QCM040120K4,QCM025065K4")).text);
    expect(zh).toContain("按所比较器件的典型工作点估算（以额定值最低者为准）：逆变，400 V，20 A 有效值");
  });
});

describe("the methods page", () => {
  it("is a server-rendered page in both languages with the equations in real sub- and superscripts and its sources", async () => {
    for (const [language, heading] of [
      ["en", "How the loss estimate is made"],
      ["zh", "损耗估算方法"],
    ] as const) {
      const response = await get(`/${language}/productAndService/estimator/method`);
      expect(response.status).toBe(200);
      expect(response.text).toContain(`<h1>${heading}</h1>`);
      expect(response.text).toMatch(/I<sub>pk<\/sub>(<!-- -->)?<sup>2<\/sup>/);
      expect(response.text).toContain("(V<sub>bus</sub>/V<sub>ref</sub>)<sup>k</sup>");
      const text = textOf(symbols(response.text));
      expect(text).toContain("Casanellas");
      expect(text).toContain("Hava, R. J. Kerkman, T. A. Lipo");
      expect(text).toContain(language === "en" ? "Where the data holds" : "数据的适用范围");
      expect(text).toContain("R_DS(on)");
      // Every heading and paragraph has its string (no key shows through).
      expect(text).not.toMatch(/method\.\w/);
    }
    // The sitemap is an index; the methods page is in the fixed pages of each language's pages child.
    expect((await get("/sitemap-pages-en.xml")).text).toContain("/en/productAndService/estimator/method");
  });

  it("states the whole converter's model, its case-to-sink values with their basis, and its limits, in both languages", async () => {
    for (const [language, words] of [
      ["en", ["The whole converter: parallel parts, one heat sink, efficiency", "R_th(c-s) 0.25 K/W for TO-247", "T_s = T_a + R_th,sa·Σ P", "Not in it:"]],
      ["zh", ["整机：并联器件、同一散热器与效率", "R_th(c-s) TO-247 为 0.25 K/W", "T_s = T_a + R_th,sa·Σ P", "未计入"]],
    ] as const) {
      const text = textOf(symbols((await get(`/${language}/productAndService/estimator/method`)).text));
      for (const word of words) expect(text, `${language}: ${word}`).toContain(word);
      expect(text).not.toMatch(/converter\.\w/);
    }
  });

  it("states how parts are judged, where the data end, and every device-data field's plausibility bounds, in both languages", async () => {
    for (const [language, words] of [
      [
        "en",
        {
          peak: "its peak T_j over the output period",
          outside: "outside the data: said so, with no figure",
          npc: "Three-level (NPC, T-type) modules are not estimated yet",
          mhz: "up to 5 MHz",
          dead: "never longer than the freewheeling interval itself",
          row: "Voltage exponent k of the switching energies",
        },
      ],
      [
        "zh",
        {
          peak: "T_j 峰值高于 T_j,max",
          outside: "超出数据范围：如实说明，不给数值",
          npc: "三电平（NPC、T 型）模块暂不估算",
          mhz: "最高可至 5 MHz",
          dead: "且不超过续流区间本身",
          row: "开关能量的电压指数 k",
        },
      ],
    ] as const) {
      const html = (await get(`/${language}/productAndService/estimator/method`)).text;
      const text = textOf(symbols(html));
      for (const phrase of Object.values(words)) expect(text, `${language}: ${phrase}`).toContain(phrase);
      // The bounds table lists every quantity of the schema with its lowest and highest value.
      const table = /<section class="method-section" aria-labelledby="method-plausibility">[\s\S]*?<\/table>/.exec(html)![0];
      expect(table.match(/<tr><th scope="row">/g)).toHaveLength(Object.keys(lossDataBounds).length);
      expect(textOf(table)).toContain(language === "en" ? "0.3 3" : "0.3 3");
      expect(text).not.toMatch(/plausibility\.\w/);
    }
  });

  it("tables the published worked examples (published, ours, difference) and the datasheet basis of the worst case's maxima, in both languages", async () => {
    for (const [language, words] of [
      [
        "en",
        {
          heading: "Checked against published worked examples",
          none: "No published worked example of an IGBT or SiC MOSFET inverter",
          own: "its own P_ON,L is 291.9 mW",
          rule: "R_DS(on),max = 1.3 × typical",
          published: "Published",
          bridge: "the bridge row checks the totem-pole",
        },
      ],
      [
        "zh",
        {
          heading: "与公开算例的对照",
          none: "未找到同时给出全部输入",
          own: "其自身的 P_ON,L 为 291.9 mW",
          rule: "R_DS(on),max = 1.3 × 典型值",
          published: "公开值",
          bridge: "整流桥一行用来核对图腾柱慢桥臂的公式",
        },
      ],
    ] as const) {
      const html = (await get(`/${language}/productAndService/estimator/method`)).text;
      const text = textOf(symbols(html));
      expect(text).toContain(words.heading);
      // The ROHM note's table: each printed result, ours and the difference, then the inputs as published.
      const rohm = /<caption id="example-Rohm">[\s\S]*?<\/table>/.exec(html)![0];
      const rows = [
        ...symbols(rohm).matchAll(
          /<tr><th scope="row">([^<]+)<\/th><td class="is-numeric">([^<]+)<\/td><td class="is-numeric">([^<]+)<\/td><td class="is-numeric">([^<]+)<\/td><\/tr>/g,
        ),
      ].map((match) => match.slice(1));
      expect(rows).toEqual([
        ["P_ON,H", "375.0", "375.0", "0.00 %"],
        ["P_ON,L", "367.5", "367.5", "0.00 %"],
        ["P_SW", "360.0", "360.0", "0.00 %"],
        ["P_DEAD", "180.0", "180.0", "0.00 %"],
      ]);
      expect(textOf(rohm)).toContain("AEK59-D1-0065-2");
      expect(text).toContain("R_ON,L = 70 mΩ");
      expect(text).toContain(words.own);
      // The AAT1112 datasheet's 375 mW beside our 374.6 mW.
      expect(symbols(/<caption id="example-Aat1112">[\s\S]*?<\/table>/.exec(html)![0])).toContain(
        '<td class="is-numeric">375.0</td><td class="is-numeric">374.6</td><td class="is-numeric">−0.11 %</td>',
      );
      // The PFC notes in watts: Infineon's design guide (its rounded P_S,on beside our 2.542 W, the bridge as four
      // slow-leg diodes) and AN-2020-19's conduction rows.
      const guide = symbols(/<caption id="example-InfineonPfc">[\s\S]*?<\/table>/.exec(html)![0]);
      expect(textOf(guide)).toContain("PFC boost converter design guide");
      expect(guide).toContain(`${words.published} (W)`);
      expect(guide).toContain('<tr><th scope="row">P_S,on</th><td class="is-numeric">2.500</td><td class="is-numeric">2.542</td><td class="is-numeric">1.68 %</td></tr>');
      expect(guide).toContain(
        '<tr><th scope="row">P_bridge</th><td class="is-numeric">25.40</td><td class="is-numeric">25.42</td><td class="is-numeric">0.08 %</td></tr>',
      );
      expect(text).toContain("Q_C = 23 nC");
      expect(text).toContain(words.bridge);
      const wr5 = symbols(/<caption id="example-InfineonWr5">[\s\S]*?<\/table>/.exec(html)![0]);
      expect(textOf(wr5)).toContain("AN-2020-19");
      expect(wr5).toContain('<td class="is-numeric">6.960</td><td class="is-numeric">6.960</td><td class="is-numeric">−0.01 %</td>');
      expect(text).toContain(words.none);
      // The maxima: the site's rule stated as such, and the datasheets it was checked against.
      expect(text).toContain(words.rule);
      expect(text).toContain("Wolfspeed C2M0040120D, Rev. B, 10-2015");
      expect(text).toContain("Infineon FP15R12W1T4, revision 2.2, 2013-10-03");
      expect(text).toContain("Wolfspeed C5D50065D, Rev. B, 05-2017");
      expect(text).not.toMatch(/method\.\w|\{\{/);
    }
  });

  it("is linked from every estimate: the finder's panel, the detail page and compare", async () => {
    for (const path of [
      `/en/productAndService/products/${FAMILY}?op=${OP}`,
      "/en/productAndService/productDetail/QCM040120K4",
      "/zh/productAndService/compare?parts=QCM040120K4,QCM080120K4",
    ]) {
      const response = await get(path);
      expect(response.text, path).toMatch(/<a href="\/(en|zh)\/productAndService\/estimator\/method">/);
    }
  });
});

describe("a device of your own in compare", () => {
  const DEV = "name:C3M40,kind:mosfet,v:1200,i:40,tjmax:175,rth:0.55,thot:175,r:40/70,eon:0.31,eoff:0.075,vref:800,iref:20";

  it("estimates it beside ours at the same point, kept in the URL, in both languages", async () => {
    for (const [language, label] of [
      ["en", "C3M40 (your device)"],
      ["zh", "C3M40（您的器件）"],
    ] as const) {
      const response = await get(`/${language}/productAndService/compare?parts=QCM040120K4&op=${OP}&dev=${DEV}`);
      expect(response.status).toBe(200);
      const table = /<table class="estimate-table estimate-table--compare">[\s\S]*?<\/table>/.exec(response.text)![0];
      expect([...table.matchAll(/<th scope="col" class="is-numeric">([^<]+?)(?:<!-- -->)? <small/g)].map((match) => match[1])).toEqual(["QCM040120K4", label]);
      // The same values as a JSON file in the loss-data schema (what `npm run estimate -- --device` reads).
      const href = /<a download="C3M40.json" href="data:application\/json;charset=utf-8,([^"]+)"/.exec(response.text)![1]!;
      const file = JSON.parse(decodeURIComponent(href.replace(/&amp;/g, "&")));
      expect(file).toMatchObject({ partNumber: "C3M40", kind: "mosfet", channel: { r: [40, 70] } });
      // Adding a part keeps the device.
      expect(response.text).toContain(`<input type="hidden" name="dev" value="${DEV}"/>`);
      // The form shows the values again, to change them.
      expect(response.text).toMatch(/<input id="dev-r-1"[^>]*name="dev_r1"[^>]*value="70"/);
    }
  });

  it("turns the no-JS form into one dev= parameter, keeping the parts and the point, and says what is wrong", async () => {
    const form = `devName=C3M40&devKind=mosfet&dev_v=1200&dev_i=40&dev_tjmax=175&dev_rth=0.55&dev_thot=175&dev_r0=40&dev_r1=70&dev_eon=0.31&dev_eoff=0.075&dev_vref=800&dev_iref=20`;
    const response = await get(`/en/productAndService/compare?parts=QCM040120K4&op=${OP}&${form}`);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/en/productAndService/compare?parts=QCM040120K4&op=${OP.replace(/,/g, "%2C")}&dev=${DEV}`);
    const bad = await get(`/zh/productAndService/compare?parts=QCM040120K4&dev=name:X,kind:mosfet,v:abc,thot:20`);
    expect(bad.status).toBe(200);
    const text = textOf(symbols(bad.text));
    expect(text).toContain("无法使用该器件：");
    expect(text).toContain("请将额定电压输入为正数");
    expect(text).toContain("导通参数的高温点必须高于 25 °C。");
    expect(bad.text).toMatch(/<details class="device-form" open=""/);
    expect(text).not.toMatch(/NaN|undefined/);
  });
});
