// The engineer's operating point and its URL form `op=<Vbus>,<I>,<fsw>,<pf, d+duty, b+Vac or t+Vac>,<Tc>[,<M>][,dt<ns>][,rg<Ω>][,fo<Hz>][,<modulation>]`: one pure
// read/write pair so the finder, the detail page and compare read and write it alike. Validation (zod) is
// in validate.ts, apart, so that browser bundles which only show a validated point carry no zod.
import { DEFAULT_MODULATION, isModulation, type Modulation } from "./modulation-names.ts";

import { formatNumber, OP_FORM_MARKER } from "./format-number.ts";

// PFC stages (pfc.ts, docs/decisions/036-pfc-topologies.md): boostpfc the conventional CCM boost, totempole the
// bridgeless totem-pole; V_bus is their output voltage, the current the line's RMS current. buck and boost: the
// synchronous DC/DC leg with its duty set by the two voltages (V_bus the higher, blocked, one; the current the
// inductor's DC current).
export const modes = ["inverter", "dcdc", "boostpfc", "totempole", "buck", "boost"] as const;
export type Mode = (typeof modes)[number];
export const currentKinds = ["rms", "peak"] as const;
type CurrentKind = (typeof currentKinds)[number];
/** Where the reference temperature `tc` is measured: the case, the heat sink, or the coolant of a liquid cooler. */
export const temperatureReferences = ["case", "heatsink", "coolant"] as const;
export type TemperatureReference = (typeof temperatureReferences)[number];

/**
 * A two-level half-bridge leg at one operating point. Inverter: sinusoidal PWM, phase current `current` (RMS or
 * peak as `currentKind` says), power factor `pf` = cos φ and modulation index `m`. DC/DC: DC current `current`
 * through the leg, `duty` = on-time share of the hard-switched device.
 */
export interface OperatingPoint {
  mode: Mode;
  /** DC bus voltage (V). */
  vBus: number;
  /** Phase current (inverter) or DC current (DC/DC) (A). */
  current: number;
  currentKind: CurrentKind;
  /** Switching frequency (Hz). */
  fsw: number;
  /** Inverter: cos φ, −1…1 (negative = power flows from the AC side, rectifier operation). */
  pf: number;
  /** DC/DC: duty cycle of the hard-switched device, 0.01…0.99. */
  duty: number;
  /**
   * The converter's voltage beside V_bus (V): a PFC's line RMS voltage (its peak below V_bus, the output), a
   * buck's output or a boost's input (below V_bus, which each leg blocks).
   */
  vOther?: number;
  /** Reference temperature (°C): of the case, the heat sink or the coolant, as `tcRef` says. */
  tc: number;
  /** Where `tc` is measured; absent: the case. */
  tcRef?: TemperatureReference;
  /** Inverter: modulation index M (peak phase voltage / half the bus voltage), linear SPWM up to 1.15 with third-harmonic injection. */
  m: number;
  /** Dead time of each of the leg's two transitions (ns); absent: each part's recommended dead time. */
  deadTime?: number;
  /** External gate resistance R_G (Ω); absent: each part's switching-reference R_G. */
  rg?: number;
  /**
   * The frequency the junction's ripple repeats at (Hz): an inverter's output (fundamental) frequency f_o, a PFC
   * stage's line frequency (45–800 Hz with f_sw ≥ 100·f_line, LINE_FREQUENCY); absent: 50 Hz.
   */
  fo?: number;
  /** Inverter: the modulation (modulation.ts); absent = sine-triangle PWM, as before it could be chosen. */
  modulation?: Modulation;
  /** The whole converter (converter.ts): parts in parallel per switch; absent: one. */
  parallel?: number;
  /** With `parallel`: one of the parallel parts at the datasheet's maximum on-state values (worst-case sharing). */
  parallelMismatch?: boolean;
  /**
   * The whole converter on one heat sink: its R_th from sink to ambient (or to the coolant's inlet, `tcRef`
   * coolant) (K/W); `tc` is then the ambient's (or the inlet's) temperature. Absent: no converter figures.
   */
  rsa?: number;
  /**
   * Totem-pole PFC: the part is one of the slow (line-frequency) leg's devices, a MOSFET as a synchronous rectifier
   * (`slow` closing op=; docs/decisions/049-converter-on-finder-and-compare.md). Absent: a MOSFET is a fast-leg device.
   */
  slowLeg?: true;
}

