// Counts news views once per visitor, article and day. The visitor is a first-party cookie the upstream
// sets (qy_vid); without it, a hash of address and user agent stands in for the first visit.
import { createHash, randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { transaction, type Database } from "../db.ts";

const visitorCookie = "qy_vid";
const visitorCookieMaxAgeMs = 365 * 24 * 60 * 60 * 1000;
// Days are counted in China Standard Time (UTC+8, no daylight saving), the company's and most readers' day.
const DAY_OFFSET_MS = 8 * 60 * 60 * 1000;

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function viewDay(now: number): string {
  return new Date(now + DAY_OFFSET_MS).toISOString().slice(0, 10);
}

export function createViewCounter(db: Database, options: { now: () => number; publicOrigin: string }) {
  const insertView = db.prepare("INSERT OR IGNORE INTO news_page_views (news_id, visitor, day) VALUES (?, ?, ?)");
  const increment = db.prepare("INSERT INTO news_view_counts (news_id, views) VALUES (?, 1) ON CONFLICT (news_id) DO UPDATE SET views = views + 1");
  const prune = db.prepare("DELETE FROM news_page_views WHERE day < ?");
  const total = db.prepare("SELECT (SELECT base_views FROM news WHERE id = ? LIMIT 1) + COALESCE((SELECT views FROM news_view_counts WHERE news_id = ?), 0) AS views");
  const secure = options.publicOrigin.startsWith("https:");

  return {
    /** Records the view in one transaction; `counted` is false when this visitor was already counted today. */
    count(newsId: number, req: Request, res: Response): { views: number; counted: boolean } {
      const now = options.now();
      const day = viewDay(now);
      const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.[visitorCookie];
      const keys: string[] = [];
      if (cookie && /^[A-Za-z0-9_-]{22,64}$/.test(cookie)) {
        keys.push(`c:${hash(cookie)}`);
      } else {
        keys.push(`a:${hash(`${req.ip ?? ""}\n${req.headers["user-agent"] ?? ""}`)}`);
        const fresh = randomBytes(16).toString("base64url");
        // Recording the new cookie too means the visitor's next request, now with the cookie, is not counted again today.
        keys.push(`c:${hash(fresh)}`);
        res.cookie(visitorCookie, fresh, { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: visitorCookieMaxAgeMs });
      }
      return transaction(db, () => {
        const counted = keys.map((key) => insertView.run(newsId, key, day).changes > 0)[0]!;
        if (counted) increment.run(newsId);
        // Only today's rows decide anything; the totals live in news_view_counts.
        prune.run(day);
        return { views: (total.get(newsId, newsId) as { views: number }).views, counted };
      });
    },
  };
}
