// The PFC stages and the synchronous buck and boost in the server-rendered pages (decision 036): the product page's estimate at a b/t point and its
// no-JS form, compare, a bad line voltage answered in the page's language, and the methods page's equations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { estimate } from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { startSite } from "../helpers/site.ts";
import { textOf, upstreamProducts } from "./catalog-helpers.ts";

/** The HTML with the estimator's symbols written as V_line, so that a test can read them: only a real <sub> gives the "_". */
const symbols = (html: string) => html.replace(/<sub>([^<]*)<\/sub>/g, "_$1").replace(/<\/?span>/g, "");

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
const TOTEM = "400,15,65k,t230,80,dt100";

describe("PFC stages on the product page and compare", () => {
  it("estimates a 650 V MOSFET as a totem-pole's fast device, as the shared model does, in both languages", async () => {
    const parsed = parseOperatingPoint(TOTEM);
    if (!parsed?.ok) throw new Error(TOTEM);
    const data = await upstreamProducts(site.upstream, "en", { siteListId: 100 });
    const part = data.list.find((item) => item.partNumber === "QCM045065B7")!;
    const expected = estimate(part.loss!, parsed.value);
    const en = await get(`/en/productAndService/productDetail/QCM045065B7?op=${TOTEM}`);
    expect(en.status).toBe(200);
    expect(textOf(symbols(en.text))).toContain("Estimated at: totem-pole PFC, V_line 230 V, 15 A line RMS, V_o 400 V, 65 kHz, T_c 80 °C, dead time 100 ns");
    expect(en.text).toContain(`data-estimate="total">${Number(expected.losses.total.toPrecision(3))}<`);
    expect(en.text).toMatch(/data-estimate="tj">\d+</);
    // The assumptions name the topology and its line, not the DC/DC leg's duty.
    expect(textOf(symbols(en.text))).toContain("Totem-pole PFC in continuous conduction from a 230 V RMS line to 400 V, per device");
    // The form shows the topology chosen and the line voltage typed, so that it can be sent again without JavaScript.
    expect(en.text).toMatch(/name="opMode" checked="" value="totempole"/);
    expect(en.text).toMatch(/name="opV2"[^>]*value="230"/);
    const zh = textOf(symbols((await get(`/zh/productAndService/productDetail/QCM045065B7?op=${TOTEM}`)).text));
    expect(zh).toContain("图腾柱 PFC，V_line 230 V，输入电流有效值 15 A，V_o 400 V");
  });

  it("turns the no-JS form into op= and answers a line above the output in the page's language", async () => {
    const form = await get("/en/productAndService/productDetail/QCD10065T2?opMode=boostpfc&opV=400&opI=8&opF=65&opD=0.5&opV2=230&opTc=100");
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe("/en/productAndService/productDetail/QCD10065T2?op=400,8,65k,b230,100");
    const page = await get(form.headers.location!);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-estimate="total">[\d.]+</);
    for (const [language, words] of [
      ["en", "must stay below the output voltage"],
      ["zh", "须低于输出电压"],
    ] as const) {
      const bad = await get(`/${language}/productAndService/productDetail/QCM045065B7?op=300,8,65k,b230,80`);
      expect(bad.status).toBe(200);
      expect(textOf(bad.text)).toContain(words);
      expect(bad.text).toContain('role="alert"');
    }
  });

  it("compares parts at a boost PFC point, the one over its limit marked not suitable", async () => {
    const response = await get("/en/productAndService/compare?parts=QCM025065K4,QCM060065L8&op=400,50,65k,b230,100");
    expect(response.status).toBe(200);
    const table = /<table class="estimate-table estimate-table--compare">([\s\S]*?)<\/table>/.exec(response.text)?.[1] ?? "";
    expect(table.match(/data-estimate="total-worst"/g)).toHaveLength(2);
    expect(table).toMatch(/data-suitable="false"/);
    expect(table).toMatch(/data-suitable="true"/);
  });
});