/** The limits of each input: wider than any of our parts, narrow enough to catch a unit slip or a typo. */
export const limits = {
  vBus: { min: 1, max: 2000 },
  current: { min: 0.01, max: 5000 },
  // Up to 5 MHz: what GaN and small SiC parts use (the data's validity there: assumptions.ts, fswHigh).
  fsw: { min: 100, max: 5_000_000 },
  pf: { min: -1, max: 1 },
  duty: { min: 0.01, max: 0.99 },
  vOther: { min: 1, max: 1000 },
  tc: { min: -40, max: 175 },
  m: { min: 0.05, max: 1.15 },
  deadTime: { min: 0, max: 10_000 },
  rg: { min: 0.1, max: 100 },
  fo: { min: 0.1, max: 2000 },
  parallel: { min: 1, max: 8 },
  rsa: { min: 0.001, max: 10 },
} as const;
export type OperatingPointField = keyof typeof limits;

/**
 * A PFC stage's line frequency (its `fo`, Hz; docs/decisions/043-line-frequency-and-slow-leg.md), read by validate.ts,
 * the ripple and the load cycle: from the public grids' 50 and 60 Hz (with their tolerances and a generator set's
 * drift) to an aircraft's 360–800 Hz (docs/decisions/049-converter-on-finder-and-compare.md). pfc.ts averages over
 * switching periods along the line, which holds while a line period spans many of them: `periods` is the fewest
 * switching periods per line period a point may have (f_sw ≥ 100·f_line; the tests hold the peak to a
 * switching-period simulation at 400 Hz and 65 kHz, 162 of them). Without one a point's line is at 50 Hz rather than
 * 60 Hz: the longer period lets the junction swing further (the conservative choice), and points written before the
 * line had a field keep meaning what they meant. Here, beside the other bounds, rather than in a module of its own:
 * its chunk's name would join a first load's preload list.
 */
export const LINE_FREQUENCY = { default: 50, min: 45, max: 800, periods: 100 } as const;

/** Defaults of the fields the URL may leave out. */
export const DEFAULT_MODULATION_INDEX = 0.9;
export const DEFAULT_PF = 0.9;
const DEFAULT_DUTY = 0.5;
export const DEFAULT_OUTPUT_FREQUENCY = 50;

/** A starting point the panel suggests: an 800 V, 20 A RMS, 50 kHz inverter at T_c = 80 °C (the issue's example). */
export const exampleOperatingPoint: OperatingPoint = {
  mode: "inverter",
  vBus: 800,
  current: 20,
  currentKind: "rms",
  fsw: 50_000,
  pf: DEFAULT_PF,
  duty: DEFAULT_DUTY,
  tc: 80,
  m: DEFAULT_MODULATION_INDEX,
};

export interface OperatingPointIssue {
  field: OperatingPointField | "mode" | "currentKind" | "tcRef" | "modulation" | "slowLeg" | "op";
  /** Key in the estimator namespace. */
  message: string;
  /** Interpolation values of the message. */
  values: Record<string, number>;
}

export type ParsedOperatingPoint =
  | { ok: true; value: OperatingPoint; text: string }
  | {
      ok: false;
      issues: OperatingPointIssue[] /** What the visitor typed, to show it again beside the messages. */;
      draft: Partial<Record<keyof OperatingPoint, string>>;
      text: string;
    };

export { formatNumber };

/** "50k" → 50 000, "1.5M" → 1 500 000, "20000" → 20 000 (Hz). */
function parseFrequency(text: string): number {
  const match = /^([0-9]*\.?[0-9]+)([kKmM]?)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const scale = match[2] === "" ? 1 : match[2]!.toLowerCase() === "k" ? 1e3 : 1e6;
  return Number(match[1]) * scale;
}

/** A plain decimal number (optionally signed); anything else (hex, exponent, empty) is NaN. */
function parseDecimal(text: string | undefined): number {
  if (text === undefined || !/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(text.trim())) return Number.NaN;
  return Number(text.trim());
}

/** The fourth value's letter that names a mode other than the inverter: `d0.5`, `b230`, `t230`. */
// s: step-down (buck) to V_out, u: step-up (boost) from V_in.
const modeLetters: Record<string, Mode> = { d: "dcdc", b: "boostpfc", t: "totempole", s: "buck", u: "boost" };
// Written out, not inverted from modeLetters: a call at the module's top level would keep the bundler from
// treating this module as free of side effects, and move other code into the finder's first-load chunks.
const letterOf: Record<Mode, string> = { inverter: "", dcdc: "d", boostpfc: "b", totempole: "t", buck: "s", boost: "u" };

