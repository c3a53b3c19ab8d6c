// Counts news views once per visitor, article and day. The visitor is a first-party cookie the upstream
// sets (qy_vid); without it, a hash of address and user agent stands in for the first visit. The counted views
// are kept in the SQLite file (here) or in PostgreSQL, shared by every upstream host (views-postgres.ts); an
// article's shown views are the content's base plus the counted (docs/decisions/044-store-interface-and-postgresql.md).
import { createHash, randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { transaction, type Database } from "../db.ts";

const visitorCookie = "qy_vid";
const visitorCookieMaxAgeMs = 365 * 24 * 60 * 60 * 1000;
// Days are counted in China Standard Time (UTC+8, no daylight saving), the company's and most readers' day.
const DAY_OFFSET_MS = 8 * 60 * 60 * 1000;

export interface NewsViewStore {
  /**
   * Records a view of the article on `day` under each of the visitor's keys in one transaction: it is counted when
   * the first key is new today. Returns whether it was, and the article's counted views after it.
   */
  count(newsId: number, keys: string[], day: string): Promise<{ counted: boolean; views: number }>;
  /** The counted views of articles (an article never counted is absent). */
  counted(newsIds: number[]): Promise<Map<number, number>>;
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The China day of a time, YYYY-MM-DD. */
export function viewDay(now: number): string {
  return new Date(now + DAY_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The keys a view is recorded under: the visitor cookie's hash; without a valid cookie, the address and user
 * agent's hash first and a new cookie's (set on the answer), so the visitor's next request, now with the
 * cookie, is not counted again today.
 */
export function visitorKeys(req: Request, res: Response, secure: boolean): string[] {
  const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.[visitorCookie];
  if (cookie && /^[A-Za-z0-9_-]{22,64}$/.test(cookie)) return [`c:${hash(cookie)}`];
  const fresh = randomBytes(16).toString("base64url");
  res.cookie(visitorCookie, fresh, { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: visitorCookieMaxAgeMs });
  return [`a:${hash(`${req.ip ?? ""}\n${req.headers["user-agent"] ?? ""}`)}`, `c:${hash(fresh)}`];
}

/** Items with their shown views: the content's base (their `views`) plus what was counted. */
export async function withCountedViews<T extends { id: number; views: number }>(items: T[], store: Pick<NewsViewStore, "counted">): Promise<T[]> {
  if (items.length === 0) return items;
  const counted = await store.counted([...new Set(items.map((item) => item.id))]);
  return items.map((item) => ({ ...item, views: item.views + (counted.get(item.id) ?? 0) }));
}

export function createSqliteNewsViews(db: Database): NewsViewStore {
  const insertView = db.prepare("INSERT OR IGNORE INTO news_page_views (news_id, visitor, day) VALUES (?, ?, ?)");
  const increment = db.prepare("INSERT INTO news_view_counts (news_id, views) VALUES (?, 1) ON CONFLICT (news_id) DO UPDATE SET views = views + 1");
  const prune = db.prepare("DELETE FROM news_page_views WHERE day < ?");
  const countedOf = db.prepare("SELECT views FROM news_view_counts WHERE news_id = ?");
  return {
    async count(newsId, keys, day) {
      return transaction(db, () => {
        const counted = keys.map((key) => insertView.run(newsId, key, day).changes > 0)[0]!;
        if (counted) increment.run(newsId);
        // Only today's rows decide anything; the totals live in news_view_counts.
        prune.run(day);
        return { counted, views: (countedOf.get(newsId) as { views: number } | undefined)?.views ?? 0 };
      });
    },
    async counted(newsIds) {
      if (newsIds.length === 0) return new Map();
      const rows = db.prepare(`SELECT news_id AS id, views FROM news_view_counts WHERE news_id IN (${newsIds.map(() => "?").join(", ")})`).all(...newsIds) as Array<{
        id: number;
        views: number;
      }>;
      return new Map(rows.map((row) => [row.id, row.views]));
    },
  };
}
