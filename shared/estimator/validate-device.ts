// Validation of a device of the visitor's own (custom-device.ts) with the contract's loss-data schema: every
// problem becomes a localized message naming the field, so a bad `dev=` shows the form again, never a NaN.
import { lossData, type LossData } from "../contract/loss-data.ts";
import { customLossCandidate, isCustomName, readCustomDevice, writeCustomDevice, customKinds, type CustomDeviceReading, type CustomFieldKey } from "./custom-device.ts";

export interface DeviceIssue {
  /** The form field (a key of customFields, "name" or "kind"). */
  field: CustomFieldKey | "name" | "kind";
  /** Key in the estimator namespace. */
  message: string;
}

export type ParsedDevice =
  | { ok: true; name: string; data: LossData; text: string; reading: CustomDeviceReading }
  | { ok: false; issues: DeviceIssue[]; text: string; reading: CustomDeviceReading };

/** The form field a schema path belongs to (the candidate's shape back to what the visitor typed). */
function fieldOf(path: PropertyKey[]): CustomFieldKey | "kind" {
  const [head, next] = path.map(String);
  const map: Record<string, CustomFieldKey> = { rth: "rth", rthDiode: "rthd", eOn: "eon", eOff: "eoff", eRec: "erec", qc: "qc", vQc: "vqc" };
  if (head === "ratings") return next === "v" ? "v" : next === "i" ? "i" : "tjmax";
  if (head === "switchingRef") return next === "v" ? "vref" : "iref";
  if (head === "channel" || head === "igbt" || head === "forward" || head === "bodyDiode") return next === "tHot" ? "thot" : next === "v0" ? "v0" : "r";
  if (head === "diode") return next === "tHot" ? "thot" : next === "v0" ? "dv0" : "dr";
  return map[head ?? ""] ?? "kind";
}

/** Reads and validates `dev=`; null without one. */
export function parseCustomDevice(text: string | null | undefined): ParsedDevice | null {
  const reading = readCustomDevice(text);
  if (!reading) return null;
  const issues: DeviceIssue[] = [];
  if (!isCustomName(reading.name)) issues.push({ field: "name", message: "device.errors.name" });
  if (!(customKinds as readonly string[]).includes(reading.kind)) {
    issues.push({ field: "kind", message: "device.errors.kind" });
    return { ok: false, issues, text: reading.text, reading };
  }
  const parsed = lossData.safeParse(customLossCandidate(reading));
  if (!parsed.success) for (const issue of parsed.error.issues) issues.push({ field: fieldOf(issue.path), message: "device.errors.number" });
  // The model interpolates between 25 °C and the hot temperature, which must lie above it.
  const tHot = Number(reading.draft.thot);
  if (!(tHot > 25)) issues.push({ field: "thot", message: "device.errors.thot" });
  const unique = issues.filter((issue, index) => issues.findIndex((other) => other.field === issue.field) === index);
  if (unique.length || !parsed.success) return { ok: false, issues: unique, text: reading.text, reading };
  return { ok: true, name: reading.name, data: parsed.data, text: writeCustomDevice(reading), reading };
}
