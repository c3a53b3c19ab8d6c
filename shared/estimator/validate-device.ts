// Validation of a device of the visitor's own (custom-device.ts) with the contract's loss-data schema: every
// problem becomes a localized message naming the field, so a bad `dev=` shows the form again, never a NaN.
import { lossData, lossDataBounds, type LossData } from "../contract/loss-data.ts";
import { customLossCandidate, isCustomName, readCustomDevice, writeCustomDevice, customKinds, type CustomDeviceReading, type CustomFieldKey } from "./custom-device.ts";

export interface DeviceIssue {
  /** The form field (a key of customFields, "name" or "kind"), or "text": the whole dev= text. */
  field: CustomFieldKey | "name" | "kind" | "text";
  /** Key in the estimator namespace. */
  message: string;
  /** The message's values: a range's bounds. */
  values?: Record<string, number>;
}

/** The longest dev= text read (a full IGBT module's is about 200 characters); longer is refused, never cut. */
export const MAX_DEVICE_TEXT = 1000;

/** The schema's bounds (loss-data.ts) of what each form field fills in. */
const fieldBounds: Record<CustomFieldKey, keyof typeof lossDataBounds> = {
  v: "voltage",
  i: "current",
  tjmax: "celsius",
  rth: "rth",
  thot: "celsius",
  v0: "threshold",
  r: "resistance",
  eon: "energy",
  eoff: "energy",
  erec: "energy",
  vref: "voltage",
  iref: "current",
  rthd: "rth",
  dv0: "threshold",
  dr: "resistance",
  qc: "charge",
  vqc: "voltage",
};

export type ParsedDevice =
  | { ok: true; name: string; data: LossData; text: string; reading: CustomDeviceReading }
  | { ok: false; issues: DeviceIssue[]; text: string; reading: CustomDeviceReading };

/** The form field a schema path belongs to (the candidate's shape back to what the visitor typed). */
function fieldOf(path: PropertyKey[]): CustomFieldKey | "kind" {
  const [head, next] = path.map(String);
  const map: Record<string, CustomFieldKey> = { rth: "rth", rthDiode: "rthd", eOn: "eon", eOff: "eoff", eRec: "erec", qc: "qc", vQc: "vqc" };
  if (head === "ratings") return next === "v" ? "v" : next === "i" ? "i" : "tjmax";
  if (head === "switchingRef") return next === "v" ? "vref" : "iref";
  // The E(I) table is built from E_on, E_off, E_rec and the test current, its temperatures from T_hot.
  if (head === "energies") return next === "eOn" ? "eon" : next === "eOff" ? "eoff" : next === "eRec" ? "erec" : next === "i" ? "iref" : next === "tj" ? "thot" : "kind";
  if (head === "channel" || head === "igbt" || head === "forward" || head === "bodyDiode") return next === "tHot" ? "thot" : next === "v0" ? "v0" : "r";
  if (head === "diode") return next === "tHot" ? "thot" : next === "v0" ? "dv0" : "dr";
  return map[head ?? ""] ?? "kind";
}

/** Reads and validates `dev=`; null without one. */
export function parseCustomDevice(text: string | null | undefined): ParsedDevice | null {
  const reading = readCustomDevice(text);
  if (!reading) return null;
  if (reading.text.length > MAX_DEVICE_TEXT)
    return { ok: false, issues: [{ field: "text", message: "plausibility.tooLong", values: { max: MAX_DEVICE_TEXT } }], text: "", reading: { ...reading, text: "" } };
  const issues: DeviceIssue[] = [];
  if (!isCustomName(reading.name)) issues.push({ field: "name", message: "device.errors.name" });
  if (!(customKinds as readonly string[]).includes(reading.kind)) {
    issues.push({ field: "kind", message: "device.errors.kind" });
    return { ok: false, issues, text: reading.text, reading };
  }
  const parsed = lossData.safeParse(customLossCandidate(reading));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      const value = Number(reading.draft[field as CustomFieldKey]?.split("/").find((part) => part !== ""));
      // A number out of its bounds gets them; anything else (empty, not a number) the plain message.
      const outOfRange = field !== "kind" && Number.isFinite(value) && (issue.code === "too_small" || issue.code === "too_big" || issue.code === "custom");
      const params = issue.code === "custom" ? (issue.params as { min?: number; max?: number } | undefined) : undefined;
      const bounds = params?.min !== undefined && params.max !== undefined ? params : field !== "kind" ? lossDataBounds[fieldBounds[field]] : null;
      issues.push(
        outOfRange && bounds
          ? { field, message: "plausibility.range", values: { min: Number(bounds.min!.toPrecision(3)), max: Number(bounds.max!.toPrecision(3)) } }
          : { field, message: "device.errors.number" },
      );
    }
  // The model interpolates between 25 °C and the hot temperature, which must lie above it.
  const tHot = Number(reading.draft.thot);
  if (!(tHot > 25)) issues.push({ field: "thot", message: "device.errors.thot" });
  const unique = issues.filter((issue, index) => issues.findIndex((other) => other.field === issue.field) === index);
  if (unique.length || !parsed.success) return { ok: false, issues: unique, text: reading.text, reading };
  return { ok: true, name: reading.name, data: parsed.data, text: writeCustomDevice(reading), reading };
}
