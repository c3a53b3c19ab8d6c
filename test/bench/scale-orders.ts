// Part of `npm run bench -- --scale`: the signed-in side at a real vendor's size, measured at the upstream
// itself (in this process) on both of its stores in one run (docs/decisions/044-store-interface-and-postgresql.md):
// 50,000 users and 200,000 sample orders (one user with 20,000), each with its item and history record, seeded
// straight into the SQLite file of one upstream and into the PostgreSQL database of another (a cluster of
// Debian's package in a temporary directory, test/helpers/postgres.ts). Then every sample-progress tab (its first
// page and its count), the tabs' counts, a deep page, an order's detail and a sign-in by SMS code, each within
// 50 ms (median) on each store, the two stores' requests alternating so both see the same load of a shared machine.
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type RunningUpstream, startUpstream } from "../../server/upstream/index.ts";
import { transaction, type Database } from "../../server/upstream/db.ts";
import { types } from "../../server/upstream/postgres.ts";
import { hashSessionId } from "../../server/upstream/accounts/sessions.ts";
import { authAndRegisterBySms, querySampleOrderByPage, querySampleOrderCounts, querySampleOrderRecordList } from "../../shared/contract/index.ts";
import { callPath } from "../../shared/contract/call-path.ts";
import { orderStatuses, orderStatusFilters } from "../../shared/samples/order-status.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { startTestPostgres } from "../helpers/postgres.ts";
import { median } from "./budgets.ts";

const USERS = 50_000;
const ORDERS = 200_000;
const HEAVY_USER_ORDERS = 20_000;
const BUDGET_MS = 50;

const phone = (index: number) => `139${String(index).padStart(8, "0")}`;

interface Part {
  id: number;
  partNumber: string;
}

/** One upstream and a way to run SQL on the store that holds its accounts and orders. */
interface Store {
  name: string;
  upstream: RunningUpstream;
  /** The SQL is written once with `?` placeholders, in what both dialects read alike. */
  query: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
}

/**
 * The seed on SQLite, row by row in one transaction: order i (0-based) belongs to user 1 for i < 20,000, else to
 * user 2 + i mod 49,999; it was created (200,000 − i) minutes ago, its status is the i-th of the statuses in turn,
 * its one item the i-th of the catalog's parts in turn (2 pieces), its history one "pending" record.
 */
function seedSqlite(db: Database, parts: Part[], now: number) {
  transaction(db, () => {
    const user = db.prepare("INSERT INTO users (phone, created_at) VALUES (?, ?)");
    for (let index = 1; index <= USERS; index++) user.run(phone(index), now - index * 1_000);
    const order = db.prepare(
      `INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email, company_name, position, sample_use, language, created_at, updated_at)
       VALUES (?, ?, ?, ?, '张三', ?, 'a@example.com', '青云', '工程师', '评估', 'zh', ?, ?)`,
    );
    const item = db.prepare(
      "INSERT INTO sample_order_items (order_id, site_list_id, part_number, name_zh, name_en, family_zh, family_en, series_zh, series_en, quantity) VALUES (?, ?, ?, ?, ?, '碳化硅MOSFET', 'SiC MOSFETs', '1200 V', '1200 V', 2)",
    );
    const record = db.prepare("INSERT INTO sample_order_records (order_id, status, actor, created_at) VALUES (?, 'pending', 'customer', ?)");
    for (let index = 0; index < ORDERS; index++) {
      const userId = index < HEAVY_USER_ORDERS ? 1 : 2 + (index % (USERS - 1));
      const created = now - (ORDERS - index) * 60_000;
      const part = parts[index % parts.length]!;
      const id = Number(
        order.run(
          `QY${new Date(created).toISOString().slice(0, 10).replace(/-/g, "")}-${String(index).padStart(6, "0")}`,
          userId,
          orderStatuses[index % orderStatuses.length]!,
          `${part.id}:2`,
          phone(userId),
          created,
          created,
        ).lastInsertRowid,
      );
      item.run(id, part.id, part.partNumber, part.partNumber, part.partNumber);
      record.run(id, created);
    }
  });
}

/**
 * The same rows on PostgreSQL, one INSERT … SELECT FROM generate_series per table (seconds, where 450,000
 * round trips would take minutes). Then VACUUM ANALYZE: what autovacuum does to a table soon after that many
 * inserts (since PostgreSQL 13 inserts alone trigger it), so the planner knows the tables' sizes and the
 * visibility map lets an index answer alone, as on a database that grew to this size over months. Order i gets
 * id i + 1, as SQLite's rowids; the identities are moved past the seeded ids.
 */
