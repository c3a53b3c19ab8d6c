// A starting operating point for one part, so the panel opens on numbers that suit it (a 650 V diode and a
// 1700 V module do not share a bus voltage). Typical design points, not limits.
import type { LossData } from "../contract/loss-data.ts";
import { DEFAULT_MODULATION_INDEX, DEFAULT_PF, type OperatingPoint } from "./operating-point.ts";

/** Common DC-link voltages by device class (V); other classes get 60 % of the rating. */
const busByRating: Record<number, number> = { 650: 400, 750: 450, 1200: 800, 1700: 1100 };
const busFor = (rating: number) => busByRating[rating] ?? Math.round(rating * 0.6);

/** 1, 2 or 5 times a power of ten, at most the value: 37 → 20, 140 → 100. */
function roundDown125(value: number): number {
  const decade = 10 ** Math.floor(Math.log10(value));
  const step = [5, 2, 1].find((factor) => factor * decade <= value) ?? 1;
  return step * decade;
}

export function suggestOperatingPoint(data: LossData): OperatingPoint {
  // A three-level module's switches each block half the DC link: its DC link is twice a two-level one's.
  const vBus = busFor(data.ratings.v) * (data.threeLevel ? 2 : 1);
  if (data.kind === "diode") {
    // A boost (PFC) diode at half duty and about half its current rating.
    return {
      mode: "dcdc",
      vBus,
      current: roundDown125(data.ratings.i * 0.6),
      currentKind: "rms",
      fsw: 65_000,
      pf: DEFAULT_PF,
      duty: 0.5,
      tc: 80,
      m: DEFAULT_MODULATION_INDEX,
    };
  }
  // Discrete SiC switches run at tens of kHz, SiC modules around 20 kHz, IGBT modules below 10 kHz.
  const fsw = data.kind === "igbt" ? 8_000 : data.ratings.i > 120 ? 20_000 : 50_000;
  return { mode: "inverter", vBus, current: roundDown125(data.ratings.i * 0.5), currentKind: "rms", fsw, pf: DEFAULT_PF, duty: 0.5, tc: 80, m: DEFAULT_MODULATION_INDEX };
}

/**
 * A starting point for several parts at once (compare): one that the lowest-rated of them suits. The bus comes
 * from the lowest voltage rating, the current from the lowest current rating; the topology and frequency from the
 * switches (a diode beside switches freewheels in their leg), the DC/DC point of a diode when all are diodes.
 */
export function suggestForParts(parts: LossData[]): OperatingPoint {
  const switches = parts.filter((data) => data.kind !== "diode");
  const suggestions = (switches.length ? switches : parts).map(suggestOperatingPoint);
  // The DC link each part can take: a three-level module's devices each see half of it.
  const linkOf = (data: LossData) => busFor(data.ratings.v) * (data.threeLevel ? 2 : 1);
  const lowestI = Math.min(...parts.map((data) => data.ratings.i));
  const base = suggestions.reduce((slowest, next) => (next.fsw < slowest.fsw ? next : slowest));
  const share = base.mode === "dcdc" ? 0.6 : 0.5;
  return { ...base, vBus: Math.min(...parts.map(linkOf)), current: roundDown125(lowestI * share) };
}
