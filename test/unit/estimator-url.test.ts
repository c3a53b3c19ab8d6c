// The operating point's URL form: parse/write round trips, defaults, the GET form's fields, and input that is
// out of range or malformed becoming localized message keys (never NaN, never a throw).
import { describe, expect, it } from "vitest";
import { exampleOperatingPoint, formToOperatingPoint, operatingPointRedirect, writeOperatingPoint, type OperatingPoint } from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { rippleFrequency } from "../../shared/estimator/ripple.ts";

describe("op URL form", () => {
  it("reads the issue's example as an inverter at 20 A rms with the default modulation index", () => {
    const parsed = parseOperatingPoint("800,20,50k,0.9,80");
    expect(parsed).toEqual({
      ok: true,
      text: "800,20,50k,0.9,80",
      value: { mode: "inverter", vBus: 800, current: 20, currentKind: "rms", fsw: 50_000, pf: 0.9, duty: 0.5, tc: 80, m: 0.9 },
    });
    expect(writeOperatingPoint(exampleOperatingPoint)).toBe("800,20,50k,0.9,80");
  });

  it("reads peak current, DC/DC duty, plain-Hz and MHz frequencies and a modulation index", () => {
    expect(parseOperatingPoint("600,212p,8k,-0.85,65,1.1")).toMatchObject({ ok: true, value: { currentKind: "peak", current: 212, pf: -0.85, m: 1.1, fsw: 8000 } });
    expect(parseOperatingPoint("400, 12, 100000, d0.45, 90")).toMatchObject({
      ok: true,
      text: "400,12,100k,d0.45,90",
      value: { mode: "dcdc", duty: 0.45, fsw: 100_000 },
    });
    expect(parseOperatingPoint("48,100,1M,d0.2,40")).toMatchObject({ ok: true, value: { fsw: 1_000_000 } });
  });

  it("round-trips: write(parse(write(op))) is stable and parse(write(op)) gives op back", () => {
    const samples: OperatingPoint[] = [
      exampleOperatingPoint,
      { ...exampleOperatingPoint, currentKind: "peak", current: 28.2843, m: 1.05, pf: -1, tc: -40 },
      { ...exampleOperatingPoint, mode: "dcdc", duty: 0.33, fsw: 250_500, vBus: 1.5, current: 0.25 },
      { ...exampleOperatingPoint, fsw: 100, vBus: 2000, tc: 175 },
    ];
    for (const sample of samples) {
      const text = writeOperatingPoint(sample);
      const parsed = parseOperatingPoint(text);
      expect(parsed?.ok, text).toBe(true);
      if (!parsed?.ok) continue;
      // DC/DC ignores pf, M and the RMS/peak choice, so those come back as defaults.
      const expected = sample.mode === "dcdc" ? { ...sample, pf: 0.9, m: 0.9, currentKind: "rms" } : sample;
      expect(parsed.value).toEqual(expected);
      expect(writeOperatingPoint(parsed.value)).toBe(text);
    }
  });

  it("takes an optional dead time (dt, ns) and gate resistance (rg, Ω) after the other values, old URLs unchanged", () => {
    expect(parseOperatingPoint("800,20,50k,0.9,80")).toMatchObject({ ok: true, value: { deadTime: undefined, rg: undefined } });
    expect(parseOperatingPoint("800,20,50k,0.9,80,dt150,rg4.7")).toMatchObject({
      ok: true,
      text: "800,20,50k,0.9,80,dt150,rg4.7",
      value: { deadTime: 150, rg: 4.7, m: 0.9 },
    });
    // In any order, after the modulation index or without it, in DC/DC too; written back in one order.
    expect(parseOperatingPoint("800,20,50k,0.9,80,RG10,1.05,dt0")).toMatchObject({
      ok: true,
      text: "800,20,50k,0.9,80,1.05,dt0,rg10",
      value: { deadTime: 0, rg: 10, m: 1.05 },
    });
    expect(parseOperatingPoint("12,3,1M,d0.4167,25,dt30")).toMatchObject({ ok: true, text: "12,3,1000k,d0.4167,25,dt30", value: { mode: "dcdc", deadTime: 30 } });
    expect(parseOperatingPoint("800,20,50k,0.9,80,dt-5")).toMatchObject({
      ok: false,
      issues: [{ field: "deadTime", message: "errors.deadTime.range", values: { min: 0, max: 10_000 } }],
      draft: { deadTime: "-5" },
    });
    expect(parseOperatingPoint("800,20,50k,0.9,80,rgx")).toMatchObject({ ok: false, issues: [{ field: "rg", message: "errors.rg.number" }] });
    expect(parseOperatingPoint("800,20,50k,0.9,80,rg0.01")).toMatchObject({ ok: false, issues: [{ field: "rg", message: "errors.rg.range" }] });
    // A tag given twice is not a point.
    expect(parseOperatingPoint("800,20,50k,0.9,80,dt100,dt200")).toMatchObject({ ok: false, issues: [{ field: "op" }] });
    const sample: OperatingPoint = { ...exampleOperatingPoint, deadTime: 125, rg: 2.2 };
    expect(parseOperatingPoint(writeOperatingPoint(sample))).toMatchObject({ ok: true, value: sample });
  });

  it("reads where T_c is measured from its suffix: none or c the case, h the heat sink, f the coolant", () => {
    expect(parseOperatingPoint("800,20,50k,0.9,80")).toMatchObject({ ok: true, value: { tc: 80, tcRef: undefined } });
    expect(parseOperatingPoint("800,20,50k,0.9,80c")).toMatchObject({ ok: true, text: "800,20,50k,0.9,80", value: { tc: 80, tcRef: undefined } });
    expect(parseOperatingPoint("800,20,50k,0.9,65h,dt150")).toMatchObject({
      ok: true,
      text: "800,20,50k,0.9,65h,dt150",
      value: { tc: 65, tcRef: "heatsink", deadTime: 150 },
    });
    expect(parseOperatingPoint("800,20,50k,d0.5,40F")).toMatchObject({ ok: true, text: "800,20,50k,d0.5,40f", value: { tc: 40, tcRef: "coolant" } });
    expect(parseOperatingPoint("800,20,50k,0.9,80x")).toMatchObject({ ok: false, issues: [{ field: "tc", message: "errors.tc.number" }] });
    expect(formToOperatingPoint(new URLSearchParams("opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=65&opRef=heatsink"))).toBe("800,20,50k,0.9,65h");
    expect(formToOperatingPoint(new URLSearchParams("opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=40&opRef=coolant"))).toBe("800,20,50k,0.9,40f");
    // Anything else is the case.
    expect(formToOperatingPoint(new URLSearchParams("opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=80&opRef=moon"))).toBe("800,20,50k,0.9,80");
  });

  it("takes an inverter's output frequency (fo, Hz) for the ripple; DC/DC has none", () => {
    expect(parseOperatingPoint("800,20,50k,0.9,80,fo2")).toMatchObject({ ok: true, text: "800,20,50k,0.9,80,fo2", value: { fo: 2 } });
    expect(parseOperatingPoint("800,20,50k,d0.5,80,fo2")).toMatchObject({ ok: true, text: "800,20,50k,d0.5,80", value: { fo: undefined } });
    expect(parseOperatingPoint("800,20,50k,0.9,80,fo0")).toMatchObject({
      ok: false,
      issues: [{ field: "fo", message: "errors.fo.range", values: { min: 0.1, max: 2000 } }],
    });
    expect(formToOperatingPoint(new URLSearchParams("opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=80&opFo=2"))).toBe("800,20,50k,0.9,80,fo2");
  });

  it("takes a PFC stage's line frequency in the same fo (45–800 Hz, f_sw ≥ 100·f_line); a point without it stays at 50 Hz", () => {
    expect(parseOperatingPoint("400,15,65k,t230,80,fo60")).toMatchObject({ ok: true, text: "400,15,65k,t230,80,fo60", value: { mode: "totempole", fo: 60 } });
    expect(parseOperatingPoint("400,15,65k,b230,80,dt100,fo45")).toMatchObject({ ok: true, value: { mode: "boostpfc", fo: 45 } });
    // Points written before the field: no fo, the ripple over a 50 Hz line as before.
    const old = parseOperatingPoint("400,15,65k,t230,80");
    expect(old).toMatchObject({ ok: true, text: "400,15,65k,t230,80" });
    expect(old?.ok && old.value.fo).toBeUndefined();
    expect(old?.ok && rippleFrequency(old.value)).toBe(50);
    const sixty = parseOperatingPoint("400,15,65k,t230,80,fo60");
    expect(sixty?.ok && rippleFrequency(sixty.value)).toBe(60);
    // An aircraft's 400 Hz line (decision 049), its 65 kHz switching 162 periods per line period.
    expect(parseOperatingPoint("400,15,65k,t115,80,fo400")).toMatchObject({ ok: true, value: { fo: 400 } });
    // An inverter's f_o (a motor at 2 Hz) is no line frequency, nor is anything above an aircraft's 800 Hz.
    for (const fo of ["2", "44.9", "800.1", "1000"])
      expect(parseOperatingPoint(`400,15,100k,b230,80,fo${fo}`)).toMatchObject({
        ok: false,
        issues: [{ field: "fo", message: "errors.fo.line", values: { min: 45, max: 800 } }],
      });
    // Fewer than 100 switching periods in one line period: the switching-period averages no longer hold.
    expect(parseOperatingPoint("400,15,65k,b115,80,fo800")).toMatchObject({
      ok: false,
      issues: [{ field: "fo", message: "errors.fo.periods", values: { periods: 100 } }],
    });
    expect(parseOperatingPoint("400,15,80k,b115,80,fo800")).toMatchObject({ ok: true });
    // The form carries it for PFC modes, and still drops it where nothing reads it (a buck).
    expect(formToOperatingPoint(new URLSearchParams("opMode=totempole&opV=400&opI=15&opF=65&opV2=230&opTc=80&opFo=60"))).toBe("400,15,65k,t230,80,fo60");
    expect(formToOperatingPoint(new URLSearchParams("opMode=buck&opV=48&opI=20&opF=200&opV2=12&opTc=80&opFo=60"))).toBe("48,20,200k,s12,80");
  });

  it("keeps the form's with= as typed and drops it when left empty (decision 043)", () => {
    const form = "https://example.test/en/productAndService/products/100?opMode=totempole&opV=400&opI=15&opF=65&opV2=230&opTc=80";
    expect(operatingPointRedirect(new URL(`${form}&with=QCM025065K4`))).toBe("/en/productAndService/products/100?with=QCM025065K4&op=400,15,65k,t230,80");
    expect(operatingPointRedirect(new URL(`${form}&with=`))).toBe("/en/productAndService/products/100?op=400,15,65k,t230,80");
    expect(operatingPointRedirect(new URL(`${form}&with=%20`))).toBe("/en/productAndService/products/100?op=400,15,65k,t230,80");
  });

  it("has no op when the parameter is absent or empty", () => {
    expect(parseOperatingPoint(null)).toBeNull();
    expect(parseOperatingPoint("  ")).toBeNull();
  });

  it("turns bad input into message keys with bounds, keeping what was typed", () => {
    const negative = parseOperatingPoint("-800,20,50k,0.9,80");
    expect(negative).toMatchObject({ ok: false, issues: [{ field: "vBus", message: "errors.vBus.range", values: { min: 1, max: 2000 } }], draft: { vBus: "-800" } });
    expect(parseOperatingPoint("800,20,0k,0.9,80")).toMatchObject({ ok: false, issues: [{ field: "fsw", message: "errors.fsw.range" }] });
    expect(parseOperatingPoint("80000,20,50k,0.9,80")).toMatchObject({ ok: false, issues: [{ field: "vBus" }] });
    expect(parseOperatingPoint("800,abc,50k,1.5,80")).toMatchObject({
      ok: false,
      issues: [
        { field: "current", message: "errors.current.number" },
        { field: "pf", message: "errors.pf.range" },
      ],
    });
    expect(parseOperatingPoint("800,20,50k,d1.2,80")).toMatchObject({ ok: false, issues: [{ field: "duty" }], draft: { mode: "dcdc", duty: "1.2" } });
    expect(parseOperatingPoint("800,20,50k")).toMatchObject({ ok: false, issues: [{ field: "op", message: "errors.op" }] });
    expect(parseOperatingPoint("800,1e3,50k,0.9,80")).toMatchObject({ ok: false, issues: [{ field: "current", message: "errors.current.number" }] });
    expect(parseOperatingPoint("800,20,50k,0.9,80,2")).toMatchObject({ ok: false, issues: [{ field: "m", message: "errors.m.range" }] });
    for (const text of ["NaN,20,50k,0.9,80", "800,Infinity,50k,0.9,80", ",,,,", "800,20,0x10,0.9,80"]) {
      const parsed = parseOperatingPoint(text);
      expect(parsed?.ok, text).toBe(false);
    }
  });
});

