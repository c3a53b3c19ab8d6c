// The leads' store: the two tables visitors fill, contact messages (leave_words, with the sales inbox's notice
// e-mail queued in the same transaction) and download requests (download_records, with the consent the form
// showed), and the inbox the staff console reads and works over them (one list, filters, status, assignee and
// note in place, a CSV export read as a stream) and their retention. One async interface, two implementations:
// SQLite (store-sqlite.ts) and PostgreSQL (store-postgres.ts); the rules both apply are the pure functions here
// (docs/decisions/044-store-interface-and-postgresql.md).
import type { Language } from "../../../shared/languages.ts";
import type { LeadKind } from "../../../shared/staff/staff-paths.ts";
import type { LeadsState, LeadStatus } from "../../../shared/query/staff-leads.ts";

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The forms one client (clientHash) may send per hour: generous for real visitors, a wall for scripts. */
export const leadLimits = { messagesPerHour: 10, downloadsPerHour: 30 } as const;

export interface LeadRow {
  kind: LeadKind;
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  language: string;
  status: LeadStatus;
  assignedTo: number | null;
  assignee: string | null;
  note: string | null;
  createdAt: number;
  /** A message's text, or a download request's product demand. */
  text: string;
  documentId: string | null;
  position: string | null;
}

interface NewMessage {
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  content: string;
  language: Language;
  ipHash: string;
  /** The account of the session that sent it, never one its typed phone or e-mail names (SQLite migration 026). */
  userId: number | null;
  /** SALES_MAIL_TO: the notice e-mail is queued in the message's own transaction (unset: none). */
  salesMailTo: string | undefined;
}

interface NewDownload {
  documentId: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  position: string;
  productDemand: string;
  language: Language;
  ipHash: string;
  userId: number | null;
  /** What the form showed and to which policy version, when the visitor agreed (its time is the request's). */
  consent: { text: string; policyVersion: string } | null;
}

interface LeadActivity {
  products: Array<{ name: string; count: number }>;
  companies: Array<{ name: string; count: number }>;
}

export interface LeadStore {
  /** Stores a contact message (and queues its notice e-mail); past the client's hourly limit, E42900001. */
  addMessage(message: NewMessage): Promise<number>;
  /** Stores a download request; past the client's hourly limit, E42900001. */
  addDownload(download: NewDownload): Promise<number>;
  /** One page of the inbox under the filters, newest first. */
  page(state: LeadsState, pageSize: number): Promise<{ list: LeadRow[]; total: number }>;
  /** Every matching lead, newest first, read a batch at a time (the CSV export streams it). */
  rows(state: LeadsState): AsyncIterable<LeadRow>;
  find(kind: LeadKind, id: number): Promise<LeadRow | null>;
  /** Writes status, assignee and note together (the lead page's form holds all three); false when there is no such lead. */
  save(kind: LeadKind, id: number, change: { status: LeadStatus; assignedTo: number | null; note: string | null }): Promise<boolean>;
  /** The last 30 days: the product documents most downloaded (by their title in the reader's language: a
   * datasheet's names its part) and the most active companies. */
  activity(language: Language, limit?: number): Promise<LeadActivity>;
  /** Deletes every lead older than `days` (their notice e-mails go with them); how many of each kind went. */
  deleteExpired(now: number, days: number): Promise<{ messages: number; downloads: number }>;
}

/** Where the 30 days of the inbox's activity tables start. */
export const activitySince = (now: number) => now - 30 * DAY_MS;

/** A LIKE pattern with %, _ and \ taken literally (ESCAPE '\'). */
const literal = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the inbox's filters mean, whichever store applies them: the kinds listed, the status, the China days as
 * a range of milliseconds, the language, a company containing the text (case aside), and a product that a
 * message mentions, that a download request's demand mentions, or whose part number (upper case) starts a
 * part its document covers.
 */
export interface LeadFilter {
  kinds: LeadKind[];
  status: LeadStatus | null;
  from: number | null;
  before: number | null;
  language: Language | null;
  /** LIKE patterns (ESCAPE '\'). */
  company: string | null;
  product: { mentioned: string; partPrefix: string } | null;
}

export function leadFilter(state: LeadsState): LeadFilter {
  return {
    kinds: state.kind ? [state.kind] : ["message", "download"],
    status: state.status,
    from: state.from ? Date.parse(`${state.from}T00:00:00Z`) - CHINA_OFFSET_MS : null,
    before: state.to ? Date.parse(`${state.to}T00:00:00Z`) - CHINA_OFFSET_MS + DAY_MS : null,
    language: state.language,
    company: state.company ? `%${literal(state.company)}%` : null,
    product: state.product ? { mentioned: `%${literal(state.product)}%`, partPrefix: `${literal(state.product.toUpperCase())}%` } : null,
  };
}