describe("the stage's totals and the peak over the line period (decision 041)", () => {
  it("on the product page: the peak T_j at 50 Hz, the devices counted, the one not counted and an efficiency bound, in both languages", async () => {
    const en = await get(`/en/productAndService/productDetail/QCM045065B7?op=${TOTEM}`);
    const text = textOf(symbols(en.text));
    expect(en.text).toMatch(/data-estimate="tj-peak">\d+</);
    expect(text).toContain("T_j peak: the highest junction temperature over one line period at 50 Hz");
    expect(text).toContain("Counted: 2 × fast-leg device (QCM045065B7)");
    // The breakdown says which of the stage's devices its figures are.
    expect(text).toContain("Per fast-leg device: one of the totem-pole");
    expect(text).toContain("Not counted: the slow-leg device, another part");
    expect(en.text).toMatch(/data-estimate="stage-efficiency">at most 99\.\d\d</);
    expect(en.text).toMatch(/data-estimate="stage-input">3,450</);
    const zh = textOf(symbols((await get(`/zh/productAndService/productDetail/QCM045065B7?op=${TOTEM}`)).text));
    expect(zh).toContain("已计入：2 × 快桥臂器件（QCM045065B7）");
    expect(zh).toContain("按单个快桥臂器件计");
    expect(zh).toContain("一个工频周期（50 Hz）内的最高结温");
    // A synchronous buck's leg is the whole stage: an exact efficiency.
    const buck = await get("/en/productAndService/productDetail/QCM045065B7?op=48,20,200k,s12,80");
    expect(buck.text).toMatch(/data-estimate="stage-efficiency">\d\d\.\d\d</);
    expect(textOf(buck.text)).not.toContain("Not counted");
  });

  it("completes the stage with the part named for its other device (with=): estimated at the same point, judged, counted", async () => {
    const BOOST = "400,8,65k,b230,80";
    const data = await upstreamProducts(site.upstream, "en", { siteListId: 100 });
    const diodes = await upstreamProducts(site.upstream, "en", { siteListId: 200 });
    const mosfet = data.list.find((item) => item.partNumber === "QCM045065B7")!;
    const diode = diodes.list.find((item) => item.partNumber === "QCD10065T2")!;
    const parsed = parseOperatingPoint(BOOST);
    if (!parsed?.ok) throw new Error(BOOST);
    // The stage's loss by hand: the switch's, the diode's and the diode's charge lost in the switch.
    const own = estimate(mosfet.loss!, parsed.value);
    const other = estimate(diode.loss!, parsed.value);
    const loss = own.losses.total + own.losses.inSwitch + other.losses.total + other.losses.inSwitch;
    const en = await get(`/en/productAndService/productDetail/QCM045065B7?op=${BOOST}&with=QCD10065T2`);
    expect(en.status).toBe(200);
    const text = textOf(symbols(en.text));
    expect(text).toContain("With 1 × boost diode (QCD10065T2)");
    expect(text).toContain("QCD10065T2 stands the point.");
    expect(en.text).not.toContain('data-estimate="stage-with-problem"');
    expect(en.text).toContain(`data-estimate="stage-efficiency">${(((1840 - loss) / 1840) * 100).toFixed(2)}<`);
    // The field shows the part again; the no-JS form's with= is kept beside the op= it joins.
    expect(en.text).toMatch(/<input id="op-with"[^>]*name="with"[^>]*value="QCD10065T2"/);
    const form = await get("/en/productAndService/productDetail/QCM045065B7?opMode=boostpfc&opV=400&opI=8&opF=65&opD=0.5&opV2=230&opTc=80&with=QCD10065T2");
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe(`/en/productAndService/productDetail/QCM045065B7?with=QCD10065T2&op=${BOOST}`);
    // Not ours, or a second switch for a switch's stage: said in the page's language, the efficiency stays a bound.
    for (const [language, part, words] of [
      ["en", "XYZ123", "XYZ123 is not a part of ours"],
      ["zh", "XYZ123", "XYZ123 不是本公司的器件"],
      ["en", "QCM025065K4", "QCM025065K4 would be the stage's boost switch"],
    ] as const) {
      const page = await get(`/${language}/productAndService/productDetail/QCM045065B7?op=${BOOST}&with=${part}`);
      expect(page.status).toBe(200);
      expect(textOf(page.text.replace(/&#x27;/g, "'"))).toContain(words);
      expect(page.text).toMatch(/data-estimate="stage-efficiency">(at most|至多) \d\d\.\d\d</);
    }
  });

  it("takes parts in parallel and one heat sink for a PFC stage and a synchronous buck (np, rs), in both languages", async () => {
    const en = await get("/en/productAndService/productDetail/QCM045065B7?op=400,15,65k,t230,40,np2w,rs0.5");
    expect(en.status).toBe(200);
    expect(en.text.match(/data-estimate="converter-part"/g)).toHaveLength(2);
    expect(en.text).toMatch(/data-estimate="converter-efficiency">at most 99\.\d\d</);
    expect(textOf(en.text)).toContain("2 position(s) filled by this part, 2 part(s) in parallel each");
    expect(textOf(en.text)).toContain("Not counted: the slow-leg device, another part");
    const zh = textOf((await get("/zh/productAndService/productDetail/QCM045065B7?op=400,15,65k,t230,40,np2w,rs0.5")).text);
    expect(zh).toContain("未计入：慢桥臂器件");
    // The converter's totals stand for the stage: no second block from the hottest part's share.
    expect(en.text).not.toContain('data-estimate="stage"');
    const buck = await get("/en/productAndService/productDetail/QCM045065B7?op=48,20,200k,s12,40,np2,rs0.5");
    expect(buck.text).toMatch(/data-estimate="converter-efficiency">\d\d\.\d\d</);
    expect(buck.text).not.toContain('data-estimate="converter-missing"');
  });

  it("on compare and in the finder's loss cells", async () => {
    const compare = await get(`/en/productAndService/compare?parts=QCM025065K4,QCM060065L8&op=${TOTEM}`);
    expect(compare.text.match(/data-estimate="stage-efficiency">at most \d\d\.\d\d</g)).toHaveLength(2);
    expect(compare.text.match(/data-estimate="stage-loss">2 × /g)).toHaveLength(2);
    const zh = await get(`/zh/productAndService/compare?parts=QCM025065K4,QCM060065L8&op=${TOTEM}`);
    expect(textOf(zh.text)).toContain("整级效率");
    const finder = await get(`/en/productAndService/products/100?sort=estLoss:asc&size=10&op=${TOTEM}`);
    expect(finder.status).toBe(200);
    expect(textOf(finder.text)).toMatch(/Stage: 2 × this part, [\d.]+ W, efficiency at most \d\d\.\d\d %/);
  });
});

describe("a PFC stage's line frequency and load cycle (decision 043)", () => {
  it("takes the line frequency (fo) in op= and the form, says it in both languages, and refuses one off the grid's range", async () => {
    const at60 = `${TOTEM},fo60`;
    const en = await get(`/en/productAndService/productDetail/QCM045065B7?op=${at60}`);
    expect(en.status).toBe(200);
    const text = textOf(symbols(en.text));
    expect(text).toContain("T_j peak: the highest junction temperature over one line period at 60 Hz");
    expect(text).toContain("dead time 100 ns, line 60 Hz");
    expect(text).toContain("its peak T_j over the line period (at 60 Hz)");
    expect(en.text).toMatch(/name="opFo"[^>]*value="60"/);
    const zh = textOf(symbols((await get(`/zh/productAndService/productDetail/QCM045065B7?op=${at60}`)).text));
    expect(zh).toContain("一个工频周期（60 Hz）内的最高结温");
    expect(zh).toContain("电网 60 Hz");
    // The no-JS form carries it for a PFC mode.
    const form = await get("/en/productAndService/productDetail/QCM045065B7?opMode=totempole&opV=400&opI=15&opF=65&opV2=230&opTc=80&opDt=100&opFo=60");
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe(`/en/productAndService/productDetail/QCM045065B7?op=${at60}`);
    for (const [language, words] of [
      ["en", "A PFC stage's line frequency (fo) must be between 45 and 800 Hz."],
      ["zh", "PFC 级的电网频率（fo）须在 45 至 800 Hz 之间。"],
    ] as const) {
      const bad = await get(`/${language}/productAndService/productDetail/QCM045065B7?op=${TOTEM},fo5`);
      expect(bad.status).toBe(200);
      expect(textOf(bad.text.replace(/&#x27;/g, "'"))).toContain(words);
    }
  });

  it("takes a MOSFET named beside a fast-leg device as the totem-pole's slow leg (with=): counted, the efficiency exact", async () => {
    const en = await get(`/en/productAndService/productDetail/QCM045065B7?op=${TOTEM}&with=QCM025065K4`);
    expect(en.status).toBe(200);
    expect(textOf(symbols(en.text))).toContain("With 2 × slow-leg device (QCM025065K4)");
    expect(en.text).not.toContain('data-estimate="stage-with-problem"');
    expect(en.text).toMatch(/data-estimate="stage-efficiency">\d\d\.\d\d</);
    const zh = textOf(symbols((await get(`/zh/productAndService/productDetail/QCM045065B7?op=${TOTEM}&with=QCM025065K4`)).text));
    expect(zh).toContain("2 × 慢桥臂器件（QCM025065K4）");
    expect(textOf(symbols((await get("/en/productAndService/estimator/method")).text))).toContain("is estimated as such a line-frequency synchronous rectifier");
  });

  it("puts the part named with= on the same heat sink as the whole converter (rs), in both languages", async () => {
    const url = "/productAndService/productDetail/QCM045065B7?op=400,15,65k,t230,40,np2,rs0.5&with=QCM025065K4";
    const en = await get(`/en${url}`);
    expect(en.status).toBe(200);
    expect(en.text.match(/data-estimate="converter-part"/g)).toHaveLength(2);
    expect(en.text.match(/data-estimate="converter-with-part"/g)).toHaveLength(2);
    expect(textOf(en.text)).toContain("On the same heat sink: 2 × slow-leg device (QCM025065K4)");
    // Both legs counted: no bound on the efficiency, nothing missing.
    expect(en.text).toMatch(/data-estimate="converter-efficiency">\d\d\.\d\d</);
    expect(en.text).not.toContain('data-estimate="converter-missing"');
    const zh = textOf((await get(`/zh${url}`)).text);
    expect(zh).toContain("同一散热器上：2 × 慢桥臂器件（QCM025065K4）");
    // A part that fills nothing this one leaves is said so beside the converter.
    const wrong = await get("/en/productAndService/productDetail/QCM045065B7?op=400,8,65k,b230,40,rs0.5&with=QCM025065K4");
    expect(textOf(wrong.text.replace(/&#x27;/g, "'"))).toContain("QCM025065K4 would be the stage's boost switch");
    expect(wrong.text).toMatch(/data-estimate="converter-efficiency">at most \d\d\.\d\d</);
  });

  it("the finder: a stage-loss column ranked by sort=estStage, the part with= names counted in every row it completes, in both languages", async () => {
    const url = `/productAndService/products/100?sort=estStage:asc&size=50&op=${TOTEM}&with=QCM025065K4`;
    const en = await get(`/en${url}`);
    expect(en.status).toBe(200);
    const text = textOf(symbols(en.text));
    // The header groups it under "Estimate" as the other estimate columns.
    expect(text).toContain("P_stage (W) ▲ Estimated semiconductor loss of the stage");
    expect(text).toMatch(/Stage: 2 × this part \+ 2 × slow-leg device \(QCM025065K4\), [\d.]+ W, efficiency \d\d\.\d\d %/);
    // Ranked by the stage's loss: it never falls down the page (here the one part that cannot stand the point, in
    // runaway, is also the one with the most loss, so the whole list is in order).
    const losses = [...text.matchAll(/Stage: 2 × this part \+ 2 × slow-leg device \(QCM025065K4\), ([\d.,]+) W/g)].map((match) => Number(match[1]!.replace(/,/g, "")));
    expect(losses.length).toBeGreaterThan(2);
    expect(new Set(losses).size).toBeGreaterThan(2);
    expect(losses).toEqual([...losses].sort((a, b) => a - b));
    // The sort link and every paging link carry with= beside op=.
    expect(en.text).toContain("with=QCM025065K4");
    expect(en.text).toMatch(/<input id="op-with"[^>]*name="with"[^>]*value="QCM025065K4"/);
    expect(en.text.match(/id="op-with"/g)).toHaveLength(1);
    const zh = textOf(symbols((await get(`/zh${url}`)).text));
    expect(zh).toContain("P_stage (W) ▲ 本器件所担任的整级器件的估算半导体损耗");
    expect(zh).toContain("+ 2 × 慢桥臂器件（QCM025065K4）");
    // An inverter point with rs: the whole converter's loss in the stage column, every part on the sink counted.
    const inverter = textOf(symbols((await get("/en/productAndService/products/100?sort=estStage:asc&op=800,20,50k,0.9,40,np2,rs0.1")).text));
    expect(inverter).toContain("P_stage (W) ▲");
    expect(inverter).toMatch(/Stage: 12 × this part, [\d.,]+ W, efficiency \d\d\.\d\d %/);
    expect(textOf((await get(`/en/productAndService/products/100?op=800,20,50k,0.9,40`)).text)).not.toContain("P_stage");
    // A part that completes nothing: each row says it is not counted beside it.
    const diode = textOf(symbols((await get(`/en/productAndService/products/100?op=${TOTEM}&with=XYZ123`)).text));
    expect(diode).toContain("(XYZ123 not counted beside this part)");
  });

  it("compare: the part with= names counted in each column's stage it completes, said where it is not, in both languages", async () => {
    const BOOST = "400,8,65k,b230,80";
    const en = await get(`/en/productAndService/compare?parts=QCD10065T2,QCD06065T2&op=${BOOST}&with=QCM045065B7`);
    expect(en.status).toBe(200);
    // Both boost diodes with the named switch: the stage complete, the efficiency exact, the loss written as its terms.
    expect(en.text.match(/data-estimate="stage-efficiency">\d\d\.\d\d</g)).toHaveLength(2);
    expect(en.text.match(/data-estimate="stage-loss">1 × [\d.]+ \+ 1 × [\d.]+ = [\d.]+</g)).toHaveLength(2);
    expect(textOf(en.text.replace(/&#x27;/g, "'"))).toContain("The stage's loss and efficiency count QCM045065B7");
    expect(en.text).toMatch(/<input id="op-with"[^>]*name="with"[^>]*value="QCM045065B7"/);
    expect(en.text.match(/id="op-with"/g)).toHaveLength(1);
    // Removing a part keeps with= beside op=.
    expect(en.text).toContain(`parts=QCD06065T2&amp;op=${encodeURIComponent(BOOST)}&amp;with=QCM045065B7`);
    const zh = textOf((await get(`/zh/productAndService/compare?parts=QCD10065T2,QCD06065T2&op=${BOOST}&with=QCM045065B7`)).text);
    expect(zh).toContain("整级损耗和效率在其所补全的每个器件旁计入 QCM045065B7");
    // A switch's column is not completed by a second switch: said in its cell, its efficiency still a bound.
    const mixed = await get(`/en/productAndService/compare?parts=QCD10065T2,QCM025065K4&op=${BOOST}&with=QCM045065B7`);
    expect(textOf(mixed.text)).toContain("QCM045065B7 not counted: it fills no device this part leaves");
    expect(mixed.text).toMatch(/data-estimate="stage-efficiency">at most \d\d\.\d\d</);
    // An empty field names nothing: the address drops it.
    const empty = await get(`/en/productAndService/compare?parts=QCD10065T2&op=${BOOST}&with=`);
    expect(empty.status).toBe(302);
    expect(empty.headers.location).toBe(`/en/productAndService/compare?parts=QCD10065T2&op=${encodeURIComponent(BOOST)}`);
  });

  it("runs a load cycle at a PFC point, its steps' third value the line frequency, in both languages", async () => {
    const en = await get(`/en/productAndService/productDetail/QCM045065B7?op=${TOTEM}&cycle=5:25:50,10:15:60`);
    expect(en.status).toBe(200);
    expect(en.text).toContain('data-estimate="cycle-verdict"');
    expect(textOf(symbols(en.text))).toContain("f_line (Hz)");
    const zh = await get(`/zh/productAndService/productDetail/QCM045065B7?op=${TOTEM}&cycle=5:25:2`);
    expect(textOf(zh.text)).toContain("第 1 步的电网频率须在 45 至 800 Hz 之间。");
  });
});

describe("synchronous buck and boost on the product page", () => {
  it("estimates the leg at the duty the two voltages set, said in both languages, and turns the no-JS form into op=", async () => {
    const en = await get("/en/productAndService/productDetail/QCM045065B7?op=48,20,200k,s12,80");
    expect(en.status).toBe(200);
    expect(textOf(symbols(en.text))).toContain("Estimated at: synchronous buck, V_in 48 V to V_out 12 V (D 0.25), 20 A DC, 200 kHz, T_c 80 °C");
    expect(en.text).toMatch(/data-estimate="total">[\d.]+</);
    const zh = textOf(symbols((await get("/zh/productAndService/productDetail/QCM045065B7?op=400,15,100k,u200,80")).text));
    expect(zh).toContain("同步升压，V_in 200 V 至 V_out 400 V（D 0.5）");
    const form = await get("/en/productAndService/productDetail/QCM045065B7?opMode=buck&opV=48&opI=20&opF=200&opD=0.5&opV2=12&opTc=80");
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe("/en/productAndService/productDetail/QCM045065B7?op=48,20,200k,s12,80");
  });
});

describe("the methods page on PFC stages and the synchronous buck and boost", () => {
  it("states the equations, the assumptions and the limits in both languages", async () => {
    for (const [language, words] of [
      [
        "en",
        [
          "Single-phase PFC stages in CCM",
          "a = √2·V_line/V_bus",
          "(1/2 − 4a/(3π))",
          "Totem-pole PFC, per device",
          "Limits: the zero-crossing",
          "Synchronous buck (op=48,20,200k,s12,80",
          "boost: D = 1 − V_in/V_bus",
          "The peak T_j over the line period comes from the part",
          "The stage: at a PFC or DC/DC point",
          "η = (P_in − P_loss)/P_in, P_in = V_line·I (PFC), V_in·I (boost)",
          "fo60 after the five values names a 60 Hz line, fo400 an aircraft",
          "400 Hz one, 45–800 Hz with f_sw at least 100·f_line so that a line period spans at least 100 switching periods",
          "which it ranks by (sort=estStage)",
        ],
      ],
      [
        "zh",
        [
          "CCM 单相 PFC 级",
          "a = √2·V_line/V_bus",
          "(1/2 − 4a/(3π))",
          "图腾柱 PFC，按单个器件",
          "适用范围：忽略过零瞬态",
          "同步降压（op=48,20,200k,s12,80",
          "boost: D = 1 − V_in/V_bus",
          "工频周期内的 T_j 峰值由器件 Z_th 的 Foster 网络",
          "整级：在 PFC 或 DC/DC 工作点",
          "五个数值之后的 fo60 表示 60 Hz 电网，fo400 表示飞机的 400 Hz 电网，范围 45–800 Hz",
          "可按其排序（sort=estStage）",
        ],
      ],
    ] as const) {
      const text = textOf(symbols((await get(`/${language}/productAndService/estimator/method`)).text));
      for (const word of words) expect(text, `${language}: ${word}`).toContain(word);
    }
  });
});
