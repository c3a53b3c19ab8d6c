// The worst case beside the typical estimate: the datasheet's maximum on-state voltage (and energies where
// stated) in place of the typical values, shown beside them with the assumption it rests on and where the data hold.
import { readFileSync } from "node:fs";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../client/runtime/i18n-react.tsx";
import { createClientI18n } from "../../client/runtime/i18n.ts";
import { loadResources } from "../../server/http/i18n.ts";
import { LossBreakdown } from "../../client/features/estimator/loss-breakdown.tsx";
import { CompareLosses } from "../../client/features/estimator/compare-losses.tsx";
import { lossData, type LossData } from "../../shared/contract/loss-data.ts";
import { assumptionsOf, estimate, worstCaseData, type OperatingPoint } from "../../shared/estimator/index.ts";
import { handWorkedMosfet } from "../fixtures/loss-data.ts";

const mosfet: LossData = {
  ...handWorkedMosfet,
  // R_DS(on),max 52 mΩ at 20 A: 1.04 V.
  max: { vOn: 1.04, i: 20, eSwitch: 0.5 },
};
const op: OperatingPoint = { mode: "inverter", vBus: 800, current: 20, currentKind: "rms", fsw: 50_000, pf: 0.9, duty: 0.5, tc: 80, m: 0.9 };

describe("worst case", () => {
  it("scales the on-state by max/typ at the stated point and the energies by their maximum, never below typical", () => {
    const worst = worstCaseData(mosfet)!;
    expect(worst.kind).toBe("mosfet");
    if (worst.kind !== "mosfet") return;
    expect(worst.channel.r[0]).toBeCloseTo(52, 10);
    expect(worst.channel.r[1]).toBeCloseTo(91, 10);
    expect(worst.eOn + worst.eOff).toBeCloseTo(0.5, 10);
    expect(worstCaseData({ ...mosfet, max: undefined })).toBeNull();
    // A "maximum" under the typical value is a data slip: the worst case stays typical.
    const slip = worstCaseData({ ...mosfet, max: { vOn: 0.5, i: 20 } })!;
    expect(slip.kind === "mosfet" && slip.channel.r[0]).toBe(40);
    expect(estimate(worst, op).losses.total).toBeGreaterThan(estimate(mosfet, op).losses.total);
  });

  it("has a plausible maximum for every part of the catalogue, 10–60 % over typical", () => {
    const rows = JSON.parse(readFileSync(new URL("../../server/upstream/content/catalog/loss-data.json", import.meta.url), "utf8")) as Array<{ partNumber: string }>;
    for (const { partNumber, ...row } of rows) {
      const data = lossData.parse(row);
      expect(data.max, partNumber).toBeDefined();
      const curve = data.kind === "mosfet" ? data.channel : data.kind === "igbt" ? data.igbt : data.forward;
      const ratio = data.max!.vOn / (curve.v0[0]! + (curve.r[0]! / 1000) * data.max!.i);
      expect(ratio, partNumber).toBeGreaterThan(1.1);
      expect(ratio, partNumber).toBeLessThan(1.6);
    }
  });

  it("is shown beside the typical figures with its T_j, in compare too, and its assumption and the data's validity are listed", () => {
    const resources = loadResources();
    const render = (node: ReactNode, language: "en" | "zh" = "en") =>
      renderToString(
        <I18nProvider i18n={createClientI18n(language, resources[language])}>
          <MemoryRouter initialEntries={[`/${language}/x`]}>{node}</MemoryRouter>
        </I18nProvider>,
      );
    const typical = estimate(mosfet, op);
    const worst = estimate(worstCaseData(mosfet)!, op);
    const html = render(<LossBreakdown data={mosfet} op={op} partNumber="QCM040120K4" />);
    expect(html).toMatch(/Worst case, maximum R(<\/span>)?<sub>DS\(on\)<\/sub>/);
    expect(html).toContain(`data-estimate="total-worst">${Number(worst.losses.total.toPrecision(3))}<`);
    expect(html).toContain(`data-estimate="total">${Number(typical.losses.total.toPrecision(3))}<`);
    expect(html).toContain('data-estimate="tj-worst"');
    expect(html).toContain("mΩ @ 20 A, 25 °C");
    expect(html).toContain("switching energies at 800 V, 20 A, R");
    expect(html).not.toContain("&lt;");
    const compare = render(
      <CompareLosses
        parts={[
          { partNumber: "A", loss: mosfet },
          { partNumber: "B", loss: { ...mosfet, max: undefined } },
        ]}
        op={op}
      />,
      "zh",
    );
    expect(compare).toContain("总损耗，最坏情况（最大值）");
    expect(compare.match(/data-estimate="total-worst"/g)).toHaveLength(2);
    expect(assumptionsOf(mosfet, op).map((item) => item.key)).toEqual(expect.arrayContaining(["validity", "worstCase"]));
  });
});
