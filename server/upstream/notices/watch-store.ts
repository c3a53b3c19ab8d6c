// The watches' store: who watches which parts (an account's watcher, a subscription by e-mail after its double
// opt-in), the requests that confirm a subscription, and the e-mails of published notices, revisions and lifecycle
// changes with their outbox rows, which move together because publishing, unsubscribing and erasing write them in
// one transaction. One async interface, two implementations: SQLite (watch-store-sqlite.ts, over watches.ts,
// email-watches.ts and publish.ts) and PostgreSQL (watch-store-postgres.ts). What they name (parts, notices,
// documents) is content, read from the host's SQLite index by both; the rules both apply are pure functions in
// those modules (docs/decisions/044-store-interface-and-postgresql.md, "Watches and notices (step 5)").
import type { Language } from "../../../shared/languages.ts";
import type { Publication } from "./publications.ts";
import type { PublishResult } from "./publish.ts";
import type { WatchedPart } from "./watches.ts";

interface EmailWatchRequest {
  email: string;
  productIds: number[];
  language: Language;
  ipHash: string;
  secret: string | undefined;
}

interface ConfirmedWatch {
  email: string;
  parts: string[];
  /** The mailbox's signed link ("w1") after a confirmation; null when only checked. */
  manageToken: string | null;
}

interface WatchView {
  email: string;
  language: Language;
  parts: WatchedPart[];
}

export interface WatchStore {
  /** The account's address notices go to (null: an account signed in by phone only). */
  accountEmail(userId: number): Promise<string | null>;
  /** The account's watched parts ([] before its first watch). */
  accountParts(userId: number): Promise<WatchedPart[]>;
  /** Adds shown parts (ids) to the account's watcher, made on first use with the account's e-mail in `language`;
   * refuses the whole batch past the limit. */
  addForUser(userId: number, productIds: number[], language: Language): Promise<{ added: number; total: number }>;
  removeForUser(userId: number, productId: number): Promise<void>;
  /** The one-click unsubscribe by a watcher's signed link: every watch and unsent notice e-mail goes. */
  unsubscribe(secret: string | undefined, token: unknown): Promise<{ already: boolean }>;
  /** Stores a subscription request by e-mail and queues its confirmation e-mail, one transaction. */
  requestByEmail(input: EmailWatchRequest): Promise<void>;
  /** What a confirmation link would watch, changing nothing. */
  checkConfirmation(secret: string | undefined, token: string, language: Language): Promise<ConfirmedWatch>;
  /** Confirms once: the address's watcher (made or renewed) watches the request's parts. */
  confirm(secret: string | undefined, token: string, language: Language): Promise<ConfirmedWatch>;
  /** A mailbox's watches by its signed link. */
  listByToken(secret: string | undefined, token: string): Promise<{ email: string; parts: WatchedPart[] }>;
  removeByToken(secret: string | undefined, token: string, productId: number): Promise<void>;
  /** The data export's watch list and the confirmed subscription by e-mail of the account's address (decision 025). */
  exportOf(userId: number, email: string | null): Promise<{ watches: WatchView | null; emailSubscription: WatchView | null }>;
  /** Account deletion: the watcher and the subscription by e-mail of its address, with their requests and e-mails. */
  deleteOfUser(userId: number, email: string | null): Promise<void>;
  /** Who a publication would mail (nothing written). */
  dryRun(publication: Publication): Promise<PublishResult>;
  /** Queues the publication's e-mails, once per event and mailbox; `secret` signs each unsubscribe link. */
  publish(publication: Publication, secret: string): Promise<PublishResult>;
}