describe("the panel's GET form", () => {
  it("joins its fields into op (frequency in kHz) and redirects to the short URL, keeping the other parameters", () => {
    const query = new URLSearchParams("q=sic&sort=est.loss:asc&page=3&opMode=inverter&opV=800&opI=20&opIk=rms&opF=50&opPf=0.9&opD=0.5&opTc=80&opM=0.9");
    expect(formToOperatingPoint(query)).toBe("800,20,50k,0.9,80");
    const target = operatingPointRedirect(new URL(`http://x/zh/productAndService/products/120?${query}`));
    expect(target).toBe("/zh/productAndService/products/120?q=sic&sort=est.loss%3Aasc&op=800,20,50k,0.9,80");
    expect(formToOperatingPoint(new URLSearchParams("opMode=dcdc&opV=400&opI=10&opIk=peak&opF=100&opD=0.4&opTc=60&opM=1"))).toBe("400,10,100k,d0.4,60");
    expect(formToOperatingPoint(new URLSearchParams("opMode=inverter&opV=600&opI=100&opIk=peak&opF=8&opPf=0.85&opTc=70&opM=1.05"))).toBe("600,100p,8k,0.85,70,1.05");
    expect(operatingPointRedirect(new URL("http://x/en/a?op=800,20,50k,0.9,80"))).toBeNull();
  });

  it("adds the dead time and R_G fields when filled in, and leaves them to each part when empty", () => {
    expect(formToOperatingPoint(new URLSearchParams("opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=80&opM=0.9&opDt=&opRg="))).toBe("800,20,50k,0.9,80");
    expect(formToOperatingPoint(new URLSearchParams("opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=80&opM=0.9&opDt=150&opRg=4.7"))).toBe(
      "800,20,50k,0.9,80,dt150,rg4.7",
    );
    expect(formToOperatingPoint(new URLSearchParams("opMode=dcdc&opV=12&opI=3&opF=2000&opD=0.42&opTc=25&opDt=30"))).toBe("12,3,2000k,d0.42,25,dt30");
    const target = operatingPointRedirect(new URL("http://x/en/p?opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=80&opDt=150&opRg=4.7"));
    expect(target).toBe("/en/p?op=800,20,50k,0.9,80,dt150,rg4.7");
  });

  it("cannot smuggle extra fields through a comma", () => {
    const text = formToOperatingPoint(new URLSearchParams("opMode=inverter&opV=800,1,1&opI=20&opF=50&opPf=0.9&opTc=80"));
    expect(text).toBe("80011,20,50k,0.9,80");
    expect(parseOperatingPoint(text)).toMatchObject({ ok: false, issues: [{ field: "vBus" }] });
  });
});

