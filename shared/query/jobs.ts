// URL state of the jobs list (SPEC §2 /about/joinUs/{name?}): the optional name is the position type
// (a page of its own: experienced hires, campus recruitment, internships); location, department, keyword
// and page are query parameters. One parser and one writer, so the GET form, links and loader agree.
import { jobTypes, type JobType } from "../contract/jobs.ts";
import { jobsTypePath } from "../paths.ts";

export const JOBS_PAGE_SIZE = 10;
const MAX_FILTER_LENGTH = 50;
const MAX_KEYWORD_LENGTH = 100;
const MAX_PAGE = 9999;

export interface JobsState {
  type: JobType | null;
  location: string | null;
  department: string | null;
  keyword: string | null;
  page: number;
}

export const defaultJobsState: JobsState = { type: null, location: null, department: null, keyword: null, page: 1 };

function isJobType(value: unknown): value is JobType {
  return typeof value === "string" && (jobTypes as readonly string[]).includes(value);
}

function text(value: string | null, max: number): string | null {
  const trimmed = (value ?? "").trim().replace(/\s+/g, " ");
  return trimmed && trimmed.length <= max ? trimmed : null;
}

/** The type comes from the path (unknown → null result = 404); query values that make no sense fall back to "any". */
export function parseJobsState(name: string | undefined, search: string): JobsState | null {
  if (name !== undefined && !isJobType(name)) return null;
  const params = new URLSearchParams(search);
  const rawPage = params.get("page") ?? "";
  const page = /^[1-9]\d*$/.test(rawPage) && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  return {
    type: name ?? null,
    location: text(params.get("location"), MAX_FILTER_LENGTH),
    department: text(params.get("department"), MAX_FILTER_LENGTH),
    keyword: text(params.get("q"), MAX_KEYWORD_LENGTH),
    page,
  };
}

/** The list's URL (without language prefix): filters in a fixed order, defaults left out. */
export function jobsListPath(state: JobsState): string {
  const params = new URLSearchParams();
  if (state.location) params.set("location", state.location);
  if (state.department) params.set("department", state.department);
  if (state.keyword) params.set("q", state.keyword);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.size ? `?${params}` : "";
  return `${jobsTypePath(state.type)}${query}`;
}

/** A position id from the URL: a plain positive integer, else null (404). */
export function parsePositionId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}

/** mailto: for a résumé, with the position in the subject (SPEC §3: résumés are sent by e-mail). */
export function resumeMailto(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/** The company's calendar day (China time, UTC+8) at `now`, YYYY-MM-DD: closing dates are days there. */
export function chinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** A position takes applications through its closing day (inclusive); without a closing date it is open until filled. */
export function isJobOpen(closingDate: string | null, today: string): boolean {
  return closingDate === null || closingDate >= today;
}
