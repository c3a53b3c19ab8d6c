// `slow` closing a totem-pole point: the page's own MOSFET as a slow-leg device
// (docs/decisions/049-converter-on-finder-and-compare.md). The model is decision 043's slow-leg MOSFET, already held
// to a line-cycle integration in estimator-pfc-peak.test.ts; here the tag reaches it, and the stage seen from either
// part is the same stage: the slow-leg part with the fast one named beside it, and the fast one with the slow one named.
import { describe, expect, it } from "vitest";
import type { DiodeLossData, MosfetLossData } from "../../shared/contract/loss-data.ts";
import { estimate, formToOperatingPoint, refusalOf, type OperatingPoint } from "../../shared/estimator/index.ts";
import { solveConverter } from "../../shared/estimator/converter.ts";
import { companionEstimate, stageTotals } from "../../shared/estimator/stage.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { runEstimate } from "../../scripts/estimate.ts";
import { handWorkedIgbtModule, handWorkedMosfet } from "../fixtures/loss-data.ts";

const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(`${text} did not parse`);
  return parsed.value;
};

/** A second MOSFET, half the first's on-resistance: the two legs differ, so a swapped role would show. */
const lowOhmic: MosfetLossData = { ...handWorkedMosfet, channel: { ...handWorkedMosfet.channel, r: handWorkedMosfet.channel.r.map((r) => r / 2) } };

describe("the slow-leg tag in op=", () => {
  it("closes a totem-pole point, round-trips, and is refused anywhere else with its own message", () => {
    expect(parseOperatingPoint("400,15,65k,t230,80,dt100,slow")).toMatchObject({ ok: true, text: "400,15,65k,t230,80,dt100,slow", value: { slowLeg: true } });
    expect(parseOperatingPoint("400,15,65k,t230,80,rs0.5,fo60,slow")).toMatchObject({ ok: true, text: "400,15,65k,t230,80,fo60,rs0.5,slow" });
    // Like the modulation it closes the point: anything after it is malformed.
    expect(parseOperatingPoint("400,15,65k,t230,80,slow,dt100")).toMatchObject({ ok: false, issues: [{ field: "op" }] });
    for (const text of ["400,15,65k,b230,80,slow", "48,20,200k,s12,80,slow", "800,20,50k,0.9,80,slow"])
      expect(parseOperatingPoint(text), text).toMatchObject({ ok: false, issues: [{ field: "slowLeg", message: "errors.slowLeg.mode" }] });
    // The form's box: carried at a totem-pole point, dropped for every other mode.
    const form = "opV=400&opI=15&opF=65&opV2=230&opTc=80&opSlow=1";
    expect(formToOperatingPoint(new URLSearchParams(`opMode=totempole&${form}`))).toBe("400,15,65k,t230,80,slow");
    expect(formToOperatingPoint(new URLSearchParams(`opMode=boostpfc&${form}`))).toBe("400,15,65k,b230,80");
  });

  it("estimates a MOSFET as the slow leg's device: what the model gives a slow-leg MOSFET, not a fast-leg one", () => {
    const slow = point("400,15,65k,t230,80,slow");
    const fast = point("400,15,65k,t230,80");
    const tagged = estimate(handWorkedMosfet, slow);
    expect(tagged).toEqual(estimate(handWorkedMosfet, fast, { slowLeg: true }));
    expect(tagged.slowLeg).toBe(true);
    expect(tagged.losses.switching).toBe(0);
    expect(tagged.losses.total).toBeLessThan(estimate(handWorkedMosfet, fast).losses.total);
    // A diode is a slow-leg device anyway; an IGBT cannot be one (it conducts one way only): refused, said so.
    const diode: DiodeLossData = {
      kind: "diode",
      ratings: { v: 650, i: 10, tc: 135, tjMax: 175 },
      rthRef: "case",
      rth: 1.5,
      forward: { t: [25, 175], v0: [0.9, 0.9], r: [60, 60] },
      qc: 27,
      vQc: 400,
      kv: 1.5,
    };
    expect(estimate(diode, slow)).toEqual(estimate(diode, fast));
    expect(refusalOf(handWorkedIgbtModule, slow)).toEqual({ code: "slowLegIgbt" });
    expect(refusalOf(handWorkedIgbtModule, fast)).toBeNull();
  });

  it("gives the same stage from either part: the slow-leg MOSFET with the fast one named, the fast one with the slow one named", () => {
    const slow = point("400,15,65k,t230,80,slow");
    const fast = point("400,15,65k,t230,80");
    const fromSlow = stageTotals(lowOhmic, slow, estimate(lowOhmic, slow), { data: handWorkedMosfet, result: companionEstimate(lowOhmic, handWorkedMosfet, slow) })!;
    const fromFast = stageTotals(handWorkedMosfet, fast, estimate(handWorkedMosfet, fast), {
      data: lowOhmic,
      result: companionEstimate(handWorkedMosfet, lowOhmic, fast),
    })!;
    expect(fromSlow.role).toBe("slow");
    expect(fromSlow.companion?.role).toBe("fast");
    expect(fromFast.role).toBe("fast");
    expect(fromFast.companion?.role).toBe("slow");
    expect(fromSlow.missing).toEqual([]);
    expect(fromSlow.loss).toBeCloseTo(fromFast.loss, 9);
    expect(fromSlow.efficiency!).toBeCloseTo(fromFast.efficiency!, 12);
    // The named fast part is estimated as a fast-leg device although the point says `slow`: that is the page's part's.
    expect(companionEstimate(lowOhmic, handWorkedMosfet, slow)).toEqual(estimate(handWorkedMosfet, fast));
    // Alone, the slow-leg part leaves the fast leg: the efficiency a bound.
    expect(stageTotals(lowOhmic, slow, estimate(lowOhmic, slow))).toMatchObject({ role: "slow", count: 2, missing: ["fast"], bound: true });
  });

  it("puts both legs on one heat sink alike from either part (rs)", () => {
    // Each with a case-to-sink R_th (with grease), which the converter needs.
    const [a, b] = [
      { ...lowOhmic, rthCh: 0.3 },
      { ...handWorkedMosfet, rthCh: 0.3 },
    ];
    const slow = solveConverter(a, point("400,15,65k,t230,40,np2,rs0.5,slow"), b)!;
    const fast = solveConverter(b, point("400,15,65k,t230,40,np2,rs0.5"), a)!;
    expect(slow.companion?.role).toBe("fast");
    expect(fast.companion?.role).toBe("slow");
    expect(slow.totalLoss).toBeCloseTo(fast.totalLoss, 6);
    expect(slow.sink!).toBeCloseTo(fast.sink!, 6);
    expect(slow.missing).toEqual([]);
  });

  it("npm run estimate takes it in --op and counts the part named with --with as the fast leg", () => {
    const lines: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM025065K4", "--op", "400,15,65k,t230,80,slow", "--with", "QCM045065B7", "--json"],
        (line) => lines.push(line),
        () => undefined,
      ),
    ).toBe(0);
    const report = JSON.parse(lines.join("\n"));
    expect(report.op).toBe("400,15,65k,t230,80,slow");
    expect(report.losses.switching).toBe(0);
    expect(report.stage.efficiencyIsUpperBound).toBe(false);
    const err: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM025065K4", "--op", "400,15,65k,b230,80,slow"],
        () => undefined,
        (line) => err.push(line),
      ),
    ).toBe(2);
    expect(err.join("\n")).toContain("Only a totem-pole PFC has a slow leg");
  });
});
