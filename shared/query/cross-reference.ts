// URL state of the cross-reference page, read and written by this one pure module (server, browser, CSV and tests):
//   ?part=<number>[&op=<operating point>]        one competitor part (op: the estimator's grammar, kept verbatim)
//   ?part=<number>&view=print                     the same comparison, every table open, ready to print or save as PDF
//   ?parts=<numbers, by line, comma, space or tab> a bill of materials (the textarea of a GET form)
//   ?type=<device type>&v=<V>&r=<mΩ>&i=<A>&pkg=<package>  the parameter search for an unknown number
// (its finder URL is written by cross-reference-finder.ts, so that pages linking here do not carry the finder's grammar)
import type { DeviceType } from "../cross-reference/schema.ts";
import { CROSS_REFERENCE_BATCH_MAX, CROSS_REFERENCE_PART_MAX } from "../contract/cross-reference.ts";
import { partKey } from "../cross-reference/part-key.ts";

/** The longest bill of materials text read (200 numbers of 60 characters and their separators). */
const BOM_TEXT_MAX = CROSS_REFERENCE_BATCH_MAX * (CROSS_REFERENCE_PART_MAX + 2);

/** The device types the parameter search covers (each has its finder columns in cross-reference-finder.ts). */
const searchDeviceTypes = ["sic-mosfet", "sic-diode", "sic-module", "igbt-module"] as const satisfies readonly DeviceType[];

export interface ParameterSearch {
  type: DeviceType;
  /** Rated voltage (V): ours must be at least this. */
  v: number | null;
  /** R_DS(on) (mΩ) of a MOSFET or module: ours at most this. */
  r: number | null;
  /** Current (A): ours at least this. */
  i: number | null;
  pkg: string | null;
}

export interface CrossReferenceQuery {
  /** The one part asked for ("" = none). */
  part: string;
  op: string | null;
  /** The numbers of a bill of materials, in order, without repeats (same key), at most CROSS_REFERENCE_BATCH_MAX. */
  bom: string[];
  /** The bill held more numbers than are read. */
  bomTruncated: boolean;
  search: ParameterSearch | null;
  /** The print-ready view of one part's comparison. */
  view: "print" | null;
}

function positive(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw.trim().replace(",", "."));
  return Number.isFinite(value) && value > 0 && value < 1e6 ? value : null;
}

/** Splits a pasted list: lines, commas, semicolons, tabs and spaces all separate numbers. */
export function splitBom(text: string): { parts: string[]; truncated: boolean } {
  const seen = new Set<string>();
  const parts: string[] = [];
  let truncated = false;
  for (const raw of text.slice(0, BOM_TEXT_MAX).split(/[\s,;]+/)) {
    const part = raw.trim().slice(0, CROSS_REFERENCE_PART_MAX);
    const key = partKey(part);
    if (!key || seen.has(key)) continue;
    if (parts.length === CROSS_REFERENCE_BATCH_MAX) {
      truncated = true;
      break;
    }
    seen.add(key);
    parts.push(part);
  }
  return { parts, truncated: truncated || text.length > BOM_TEXT_MAX };
}

export function parseCrossReferenceQuery(search: string | URLSearchParams): CrossReferenceQuery {
  const params = typeof search === "string" ? new URLSearchParams(search.startsWith("?") ? search.slice(1) : search) : search;
  const part = (params.get("part") ?? "").trim().slice(0, CROSS_REFERENCE_PART_MAX);
  const op = params.get("op");
  const { parts: bom, truncated } = splitBom(params.get("parts") ?? "");
  const type = params.get("type");
  const pkg = (params.get("pkg") ?? "").trim().slice(0, 40);
  const search_: ParameterSearch | null =
    type !== null && (searchDeviceTypes as readonly string[]).includes(type)
      ? { type: type as DeviceType, v: positive(params.get("v")), r: positive(params.get("r")), i: positive(params.get("i")), pkg: pkg || null }
      : null;
  const view = params.get("view") === "print" && part ? "print" : null;
  return { part, op: op ? op.slice(0, 200) : null, bom, bomTruncated: truncated, search: search_, view };
}

/** The query of one part (canonical: the part alone, op after it). */
export function writeCrossReferenceQuery(state: { part?: string; op?: string | null; bom?: readonly string[]; view?: "print" | null }): string {
  const params = new URLSearchParams();
  if (state.part) params.append("part", state.part);
  if (state.bom?.length) params.append("parts", state.bom.join("\n"));
  if (state.op) params.append("op", state.op);
  if (state.view && state.part) params.append("view", state.view);
  const text = params.toString().replace(/%2C/gi, ",").replace(/%3A/gi, ":");
  return text ? `?${text}` : "";
}