describe("the panel's load-cycle field", () => {
  it("turns the typed cycle into cycle= (colons and commas readable), replaces the URL's own, and drops it when emptied", () => {
    const form = "opMode=inverter&opV=800&opI=20&opF=50&opPf=0.9&opTc=80";
    expect(operatingPointRedirect(new URL(`http://x/en/p?${form}&opCycle=10:35:2, 5:20:50`))).toBe("/en/p?op=800,20,50k,0.9,80&cycle=10:35:2,5:20:50");
    // The field carries the cycle: a cycle= already in the URL is replaced, not doubled.
    expect(operatingPointRedirect(new URL(`http://x/en/p?cycle=1:1:1&${form}&opCycle=10:40:2`))).toBe("/en/p?op=800,20,50k,0.9,80&cycle=10:40:2");
    expect(operatingPointRedirect(new URL(`http://x/en/p?cycle=1:1:1&${form}&opCycle=`))).toBe("/en/p?op=800,20,50k,0.9,80");
    // A page without the field (finder, compare) leaves cycle= as it is.
    expect(operatingPointRedirect(new URL(`http://x/en/p?cycle=1:1:1&${form}`))).toBe("/en/p?cycle=1%3A1%3A1&op=800,20,50k,0.9,80");
    // Anything else typed is carried encoded, for mission.ts to refuse with its message, never into another parameter.
    expect(operatingPointRedirect(new URL(`http://x/en/p?${form}&opCycle=${encodeURIComponent("1:1:1&op=1")}`))).toBe("/en/p?op=800,20,50k,0.9,80&cycle=1:1:1%26op%3D1");
  });
});