/** The optional tagged values after the five (or six) positional ones: `dt150` = 150 ns dead time, `rg4.7` = 4.7 Ω. */
const tags = { dt: "deadTime", rg: "rg", fo: "fo", np: "parallel", rs: "rsa" } as const;
const tagPattern = /^(dt|rg|fo|np|rs)(.*)$/i;

/** The reference a temperature's suffix names: none or "c" the case, "h" the heat sink, "f" the coolant (fluid). */
function referenceOf(text: string | undefined): TemperatureReference | undefined {
  const suffix = /([chf])$/i.exec(text ?? "")?.[1]?.toLowerCase();
  return suffix === "h" ? "heatsink" : suffix === "f" ? "coolant" : undefined;
}
const referenceSuffix: Record<TemperatureReference, string> = { case: "", heatsink: "h", coolant: "f" };

/** The URL form read into raw fields (numbers may be NaN) for validate.ts, and into text for the form. */
export interface OperatingPointReading {
  text: string;
  /** Five or six comma-separated values, as the form requires. */
  complete: boolean;
  fields: Record<keyof OperatingPoint, unknown>;
  draft: Partial<Record<keyof OperatingPoint, string>>;
}

/**
 * Reads the URL form. Fields: bus voltage (V), current (A; a trailing "p" = peak, else RMS; DC in DC/DC mode),
 * switching frequency (Hz, "k" = kHz, "M" = MHz), power factor (inverter) or "d" + duty (DC/DC), case temperature
 * (°C), and optionally the modulation index (inverter, default 0.9). Example: `800,20,50k,0.9,80`.
 */
export function readOperatingPoint(text: string | null | undefined): OperatingPointReading | null {
  if (text === null || text === undefined || text.trim() === "") return null;
  const raw = text.trim().slice(0, 100);
  const all = raw.split(",").map((part) => part.trim());
  // Positional values first; tagged ones (dead time, gate resistance, output frequency) may follow in any order,
  // each once; the modulation, when named, is a bare word after the fifth value (older URLs have none).
  const tagged = new Map<string, string>();
  const names: string[] = [];
  let repeated = false;
  all.slice(5).forEach((part, index, rest) => {
    const match = tagPattern.exec(part);
    if (match) {
      const key = tags[match[1]!.toLowerCase() as keyof typeof tags];
      if (tagged.has(key)) repeated = true;
      tagged.set(key, match[2]!);
    } else if (/^[a-z]+$/i.test(part)) {
      names.push(part.toLowerCase());
      // The modulation closes the point: a word anywhere else makes it malformed.
      if (index !== rest.length - 1) repeated = true;
    }
  });
  const named = names[0];
  const parts = all.filter((part, index) => index < 5 || (!tagPattern.test(part) && !/^[a-z]+$/i.test(part)));
  const [v, i, f, factor, tc, m] = parts;
  const peak = /p$/i.test(i ?? "");
  const mode = modeLetters[(factor ?? "").charAt(0).toLowerCase()] ?? "inverter";
  // Only the inverter reads a power factor, a modulation index and a modulation; the inverter and a PFC stage
  // (the letters b and t; "" is in every string) a ripple frequency, f_o or the line's.
  const notInverter = mode !== "inverter";
  const readsFo = "bt".includes(letterOf[mode]);
  const draft: Partial<Record<keyof OperatingPoint, string>> = {
    mode,
    vBus: v ?? "",
    current: (i ?? "").replace(/p$/i, ""),
    currentKind: peak ? "peak" : "rms",
    fsw: f === undefined ? "" : /[kK]$/.test(f) ? f.slice(0, -1) : f && Number.isFinite(parseFrequency(f)) ? formatNumber(parseFrequency(f) / 1000) : f,
    pf: notInverter ? "" : (factor ?? ""),
    duty: mode === "dcdc" ? (factor ?? "").slice(1) : "",
    vOther: notInverter && mode !== "dcdc" ? (factor ?? "").slice(1) : "",
    tc: (tc ?? "").replace(/[chf]$/i, ""),
    tcRef: referenceOf(tc) ?? "case",
    m: m ?? "",
    deadTime: tagged.get("deadTime") ?? "",
    rg: tagged.get("rg") ?? "",
    fo: tagged.get("fo") ?? "",
    parallel: (tagged.get("parallel") ?? "").replace(/w$/i, ""),
    parallelMismatch: /w$/i.test(tagged.get("parallel") ?? "") ? "w" : "",
    rsa: tagged.get("rsa") ?? "",
    ...(named === undefined || notInverter ? {} : { modulation: named }),
    slowLeg: named === "slow" ? "1" : "",
  };
  const fields: Record<keyof OperatingPoint, unknown> = {
    mode,
    vBus: parseDecimal(v),
    current: parseDecimal(draft.current),
    currentKind: peak ? "peak" : "rms",
    fsw: parseFrequency(f ?? ""),
    pf: notInverter ? DEFAULT_PF : parseDecimal(factor),
    duty: mode === "dcdc" ? parseDecimal(draft.duty) : DEFAULT_DUTY,
    vOther: draft.vOther ? parseDecimal(draft.vOther) : undefined,
    tc: parseDecimal((tc ?? "").replace(/[chf]$/i, "")),
    tcRef: referenceOf(tc),
    m: m === undefined || notInverter ? DEFAULT_MODULATION_INDEX : parseDecimal(m),
    deadTime: tagged.has("deadTime") ? parseDecimal(tagged.get("deadTime")) : undefined,
    rg: tagged.has("rg") ? parseDecimal(tagged.get("rg")) : undefined,
    fo: tagged.has("fo") && readsFo ? parseDecimal(tagged.get("fo")) : undefined,
    // `slow` closes a point as a modulation does; validate.ts takes it at a totem-pole point only.
    modulation: notInverter || named === "slow" ? undefined : named,
    slowLeg: named === "slow" ? true : undefined,
    // `np3` three parts per switch, `np3w` one of them at the datasheet's maximum on-state values.
    parallel: tagged.has("parallel") ? parseDecimal(tagged.get("parallel")!.replace(/w$/i, "")) : undefined,
    parallelMismatch: /w$/i.test(tagged.get("parallel") ?? "") ? true : undefined,
    rsa: tagged.has("rsa") ? parseDecimal(tagged.get("rsa")) : undefined,
  };
  return { text: raw, complete: parts.length >= 5 && parts.length <= 6 && !repeated, fields, draft };
}

