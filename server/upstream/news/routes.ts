// News by page and category, one article with related articles, and the view counter.
import type { Router } from "express";
import type { SQLInputValue } from "node:sqlite";
import { addPageView, newsCategories, queryNewsById, queryNewsByPage, type NewsCategory, type NewsListItem } from "../../../shared/contract/index.ts";
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { viewDay, visitorKeys, withCountedViews, type NewsViewStore } from "./views.ts";

interface NewsRow extends Omit<NewsListItem, "tags"> {
  data: string;
}

// The content's base views; the counted ones (the view store's) are added to them.
const columns = "n.id, n.category, n.date, n.image, n.title, n.summary, n.data, n.base_views AS views";

function toItem({ data, ...row }: NewsRow): NewsListItem {
  return { ...row, tags: (JSON.parse(data) as { tags: string[] }).tags };
}

/** `views` keeps the counted views (the file or PostgreSQL); the articles are the content's. */
export function mountNewsRoutes(router: Router, db: Database, views: NewsViewStore, options: MountOptions & { now: () => number; publicOrigin: string }) {
  const categoryCounts = db.prepare("SELECT category, COUNT(*) AS n FROM news WHERE language = ? GROUP BY category");

  mountCall(
    router,
    queryNewsByPage,
    async ({ body, language }) => {
      const where = ["n.language = ?"];
      const args: SQLInputValue[] = [language];
      if (body.category) {
        where.push("n.category = ?");
        args.push(body.category);
      }
      if (body.tag) {
        where.push("n.id IN (SELECT news_id FROM news_tags WHERE language = ? AND tag = ?)");
        args.push(language, body.tag);
      }
      const clause = where.join(" AND ");
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM news n WHERE ${clause}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`SELECT ${columns} FROM news n WHERE ${clause} ORDER BY n.date DESC, n.id DESC LIMIT ? OFFSET ?`)
        .all(...args, body.pageSize, (body.pageIndex - 1) * body.pageSize) as unknown as NewsRow[];
      const counts = Object.fromEntries(newsCategories.map((category) => [category, 0])) as Record<NewsCategory, number>;
      for (const row of categoryCounts.all(language) as Array<{ category: NewsCategory; n: number }>) counts[row.category] = row.n;
      return { list: await withCountedViews(rows.map(toItem), views), total, pageIndex: body.pageIndex, pageSize: body.pageSize, categoryCounts: counts };
    },
    options,
  );

  const article = db.prepare(`SELECT ${columns} FROM news n WHERE n.id = ? AND n.language = ?`);
  // Related: shared tags weigh twice a shared category; the article itself and unrelated ones are left out.
  const related = db.prepare(
    `SELECT ${columns} FROM (
       SELECT n.*, 2 * (SELECT COUNT(*) FROM news_tags t WHERE t.news_id = n.id AND t.language = n.language
                          AND t.tag IN (SELECT tag FROM news_tags WHERE news_id = :id AND language = :language))
                   + (n.category = :category) AS score
       FROM news n WHERE n.language = :language AND n.id != :id
     ) n WHERE n.score > 0 ORDER BY n.score DESC, n.date DESC, n.id DESC LIMIT 4`,
  );
  // Neighbours stay inside the article's category: a reader of product news pages on through product news.
  const older = db.prepare(
    "SELECT id, title, date FROM news WHERE language = ? AND category = ? AND (date < ? OR (date = ? AND id < ?)) ORDER BY date DESC, id DESC LIMIT 1",
  );
  const newer = db.prepare(
    "SELECT id, title, date FROM news WHERE language = ? AND category = ? AND (date > ? OR (date = ? AND id > ?)) ORDER BY date ASC, id ASC LIMIT 1",
  );

  mountCall(
    router,
    queryNewsById,
    async ({ body, language }) => {
      const row = article.get(body.id, language) as NewsRow | undefined;
      if (!row) throw new ApiError("E40030006");
      const { body: paragraphs } = JSON.parse(row.data) as { body: string[] };
      const neighbour = [language, row.category, row.date, row.date, row.id] as const;
      const [item, ...relatedItems] = await withCountedViews(
        [row, ...(related.all({ id: row.id, language, category: row.category }) as unknown as NewsRow[])].map(toItem),
        views,
      );
      return {
        article: { ...item!, body: paragraphs },
        related: relatedItems,
        previous: (older.get(...neighbour) as { id: number; title: string; date: string } | undefined) ?? null,
        next: (newer.get(...neighbour) as { id: number; title: string; date: string } | undefined) ?? null,
      };
    },
    options,
  );

  const baseViews = db.prepare("SELECT base_views AS views FROM news WHERE id = ? LIMIT 1");
  const secure = options.publicOrigin.startsWith("https:");
  mountCall(
    router,
    addPageView,
    async ({ body, req, res }) => {
      const base = baseViews.get(body.id) as { views: number } | undefined;
      if (!base) throw new ApiError("E40030006");
      const { counted, views: countedViews } = await views.count(body.id, visitorKeys(req, res, secure), viewDay(options.now()));
      return { id: body.id, views: base.views + countedViews, counted };
    },
    options,
  );
}
