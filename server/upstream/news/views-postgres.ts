// Counted news views in PostgreSQL, shared by every upstream host: a visitor is counted once per article and day
// whichever host their views reach. A view is `INSERT … ON CONFLICT DO NOTHING` on the (article, visitor, day)
// key: two hosts recording the same key at once take turns on it, the second inserts nothing, so it is counted
// once; the total is one upsert. No advisory lock is needed (docs/decisions/044-store-interface-and-postgresql.md).
import type pg from "pg";
import { inTransaction } from "../postgres.ts";
import type { NewsViewStore } from "./views.ts";

/** The statements a view makes, named: test/upstream/lead-query-plans.test.ts checks the lookups read an index. */
export const postgresNewsViewQueries = {
  record: "INSERT INTO news_page_views (news_id, visitor, day) VALUES ($1, $2, $3) ON CONFLICT (news_id, visitor, day) DO NOTHING",
  increment: "INSERT INTO news_view_counts (news_id, views) VALUES ($1, 1) ON CONFLICT (news_id) DO UPDATE SET views = news_view_counts.views + 1 RETURNING views",
  prune: "DELETE FROM news_page_views WHERE day < $1",
  counted: 'SELECT news_id AS "id", views FROM news_view_counts WHERE news_id = ANY($1)',
};

export function createPostgresNewsViews(pool: pg.Pool): NewsViewStore {
  return {
    async count(newsId, keys, day) {
      return inTransaction(pool, async (client) => {
        let counted = false;
        for (const [index, key] of keys.entries()) {
          const inserted = (await client.query(postgresNewsViewQueries.record, [newsId, key, day])).rowCount === 1;
          if (index === 0) counted = inserted;
        }
        // Only today's rows decide anything; the totals live in news_view_counts.
        await client.query(postgresNewsViewQueries.prune, [day]);
        if (counted) return { counted, views: (await client.query<{ views: number }>(postgresNewsViewQueries.increment, [newsId])).rows[0]!.views };
        const row = (await client.query<{ id: number; views: number }>(postgresNewsViewQueries.counted, [[newsId]])).rows[0];
        return { counted, views: row?.views ?? 0 };
      });
    },
    async counted(newsIds) {
      if (newsIds.length === 0) return new Map();
      const rows = (await pool.query<{ id: number; views: number }>(postgresNewsViewQueries.counted, [newsIds])).rows;
      return new Map(rows.map((row) => [row.id, row.views]));
    },
  };
}