async function seedPostgres(url: string, parts: Part[], now: number) {
  const client = new pg.Client({ connectionString: url, types });
  await client.connect();
  try {
    const userOf = `CASE WHEN i < ${HEAVY_USER_ORDERS} THEN 1 ELSE 2 + i % ${USERS - 1} END`;
    const createdOf = `($1::bigint - (${ORDERS} - i)::bigint * 60000)`;
    const partIds = parts.map((part) => part.id);
    const partNumbers = parts.map((part) => part.partNumber);
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO users (id, phone, created_at)
       SELECT i, '139' || lpad(i::text, 8, '0'), $1::bigint - i * 1000 FROM generate_series(1, ${USERS}) AS i`,
      [now],
    );
    await client.query(
      `INSERT INTO sample_orders (id, order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email, company_name, position, sample_use, language, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT i + 1, 'QY' || to_char(to_timestamp((${createdOf}) / 1000.0) AT TIME ZONE 'UTC', 'YYYYMMDD') || '-' || lpad(i::text, 6, '0'),
         ${userOf}, ($2::text[])[i % $3 + 1], ($4::int[])[i % $5 + 1] || ':2', '张三', '139' || lpad((${userOf})::text, 8, '0'),
         'a@example.com', '青云', '工程师', '评估', 'zh', ${createdOf}, ${createdOf}
       FROM generate_series(0, ${ORDERS - 1}) AS i`,
      [now, orderStatuses, orderStatuses.length, partIds, partIds.length],
    );
    await client.query(
      `INSERT INTO sample_order_items (order_id, position, site_list_id, part_number, name_zh, name_en, family_zh, family_en, series_zh, series_en, quantity)
       SELECT i + 1, 0, ($2::int[])[i % $1 + 1], ($3::text[])[i % $1 + 1], ($3::text[])[i % $1 + 1], ($3::text[])[i % $1 + 1],
         '碳化硅MOSFET', 'SiC MOSFETs', '1200 V', '1200 V', 2
       FROM generate_series(0, ${ORDERS - 1}) AS i`,
      [parts.length, partIds, partNumbers],
    );
    await client.query(
      `INSERT INTO sample_order_records (order_id, status, actor, created_at)
       SELECT i + 1, 'pending', 'customer', ${createdOf} FROM generate_series(0, ${ORDERS - 1}) AS i`,
      [now],
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), ${USERS}), setval(pg_get_serial_sequence('sample_orders', 'id'), ${ORDERS})`);
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE");
    // The seed's pages written out now, not by the checkpointer during the first measures.
    await client.query("CHECKPOINT");
  } finally {
    await client.end();
  }
}

/** SQL with `?` placeholders on PostgreSQL (numbered there). */
function postgresQuery(pool: pg.Pool) {
  return async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    let n = 0;
    return (
      await pool.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  };
}

