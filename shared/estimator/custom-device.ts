// A device of the visitor's own in compare: its datasheet values in one short URL parameter,
// `dev=name:X,kind:mosfet,v:1200,i:40,tjmax:175,rth:0.5,thot:175,r:40/70,eon:0.3,eoff:0.08,vref:800,iref:20`
// ("/" separates the values at 25 °C and at the hot temperature), read into the contract's loss-data shape. Pure and
// without zod: validate-device.ts checks the result with the contract's schema.

export const customKinds = ["mosfet", "igbt", "diode"] as const;
export type CustomKind = (typeof customKinds)[number];

/** Every field of the form and the URL, in the order they are written; `pair`: a value at 25 °C and one hot. */
export const customFields = [
  { key: "v", kinds: customKinds, pair: false },
  { key: "i", kinds: customKinds, pair: false },
  { key: "tjmax", kinds: customKinds, pair: false },
  { key: "rth", kinds: customKinds, pair: false },
  { key: "thot", kinds: customKinds, pair: false },
  { key: "v0", kinds: ["igbt", "diode"], pair: true },
  { key: "r", kinds: customKinds, pair: true },
  { key: "eon", kinds: ["mosfet", "igbt"], pair: false },
  { key: "eoff", kinds: ["mosfet", "igbt"], pair: false },
  { key: "erec", kinds: ["igbt"], pair: false },
  { key: "vref", kinds: ["mosfet", "igbt"], pair: false },
  { key: "iref", kinds: ["mosfet", "igbt"], pair: false },
  { key: "rthd", kinds: ["igbt"], pair: false },
  { key: "dv0", kinds: ["igbt"], pair: true },
  { key: "dr", kinds: ["igbt"], pair: true },
  { key: "qc", kinds: ["diode"], pair: false },
  { key: "vqc", kinds: ["diode"], pair: false },
] as const satisfies ReadonlyArray<{ key: string; kinds: readonly CustomKind[]; pair: boolean }>;
export type CustomFieldKey = (typeof customFields)[number]["key"];

/**
 * What the form does not ask and the estimate needs, as our own parts of each kind have it: the voltage exponents
 * of the switching energies, the IGBT energies' temperature coefficients, and a MOSFET's body diode taken as a
 * 3 V knee with the channel's resistance (it conducts only in the dead times). Listed beside the estimate.
 */
export const CUSTOM_DEFAULTS = {
  kvMosfet: 1.3,
  kvIgbt: 1.35,
  kvRec: 0.6,
  eTc: 0.0024,
  eRecTc: 0.004,
  kvDiode: 1.5,
  bodyDiodeV0: 3,
  ratingTc: 25,
  deadTime: 250,
  /** E_rec ∝ I^0.6, as our own modules' tables (a diode's recovery charge grows slower than its current). */
  recoveryExponent: 0.6,
} as const;

/**
 * The currents of a custom IGBT's E(I) table, as shares of its test current: dense at small currents, where E_rec's
 * I^0.6 bends most, so the piecewise-linear table stays within 1 % of the power law's average over a sine.
 */
const TABLE_SHARES = [0, 0.003, 0.01, 0.03, 0.06, 0.1, 0.17, 0.25, 0.37, 0.5, 0.75, 1, 1.5, 2] as const;

/**
 * The contract's E(R_G) curve for a device whose gate dependence is not known: flat, so the one R_G of its test is
 * the only one it is estimated at (every R_G gives the test's energies).
 */
const flatGate = (withRecovery: boolean) => ({ rg: [1, 2], eOn: [1, 1], eOff: [1, 1], ...(withRecovery ? { eRec: [1, 1] } : {}) });

/** A name as a part number is written (letters, digits, dashes, dots), so the parameter stays unambiguous. */
const namePattern = /^[A-Za-z0-9][A-Za-z0-9.\-_]{0,31}$/;

export interface CustomDeviceReading {
  text: string;
  name: string;
  kind: string;
  /** What the visitor typed, by field, to show again in the form. */
  draft: Partial<Record<CustomFieldKey, string>>;
}

/** Reads `dev=`: the pairs as typed (numbers are checked by validate-device.ts); null without one. */
export function readCustomDevice(text: string | null | undefined): CustomDeviceReading | null {
  if (!text?.trim()) return null;
  // Read whole: validate-device.ts refuses a text over its limit with a message, never cuts it silently.
  const raw = text.trim();
  const values = new Map<string, string>();
  for (const item of raw.split(",")) {
    const at = item.indexOf(":");
    if (at > 0) values.set(item.slice(0, at).trim().toLowerCase(), item.slice(at + 1).trim());
  }
  const draft: Partial<Record<CustomFieldKey, string>> = {};
  for (const field of customFields) {
    const value = values.get(field.key);
    if (value !== undefined) draft[field.key] = value;
  }
  return { text: raw, name: values.get("name") ?? "", kind: (values.get("kind") ?? "").toLowerCase(), draft };
}