/** Writes the URL form; the modulation index only when it is not the default, frequencies in kHz. */
export function writeOperatingPoint(op: OperatingPoint): string {
  const current = `${formatNumber(op.current)}${op.mode === "inverter" && op.currentKind === "peak" ? "p" : ""}`;
  const factor = op.mode === "inverter" ? formatNumber(op.pf) : `${letterOf[op.mode]}${formatNumber(op.mode === "dcdc" ? op.duty : op.vOther!)}`;
  const fields = [formatNumber(op.vBus), current, `${formatNumber(op.fsw / 1000)}k`, factor, `${formatNumber(op.tc)}${referenceSuffix[op.tcRef ?? "case"]}`];
  if (op.mode === "inverter" && op.m !== DEFAULT_MODULATION_INDEX) fields.push(formatNumber(op.m));
  if (op.deadTime !== undefined) fields.push(`dt${formatNumber(op.deadTime)}`);
  if (op.rg !== undefined) fields.push(`rg${formatNumber(op.rg)}`);
  // Only a point that reads it has one (readOperatingPoint).
  if (op.fo !== undefined) fields.push(`fo${formatNumber(op.fo)}`);
  if (op.parallel !== undefined) fields.push(`np${formatNumber(op.parallel)}${op.parallelMismatch ? "w" : ""}`);
  if (op.rsa !== undefined) fields.push(`rs${formatNumber(op.rsa)}`);
  // The modulation (or a totem-pole device's slow leg) closes the point (readOperatingPoint).
  if (op.mode === "inverter" && op.modulation && op.modulation !== DEFAULT_MODULATION) fields.push(op.modulation);
  if (op.slowLeg) fields.push("slow");
  return fields.join(",");
}

/** Names of the panel's form fields (a GET form that works without JavaScript; see formToOperatingPoint). */
export const formFields = {
  mode: "opMode",
  vBus: OP_FORM_MARKER,
  current: "opI",
  currentKind: "opIk",
  fsw: "opF",
  pf: "opPf",
  duty: "opD",
  vOther: "opV2",
  tc: "opTc",
  tcRef: "opRef",
  m: "opM",
  deadTime: "opDt",
  rg: "opRg",
  fo: "opFo",
  modulation: "opMod",
  parallel: "opNp",
  parallelMismatch: "opNpw",
  rsa: "opRs",
  slowLeg: "opSlow",
} as const satisfies Record<keyof OperatingPoint, string>;