export async function measureOrders(samples: number, miss: (message: string) => void): Promise<void> {
  const dirs = [mkdtempSync(path.join(tmpdir(), "qy-scale-orders-")), mkdtempSync(path.join(tmpdir(), "qy-scale-orders-pg-"))];
  const options = { host: "127.0.0.1", port: 0, provider: "qingyun", websiteCode: "qingyun", publicOrigin: "http://localhost:3000" } as const;
  const cleanup: Array<() => Promise<void>> = [];
  try {
    const sqliteUpstream = await startUpstream({ ...options, dataDir: dirs[0]! }, () => {});
    cleanup.push(() => sqliteUpstream.close());
    const cluster = await startTestPostgres();
    cleanup.push(() => cluster.stop());
    const databaseUrl = await cluster.database("scale");
    const postgresUpstream = await startUpstream({ ...options, dataDir: dirs[1]!, databaseUrl }, () => {});
    cleanup.push(() => postgresUpstream.close());
    const pool = new pg.Pool({ connectionString: databaseUrl, types, max: 2 });
    cleanup.push(() => pool.end());

    const { db } = sqliteUpstream;
    // The catalog stays in each upstream's SQLite (the same shipped content): the items name its parts.
    const parts = db.prepare("SELECT id, part_number AS partNumber FROM site_list WHERE part_number IS NOT NULL ORDER BY id").all() as unknown as Part[];
    const now = Date.now();
    let started = performance.now();
    seedSqlite(db, parts, now);
    console.log(`seeded ${USERS} users and ${ORDERS} orders (one user with ${HEAVY_USER_ORDERS}) into SQLite in ${(performance.now() - started).toFixed(0)} ms`);
    started = performance.now();
    await seedPostgres(databaseUrl, parts, now);
    console.log(`… and into PostgreSQL in ${(performance.now() - started).toFixed(0)} ms`);

    const stores: Store[] = [
      { name: "SQLite", upstream: sqliteUpstream, query: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...(params as number[])) as T[] },
      { name: "PostgreSQL", upstream: postgresUpstream, query: postgresQuery(pool) },
    ];
    const sessionId = "bench-session-of-the-user-with-20000-orders";
    const cookie = `${sessionCookie}=${sessionId}`;
    const latest: Record<string, string[]> = {};
    for (const store of stores) {
      await store.query("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, 1, ?, ?)", [hashSessionId(sessionId), now, now + 3_600_000]);
      latest[store.name] = (
        await store.query<{ number: string }>("SELECT order_number AS number FROM sample_orders WHERE user_id = 1 ORDER BY created_at DESC LIMIT ?", [samples + 1])
      ).map((row) => row.number);
    }
    const base = { language: "zh", sitePageDataType: 1, websiteCode: "qingyun" };
    const post = (store: Store, call: { path: string }, body: object, headers: Record<string, string> = {}) =>
      fetch(store.upstream.url + callPath(call, "qingyun"), {
        method: "POST",
        headers: { "content-type": "application/json", cookie, ...headers },
        body: JSON.stringify({ ...base, ...body }),
      });

    const measures: { name: string; send: (store: Store, n: number) => Promise<Response> }[] = [
      ...orderStatusFilters.map((status) => ({
        name: `tab ${status} (page 1, count)`,
        send: (store: Store) => post(store, querySampleOrderByPage, { status, pageIndex: 1, pageSize: 10 }),
      })),
      // The tabs' counts, which the sample-progress page asks beside its first page.
      { name: "tab counts", send: (store: Store) => post(store, querySampleOrderCounts, {}) },
      { name: "tab all, page 1000", send: (store: Store, n: number) => post(store, querySampleOrderByPage, { status: "all", pageIndex: 1000 + n, pageSize: 10 }) },
      {
        name: "tab shipped, last page",
        send: (store: Store) =>
          post(store, querySampleOrderByPage, { status: "shipped", pageIndex: Math.ceil(HEAVY_USER_ORDERS / orderStatuses.length / 10), pageSize: 10 }),
      },
      {
        name: "order detail",
        send: (store: Store, n: number) => {
          const numbers = latest[store.name]!;
          return post(store, { path: `${querySampleOrderRecordList.path}?SampleOrderNo=${numbers[n % numbers.length]!}` }, {});
        },
      },
      {
        // A code as the sign-in route stores it (salted HMAC, this client's address hash), for a user with orders.
        name: "sign-in by SMS code",
        send: async (store: Store, n: number) => {
          const target = phone(100 + n);
          const salt = `bench-salt-${n}`;
          const code = "246810";
          // `delivered` as a parameter: SQLite's 1, which PostgreSQL's boolean reads as true.
          await store.query(
            "INSERT INTO verify_codes (channel, target, salt, code_hash, ip_hash, created_at, expires_at, delivered) VALUES ('sms', ?, ?, ?, ?, ?, ?, ?)",
            [
              target,
              salt,
              createHmac("sha256", salt).update(`sms\n${target}\n${code}`).digest("hex"),
              createHash("sha256").update("127.0.0.1").digest("hex"),
              Date.now(),
              Date.now() + 300_000,
              1,
            ],
          );
          return post(store, authAndRegisterBySms, { phone: target, code }, { cookie: "" });
        },
      },
    ];
    console.log(`\n-- the signed-in side at the upstream, medians of ${samples} (budget ≤ ${BUDGET_MS} ms)`);
    console.log(`${"".padEnd(32)} ${stores.map((store) => store.name.padStart(12)).join(" ")}`);
    for (const measure of measures) {
      const times = new Map(stores.map((store) => [store, [] as number[]]));
      // Sample n on each store in turn (n = 0 warms up, unmeasured).
      for (let n = 0; n <= samples; n++) {
        for (const store of stores) {
          const start = performance.now();
          const response = await measure.send(store, n);
          const text = await response.text();
          if (n > 0) times.get(store)!.push(performance.now() - start);
          if (response.status !== 200) miss(`${measure.name} on ${store.name}: ${response.status} ${text.slice(0, 120)}`);
        }
      }
      const values = stores.map((store) => median(times.get(store)!));
      console.log(`${measure.name.padEnd(32)} ${values.map((value) => `${value.toFixed(1)} ms`.padStart(12)).join(" ")}`);
      for (const [index, value] of values.entries()) {
        if (value > BUDGET_MS) miss(`${measure.name} on ${stores[index]!.name}: median ${value.toFixed(1)} ms > ${BUDGET_MS} ms`);
      }
    }
  } finally {
    for (const step of cleanup.reverse()) await step();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
