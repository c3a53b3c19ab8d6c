// "Add to sample list" without JavaScript posts to the sample list's route action, which adds the part and
// returns to the page it came from with the outcome in the query (`sampleAdd=<siteListId>-<outcome>`), so
// the page can show it beside that part's button. Pure: the action writes it, the button reads it.
import { splitLanguagePrefix } from "../languages.ts";

const sampleAddParam = "sampleAdd";
const sampleAddOutcomes = ["success", "selected", "failed"] as const;
export type SampleAddOutcome = (typeof sampleAddOutcomes)[number];

const valuePattern = /^(\d{1,15})-(success|selected|failed)$/;

/** The outcome a page's query carries, or null (missing or not one we wrote). */
export function readSampleAddResult(search: URLSearchParams): { siteListId: number; outcome: SampleAddOutcome } | null {
  const match = valuePattern.exec(search.get(sampleAddParam) ?? "");
  return match ? { siteListId: Number(match[1]), outcome: match[2] as SampleAddOutcome } : null;
}

/** A site path (with or without query and hash) with the outcome set in its query, replacing an earlier one. */
export function withSampleAddResult(path: string, siteListId: number, outcome: SampleAddOutcome): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set(sampleAddParam, `${siteListId}-${outcome}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The part an anonymous visitor tried to add rides along the login's return path (`addSample=<siteListId>`):
 * back on the page and signed in, that part's button adds it.
 */
const pendingAddParam = "addSample";

export function withPendingAdd(path: string, siteListId: number): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set(pendingAddParam, String(siteListId));
  return `${url.pathname}${url.search}${url.hash}`;
}

export function readPendingAdd(search: URLSearchParams): number | null {
  const value = search.get(pendingAddParam) ?? "";
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** The query without an earlier outcome or pending add ("" or "?…"): what the page's own links and return paths keep. */
export function withoutSampleAddResult(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(sampleAddParam) && !params.has(pendingAddParam)) return search;
  params.delete(sampleAddParam);
  params.delete(pendingAddParam);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * A part not recommended for new designs is added only after the visitor confirmed it (the upstream refuses it
 * otherwise, E40022021): the sample list's confirm step, `?confirm=<part number>&path=<the page to return to>`
 * (docs/decisions/026-lifecycle-and-change-notices.md). Unlocalized, like the paths of shared/paths.ts.
 */
export function nrndConfirmPath(partNumber: string, returnPath: string): string {
  return `/user/sampleList?${new URLSearchParams({ confirm: partNumber, path: returnPath })}`;
}

/** The login link's `path`: the current page without its language prefix, query kept (SPEC §2) but for an
 * earlier add's outcome. */
export function loginPathOf(pathname: string, search: string): string {
  return `${splitLanguagePrefix(pathname).rest}${withoutSampleAddResult(search)}`;
}