/**
 * The panel's GET form sends its fields separately (HTML cannot join them); this joins them into the `op` text
 * (frequency typed in kHz). Returns null when the query has no form fields. Commas are dropped so a typed value
 * cannot shift the others; validation happens when the result is parsed.
 */
export function formToOperatingPoint(query: URLSearchParams): string | null {
  if (!query.has(formFields.vBus)) return null;
  const field = (name: string) => (query.get(name) ?? "").replace(/[,\s]/g, "").slice(0, 16);
  const mode = modes.find((name) => name === field(formFields.mode)) ?? "inverter";
  const notInverter = mode !== "inverter";
  const peak = !notInverter && field(formFields.currentKind) === "peak";
  const parts = [
    field(formFields.vBus),
    `${field(formFields.current)}${peak ? "p" : ""}`,
    `${field(formFields.fsw)}k`,
    notInverter ? `${letterOf[mode]}${field(mode === "dcdc" ? formFields.duty : formFields.vOther)}` : field(formFields.pf),
    `${field(formFields.tc)}${referenceSuffix[temperatureReferences.find((ref) => ref === field(formFields.tcRef)) ?? "case"]}`,
  ];
  const m = field(formFields.m);
  if (!notInverter && m !== "" && m !== formatNumber(DEFAULT_MODULATION_INDEX)) parts.push(m);
  // Left empty: each part's own default.
  const deadTime = field(formFields.deadTime);
  if (deadTime !== "") parts.push(`dt${deadTime}`);
  const rg = field(formFields.rg);
  if (rg !== "") parts.push(`rg${rg}`);
  const fo = field(formFields.fo);
  // The inverter's output frequency or a PFC stage's line frequency (see readOperatingPoint).
  if ("bt".includes(letterOf[mode]) && fo !== "") parts.push(`fo${fo}`);
  const parallel = field(formFields.parallel);
  // A checkbox: present ("w") only when ticked, and only with a count.
  if (parallel !== "") parts.push(`np${parallel}${field(formFields.parallelMismatch) === "" ? "" : "w"}`);
  const rsa = field(formFields.rsa);
  if (rsa !== "") parts.push(`rs${rsa}`);
  const modulation = field(formFields.modulation).toLowerCase();
  // Only a known name is carried (anything else would read as a malformed field); the default is left out.
  if (!notInverter && isModulation(modulation) && modulation !== DEFAULT_MODULATION) parts.push(modulation);
  // A checkbox, only a totem-pole point's; last, as the modulation.
  if (mode === "totempole" && field(formFields.slowLeg) !== "") parts.push("slow");
  return parts.join(",");
}

/**
 * The load-cycle field (mission.ts), shown where the page runs a cycle: its text becomes `cycle=` as typed (spaces
 * dropped; mission.ts validates it where it is read), an empty field removes `cycle=`. A form without the field
 * leaves the URL's `cycle=` alone.
 */
export const cycleFormField = "opCycle";

/**
 * Where a submitted panel form goes: the same path and query with the form fields replaced by `op` (so the URL
 * stays short and shareable), or null when the query carries no form. Paging restarts, since the ranking changes.
 */
export function operatingPointRedirect(url: URL): string | null {
  const op = formToOperatingPoint(url.searchParams);
  if (op === null) return null;
  const query = new URLSearchParams(url.searchParams);
  for (const name of Object.values(formFields)) query.delete(name);
  query.delete("page");
  // The field for the stage's other part (`with`, docs/decisions/043-line-frequency-and-slow-leg.md) is kept as typed;
  // left empty it names none, and the address says so by not having it.
  if (!query.get("with")?.trim()) query.delete("with");
  const typed = url.searchParams.get(cycleFormField);
  query.delete(cycleFormField);
  if (typed !== null) query.delete("cycle");
  const cycle = (typed ?? "").replace(/\s/g, "").slice(0, 200);
  query.set("op", op);
  // Commas (and the cycle's colons) are legal in a query; unescaped they keep `op=800,20,50k,0.9,80` and
  // `cycle=10:35:2,5:20:50` readable.
  const cycleParam = cycle === "" ? "" : `&cycle=${encodeURIComponent(cycle).replace(/%2C/gi, ",").replace(/%3A/gi, ":")}`;
  return `${url.pathname}?${query.toString().replace(/%2C/gi, ",")}${cycleParam}`;
}