/** A plain positive-or-zero decimal, else NaN (no exponent, hex or empty). */
function decimal(text: string | undefined): number {
  return text !== undefined && /^([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(text) ? Number(text) : Number.NaN;
}

/** "40/70" → [40, 70]; one value stands for both temperatures. */
function pair(text: string | undefined): [number, number] {
  const [cold, hot] = (text ?? "").split("/");
  const first = decimal(cold);
  return [first, hot === undefined ? first : decimal(hot)];
}

/** Whether the name can be shown and written back as it is. */
export function isCustomName(name: string): boolean {
  return namePattern.test(name);
}

/**
 * The reading in the contract's loss-data shape (numbers may be NaN: the schema reports them by path), with the
 * defaults above for what the form does not ask.
 */
export function customLossCandidate(reading: CustomDeviceReading): Record<string, unknown> {
  const d = reading.draft;
  const tHot = decimal(d.thot);
  const r = pair(d.r);
  const ratings = { v: decimal(d.v), i: decimal(d.i), tc: CUSTOM_DEFAULTS.ratingTc, tjMax: decimal(d.tjmax) };
  const common = { ratings, rthRef: "case", rth: decimal(d.rth) };
  const cold = (coefficient: number) => 1 - coefficient * (tHot - 25);
  if (reading.kind === "mosfet") {
    return {
      kind: "mosfet",
      ...common,
      channel: { tHot, v0: [0, 0], r },
      eOn: decimal(d.eon),
      eOff: decimal(d.eoff),
      switchingRef: { v: decimal(d.vref), i: decimal(d.iref), rg: 1, tj: 25 },
      kv: CUSTOM_DEFAULTS.kvMosfet,
      gate: flatGate(false),
      deadTime: CUSTOM_DEFAULTS.deadTime,
      // E(I): the one energy pair, linear through zero in current, the same at both temperatures.
      energies: {
        tj: [25, tHot],
        i: [0, decimal(d.iref)],
        eOn: [
          [0, decimal(d.eon)],
          [0, decimal(d.eon)],
        ],
        eOff: [
          [0, decimal(d.eoff)],
          [0, decimal(d.eoff)],
        ],
        qrr: [1, 1],
      },
      // The body diode's datasheet point and Q_rr are not used by the estimate (only its knee and resistance are).
      bodyDiode: { tHot, v0: [CUSTOM_DEFAULTS.bodyDiodeV0, CUSTOM_DEFAULTS.bodyDiodeV0], r, vSd: CUSTOM_DEFAULTS.bodyDiodeV0, iSd: 1, qrr: 1 },
    };
  }
  if (reading.kind === "igbt") {
    const iRef = decimal(d.iref);
    const [eOn, eOff, eRec] = [decimal(d.eon), decimal(d.eoff), decimal(d.erec)];
    const linear = (energy: number) => TABLE_SHARES.map((share) => energy * share);
    const recovery = (energy: number) => TABLE_SHARES.map((share) => energy * share ** CUSTOM_DEFAULTS.recoveryExponent);
    return {
      kind: "igbt",
      ...common,
      rthDiode: decimal(d.rthd),
      igbt: { tHot, v0: pair(d.v0), r },
      eOn: decimal(d.eon),
      eOff: decimal(d.eoff),
      eRec: decimal(d.erec),
      // IGBT modules' energies are stated at the hot junction temperature.
      switchingRef: { v: decimal(d.vref), i: decimal(d.iref), rg: 1, tj: tHot },
      kv: CUSTOM_DEFAULTS.kvIgbt,
      kvRec: CUSTOM_DEFAULTS.kvRec,
      gate: flatGate(true),
      // E(I) stated at T_j,hot: E_on and E_off linear through zero in current, E_rec ∝ I^0.6; at 25 °C lower by the
      // temperature coefficients our own modules have (eTc, eRecTc per kelvin).
      energies: {
        tj: [25, tHot],
        i: TABLE_SHARES.map((share) => share * iRef),
        eOn: [linear(eOn * cold(CUSTOM_DEFAULTS.eTc)), linear(eOn)],
        eOff: [linear(eOff * cold(CUSTOM_DEFAULTS.eTc)), linear(eOff)],
        eRec: [recovery(eRec * cold(CUSTOM_DEFAULTS.eRecTc)), recovery(eRec)],
      },
      diode: { tHot, v0: pair(d.dv0), r: pair(d.dr) },
    };
  }
  return { kind: reading.kind, ...common, forward: { tHot, v0: pair(d.v0), r }, qc: decimal(d.qc), vQc: decimal(d.vqc), kv: CUSTOM_DEFAULTS.kvDiode };
}

/** The canonical `dev=` text: name, kind and the kind's fields in order, commas and slashes only. */
export function writeCustomDevice(reading: Pick<CustomDeviceReading, "name" | "kind" | "draft">): string {
  const items = [`name:${reading.name}`, `kind:${reading.kind}`];
  for (const field of customFields) {
    const value = reading.draft[field.key];
    if ((field.kinds as readonly string[]).includes(reading.kind) && value) items.push(`${field.key}:${value}`);
  }
  return items.join(",");
}

/**
 * The form's field names (a GET form, no JavaScript needed): `devName`, `devKind`, `dev_v`, `dev_r0`/`dev_r1` …
 * All of them, and `dev` itself, start with "dev": compare's loader loads this module only for such a query.
 */
export const customFormFields = { name: "devName", kind: "devKind" } as const;
export const customFieldName = (key: CustomFieldKey, index?: 0 | 1) => `dev_${key}${index === undefined ? "" : index}`;

/** The submitted form as `dev=` text, or null when the query carries no form. Separators typed are dropped. */
export function formToCustomDevice(query: URLSearchParams): string | null {
  if (!query.has(customFormFields.kind)) return null;
  const clean = (value: string | null) => (value ?? "").replace(/[,:/\s]/g, "").slice(0, 32);
  const draft: Partial<Record<CustomFieldKey, string>> = {};
  for (const field of customFields) {
    if (field.pair) {
      const cold = clean(query.get(customFieldName(field.key, 0)));
      const hot = clean(query.get(customFieldName(field.key, 1)));
      if (cold || hot) draft[field.key] = `${cold}/${hot}`;
    } else {
      const value = clean(query.get(customFieldName(field.key)));
      if (value) draft[field.key] = value;
    }
  }
  return writeCustomDevice({ name: clean(query.get(customFormFields.name)), kind: clean(query.get(customFormFields.kind)).toLowerCase(), draft });
}
