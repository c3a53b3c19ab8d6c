// URL state of the notices list: /support/notices?part=…&family=…&type=change|discontinuation&year=YYYY&page=N.
// One pure parser and writer; an invalid value falls back to its default, never to an error page.
import { noticeTypes, type NoticeType } from "../contract/notices.ts";

export const NOTICES_PAGE_SIZE = 10;
const MAX_PAGE = 9999;

export interface NoticeListState {
  /** A part number as typed (upper case); null = every part. */
  part: string | null;
  /** A product family (or series) id; null = every family. */
  family: number | null;
  type: NoticeType | null;
  year: number | null;
  page: number;
}

export const defaultNoticeListState: NoticeListState = { part: null, family: null, type: null, year: null, page: 1 };

function positive(value: string | null, max: number): number | null {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number <= max ? number : null;
}

export function parseNoticeList(search: string | URLSearchParams): NoticeListState {
  const params = typeof search === "string" ? new URLSearchParams(search.startsWith("?") ? search.slice(1) : search) : search;
  const part = (params.get("part") ?? "").trim().toUpperCase();
  const type = params.get("type");
  const year = positive(params.get("year"), 2100);
  return {
    part: /^[A-Z0-9][A-Z0-9-]{0,63}$/.test(part) ? part : null,
    family: positive(params.get("family"), 999_999_999),
    type: (noticeTypes as readonly string[]).includes(type ?? "") ? (type as NoticeType) : null,
    year: year !== null && year >= 2000 ? year : null,
    page: positive(params.get("page"), MAX_PAGE) ?? 1,
  };
}

/** The state as a query string ("" or "?…"), defaults left out, in a fixed order. */
export function writeNoticeList(state: NoticeListState): string {
  const params = new URLSearchParams();
  if (state.part) params.set("part", state.part);
  if (state.family !== null) params.set("family", String(state.family));
  if (state.type) params.set("type", state.type);
  if (state.year !== null) params.set("year", String(state.year));
  if (state.page > 1) params.set("page", String(state.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
