// Where the catalogue's maximum on-state values (the worst case's `max`) come from: the site's rule per device
// type, and the typical and maximum values at 25 °C that real datasheets print, each cited, that the rule was
// checked against. The methods page shows both; test/unit/estimator-published-examples.test.ts holds the rule,
// and every catalogue part's data, inside the range the datasheets span.

export type MaxKind = "mosfet" | "igbt" | "diode";

/**
 * The site's rule for a part's maximum on-state value at 25 °C from its typical one: R_DS(on),max = 1.3 × typical
 * for the SiC MOSFETs, V_CE(sat),max = typical + 0.4 V for the IGBT modules, V_F,max = 1.23 × typical for the
 * SiC Schottky diodes. It is an assumption of this site (our datasheets state the results), not a standard.
 */
export const MAX_RULE: Readonly<Record<MaxKind, { factor: number } | { offset: number }>> = {
  mosfet: { factor: 1.3 },
  igbt: { offset: 0.4 },
  diode: { factor: 1.23 },
};

/** One datasheet's typical and maximum on-state value at T_j = 25 °C, at the condition it states. */
export interface DatasheetMax {
  kind: MaxKind;
  /** Maker, part number and the datasheet's revision as printed. */
  source: string;
  /** The test condition, symbols with `<…>` subscripts. */
  condition: string;
  typ: number;
  max: number;
  /** mΩ for R_DS(on), V for V_CE(sat) and V_F. */
  unit: "mΩ" | "V";
}

export const DATASHEET_MAXIMA: readonly DatasheetMax[] = [
  {
    kind: "mosfet",
    source: "Wolfspeed C2M0025120D, Rev. B, 10-2015",
    condition: "V<GS> = 20 V, I<D> = 50 A",
    typ: 25,
    max: 34,
    unit: "mΩ",
  },
  {
    kind: "mosfet",
    source: "Wolfspeed C2M0040120D, Rev. B, 10-2015",
    condition: "V<GS> = 20 V, I<D> = 40 A",
    typ: 40,
    max: 52,
    unit: "mΩ",
  },
  {
    kind: "mosfet",
    source: "Cree C2M0080120D, Rev. B",
    condition: "V<GS> = 20 V, I<D> = 20 A",
    typ: 80,
    max: 98,
    unit: "mΩ",
  },
  {
    kind: "mosfet",
    source: "Cree CMF20120D, Rev. D",
    condition: "V<GS> = 20 V, I<D> = 20 A",
    typ: 80,
    max: 100,
    unit: "mΩ",
  },
  {
    kind: "mosfet",
    source: "Wolfspeed C2M0160120D, Rev. C, 10-2015",
    condition: "V<GS> = 20 V, I<D> = 10 A",
    typ: 160,
    max: 196,
    unit: "mΩ",
  },
  {
    kind: "mosfet",
    source: "Wolfspeed C2M0280120D, Rev. B, 10-2015",
    condition: "V<GS> = 20 V, I<D> = 6 A",
    typ: 280,
    max: 370,
    unit: "mΩ",
  },
  {
    kind: "igbt",
    source: "Infineon FP15R12W1T4, revision 2.2, 2013-10-03",
    condition: "V<GE> = 15 V, I<C> = 15 A",
    typ: 1.85,
    max: 2.25,
    unit: "V",
  },
  {
    kind: "igbt",
    source: "Infineon FP15R12W2T4, revision 3.0, 2013-11-11",
    condition: "V<GE> = 15 V, I<C> = 15 A",
    typ: 1.85,
    max: 2.25,
    unit: "V",
  },
  {
    kind: "igbt",
    source: "Infineon F12-25R12KT4G, preliminary data",
    condition: "V<GE> = 15 V, I<C> = 25 A",
    typ: 1.85,
    max: 2.15,
    unit: "V",
  },
  {
    kind: "igbt",
    source: "StarPower GD400HFT120C2S",
    condition: "V<GE> = 15 V, I<C> = 400 A",
    typ: 1.7,
    max: 2.15,
    unit: "V",
  },
  {
    kind: "igbt",
    source: "StarPower GD450HFX120C6SA",
    condition: "V<GE> = 15 V, I<C> = 450 A",
    typ: 1.7,
    max: 2.15,
    unit: "V",
  },
  {
    kind: "igbt",
    source: "StarPower GD1200HFL120C3S",
    condition: "V<GE> = 15 V, I<C> = 1200 A",
    typ: 1.95,
    max: 2.4,
    unit: "V",
  },
  {
    kind: "diode",
    source: "Wolfspeed C5D50065D, Rev. B, 05-2017",
    condition: "I<F> = 50 A",
    typ: 1.5,
    max: 1.8,
    unit: "V",
  },
  {
    kind: "diode",
    source: "Cree C4D02120E, Rev. J, 10-2019",
    condition: "I<F> = 2 A",
    typ: 1.4,
    max: 1.8,
    unit: "V",
  },
  {
    kind: "diode",
    source: "Infineon SDT12S60, Rev. 2.3, 2008-06-03",
    condition: "I<F> = 12 A",
    typ: 1.5,
    max: 1.7,
    unit: "V",
  },
];

/** How a datasheet's maximum exceeds its typical value, in the rule's own terms: a factor, or an offset in V. */
export function maxExcess(row: DatasheetMax): number {
  return "offset" in MAX_RULE[row.kind] ? row.max - row.typ : row.max / row.typ;
}

/** The rule's number for a kind: its factor, or its offset (V). */
export function ruleValue(kind: MaxKind): number {
  const rule = MAX_RULE[kind];
  return "offset" in rule ? rule.offset : rule.factor;
}

/** The span of the cited datasheets' excesses for a kind (factor or offset, as the rule takes it). */
export function excessRange(kind: MaxKind): { min: number; max: number } {
  const values = DATASHEET_MAXIMA.filter((row) => row.kind === kind).map(maxExcess);
  return { min: Math.min(...values), max: Math.max(...values) };
}
