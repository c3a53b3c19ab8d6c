// Validation of the operating point with zod: every problem becomes a message key of the estimator
// namespace with its bounds, so a bad URL or form shows a localized message and never a NaN. Kept apart
// from operating-point.ts: the browser loads it (and zod) only when a loader needs it, never on first load.
import { z } from "zod";
import {
  currentKinds,
  limits,
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
  vLine: bounded("vLine").optional(),
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
});

/** Validates an operating point; every problem becomes a message key with its bounds (never NaN through). */
function validateOperatingPoint(input: Record<keyof OperatingPoint, unknown>): { ok: true; value: OperatingPoint } | { ok: false; issues: OperatingPointIssue[] } {
  const parsed = operatingPointSchema
    // The whole converter's sink is referred to the ambient (or the coolant's inlet): a heat-sink temperature
    // would be the unknown the sink's R_th solves for.
    .refine((point) => point.rsa === undefined || point.tcRef !== "heatsink", { error: "converter.errors.rsa.reference", path: ["rsa"] })
    // A PFC stage needs its line voltage, and a boost regulates only above the line's peak (pfc.ts); the whole
    // converter around one (parts in parallel, one heat sink) is not modelled for it yet.
    .refine((point) => pfcModes.includes(point.mode) === (point.vLine !== undefined), { error: "errors.vLine.number", path: ["vLine"] })
    .refine((point) => point.vLine === undefined || Math.SQRT2 * point.vLine < point.vBus, { error: "errors.vLine.boost", path: ["vLine"] })
    .refine((point) => !pfcModes.includes(point.mode) || (point.rsa === undefined && point.parallel === undefined), { error: "converter.errors.pfc", path: ["rsa"] })
    .safeParse(input);
  if (parsed.success) {
    // An absent modulation stays absent (sine-triangle), so points read from old URLs compare equal to new ones.
    const { modulation, ...rest } = parsed.data;
    return { ok: true, value: modulation === undefined ? rest : { ...rest, modulation } };
  }
  const issues = parsed.error.issues.map((issue): OperatingPointIssue => {
    const field = String(issue.path[0] ?? "op") as OperatingPointIssue["field"];
    const bounds = field in limits ? limits[field as OperatingPointField] : undefined;
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
