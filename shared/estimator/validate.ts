// Validation of the operating point with zod: every problem becomes a message key of the estimator
// namespace with its bounds, so a bad URL or form shows a localized message and never a NaN. Kept apart
// from operating-point.ts: the browser loads it (and zod) only when a loader needs it, never on first load.
import { z } from "zod";
import {
  currentKinds,
  limits,
  LINE_FREQUENCY,
  temperatureReferences,
  modes,
  readOperatingPoint,
  writeOperatingPoint,
  type OperatingPoint,
  type OperatingPointField,
  type OperatingPointIssue,
  type ParsedOperatingPoint,
} from "./operating-point.ts";
import { modulations } from "./modulation-names.ts";

const pfcModes: readonly string[] = ["boostpfc", "totempole"];
/** The modes that take a second voltage (vOther) beside V_bus. */
const secondVoltage: readonly string[] = [...pfcModes, "buck", "boost"];

/** A buck's duty is V_out/V_bus, a boost's (its hard-switched low side) 1 − V_in/V_bus; ripple and drops neglected. */
function withDuty(point: OperatingPoint): OperatingPoint {
  if (point.mode === "buck") return { ...point, duty: point.vOther! / point.vBus };
  return point.mode === "boost" ? { ...point, duty: 1 - point.vOther! / point.vBus } : point;
}

// Each message is a key of locales/*/estimator.json "errors"; the range ones take {{min}} and {{max}}.
// The whole converter's fields keep their messages in a block of their own ("converter.errors").
const bounded = (field: OperatingPointField, block = "errors") =>
  z
    .number({ error: `${block}.${field}.number` })
    .refine(Number.isFinite, { error: `${block}.${field}.number` })
    .refine((value) => value >= limits[field].min && value <= limits[field].max, { error: `${block}.${field}.range` });

const operatingPointSchema = z.strictObject({
  mode: z.enum(modes, { error: "errors.mode" }),
  vBus: bounded("vBus"),
  current: bounded("current"),
  currentKind: z.enum(currentKinds, { error: "errors.currentKind" }),
  fsw: bounded("fsw"),
  pf: bounded("pf"),
  duty: bounded("duty"),
  vOther: bounded("vOther").optional(),
  tc: bounded("tc"),
  tcRef: z.enum(temperatureReferences, { error: "errors.tcRef" }).optional(),
  m: bounded("m"),
  deadTime: bounded("deadTime").optional(),
  rg: bounded("rg").optional(),
  fo: bounded("fo").optional(),
  modulation: z.enum(modulations, { error: "errors.modulation" }).optional(),
  parallel: bounded("parallel", "converter.errors").refine(Number.isInteger, { error: "converter.errors.parallel.range" }).optional(),
  parallelMismatch: z.literal(true).optional(),
  rsa: bounded("rsa", "converter.errors").optional(),
  slowLeg: z.literal(true).optional(),
});

/** Validates an operating point; every problem becomes a message key with its bounds (never NaN through). */
function validateOperatingPoint(input: Record<keyof OperatingPoint, unknown>): { ok: true; value: OperatingPoint } | { ok: false; issues: OperatingPointIssue[] } {
  const parsed = operatingPointSchema
    // The whole converter's sink is referred to the ambient (or the coolant's inlet): a heat-sink temperature
    // would be the unknown the sink's R_th solves for.
    .refine((point) => point.rsa === undefined || point.tcRef !== "heatsink", { error: "converter.errors.rsa.reference", path: ["rsa"] })
    // A PFC stage needs its line voltage, and a boost regulates only above the line's peak (pfc.ts); a buck's
    // output and a boost's input lie between 1 % and 99 % of V_bus (the duty's range).
    .refine((point) => secondVoltage.includes(point.mode) === (point.vOther !== undefined), { error: "errors.vOther.number", path: ["vOther"] })
    .refine((point) => !pfcModes.includes(point.mode) || Math.SQRT2 * point.vOther! < point.vBus, { error: "errors.vOther.boost", path: ["vOther"] })
    // A PFC stage's fo is its line frequency (LINE_FREQUENCY), within the field's wider bounds.
    .refine((point) => !pfcModes.includes(point.mode) || point.fo === undefined || (point.fo >= LINE_FREQUENCY.min && point.fo <= LINE_FREQUENCY.max), {
      error: "errors.fo.line",
      path: ["fo"],
    })
    // The closed forms average over switching periods along the line: a line period must span enough of them.
    .refine((point) => !pfcModes.includes(point.mode) || point.fo === undefined || point.fsw >= LINE_FREQUENCY.periods * point.fo, {
      error: "errors.fo.periods",
      path: ["fo"],
    })
    // Only a totem-pole has a slow leg (decision 049).
    .refine((point) => !point.slowLeg || point.mode === "totempole", { error: "errors.slowLeg.mode", path: ["slowLeg"] })
    .refine((point) => pfcModes.includes(point.mode) || point.vOther === undefined || Math.abs(point.vOther / point.vBus - 0.5) <= 0.49, {
      error: "errors.vOther.dcdc",
      path: ["vOther"],
    })
    .safeParse(input);
  if (parsed.success) {
    // An absent modulation stays absent (sine-triangle), so points read from old URLs compare equal to new ones.
    const { modulation, ...rest } = parsed.data;
    return { ok: true, value: withDuty(modulation === undefined ? rest : { ...rest, modulation }) };
  }
  const issues = parsed.error.issues.map((issue): OperatingPointIssue => {
    const field = String(issue.path[0] ?? "op") as OperatingPointIssue["field"];
    // A PFC stage's line frequency has bounds of its own within the field's.
    const bounds =
      issue.message === "errors.fo.line" ? { min: LINE_FREQUENCY.min, max: LINE_FREQUENCY.max } : field in limits ? limits[field as OperatingPointField] : undefined;
    if (issue.message === "errors.fo.periods") return { field, message: issue.message, values: { periods: LINE_FREQUENCY.periods } };
    return { field, message: issue.message, values: bounds ? { min: bounds.min, max: bounds.max } : {} };
  });
  // One message per field is enough.
  return { ok: false, issues: issues.filter((issue, index) => issues.findIndex((other) => other.field === issue.field) === index) };
}

/** Reads and validates the URL form (`op=`); null when the URL has none. */
export function parseOperatingPoint(text: string | null | undefined): ParsedOperatingPoint | null {
  const reading = readOperatingPoint(text);
  if (!reading) return null;
  if (!reading.complete) return { ok: false, issues: [{ field: "op", message: "errors.op", values: {} }], draft: reading.draft, text: reading.text };
  const result = validateOperatingPoint(reading.fields);
  return result.ok
    ? { ok: true, value: result.value, text: writeOperatingPoint(result.value) }
    : { ok: false, issues: result.issues, draft: reading.draft, text: reading.text };
}
