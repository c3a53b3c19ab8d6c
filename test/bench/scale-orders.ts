// Part of `npm run bench -- --scale`: the signed-in side at a real vendor's size, measured at the upstream
// itself (in this process, its own database): 50,000 users and 200,000 sample orders (one user with 20,000)
// seeded straight into its SQLite, then every sample-progress tab (its first page and its count), a deep page,
// an order's detail and a sign-in by SMS code, each within 50 ms (median).
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startUpstream } from "../../server/upstream/index.ts";
import { transaction } from "../../server/upstream/db.ts";
import { hashSessionId } from "../../server/upstream/accounts/sessions.ts";
import { authAndRegisterBySms, querySampleOrderByPage, querySampleOrderRecordList } from "../../shared/contract/index.ts";
import { callPath } from "../../shared/contract/call-path.ts";
import { orderStatuses, orderStatusFilters } from "../../shared/samples/order-status.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { median } from "./budgets.ts";

const USERS = 50_000;
const ORDERS = 200_000;
const HEAVY_USER_ORDERS = 20_000;
const BUDGET_MS = 50;

export async function measureOrders(samples: number, miss: (message: string) => void): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "qy-scale-orders-"));
  const upstream = await startUpstream(
    { host: "127.0.0.1", port: 0, provider: "qingyun", websiteCode: "qingyun", dataDir, publicOrigin: "http://localhost:3000" },
    () => {},
  );
  try {
    const { db } = upstream;
    const started = performance.now();
    const parts = db.prepare("SELECT id, part_number AS partNumber FROM site_list WHERE part_number IS NOT NULL").all() as { id: number; partNumber: string }[];
    const now = Date.now();
    const phone = (index: number) => `139${String(index).padStart(8, "0")}`;
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
        // The first user holds 20,000 orders; the rest are spread over the other users.
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
    console.log(`seeded ${USERS} users and ${ORDERS} orders (one user with ${HEAVY_USER_ORDERS}) in ${(performance.now() - started).toFixed(0)} ms`);

    const sessionId = "bench-session-of-the-user-with-20000-orders";
    db.prepare("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, 1, ?, ?)").run(hashSessionId(sessionId), now, now + 3_600_000);
    const cookie = `${sessionCookie}=${sessionId}`;
    const base = { language: "zh", sitePageDataType: 1, websiteCode: "qingyun" };
    const post = (call: { path: string }, body: object, headers: Record<string, string> = {}) =>
      fetch(upstream.url + callPath(call, "qingyun"), {
        method: "POST",
        headers: { "content-type": "application/json", cookie, ...headers },
        body: JSON.stringify({ ...base, ...body }),
      });
    const latest = db.prepare("SELECT order_number AS number FROM sample_orders WHERE user_id = 1 ORDER BY created_at DESC LIMIT ? ").all(samples + 1) as {
      number: string;
    }[];

    const measures: { name: string; send: (n: number) => Promise<Response> }[] = [
      ...orderStatusFilters.map((status) => ({
        name: `tab ${status} (page 1, count)`,
        send: () => post(querySampleOrderByPage, { status, pageIndex: 1, pageSize: 10 }),
      })),
      { name: "tab all, page 1000", send: (n: number) => post(querySampleOrderByPage, { status: "all", pageIndex: 1000 + n, pageSize: 10 }) },
      {
        name: "tab shipped, last page",
        send: () => post(querySampleOrderByPage, { status: "shipped", pageIndex: Math.ceil(HEAVY_USER_ORDERS / orderStatuses.length / 10), pageSize: 10 }),
      },
      {
        name: "order detail",
        send: (n: number) => post({ path: `${querySampleOrderRecordList.path}?SampleOrderNo=${latest[n % latest.length]!.number}` }, {}),
      },
      {
        // A code as the sign-in route stores it (salted HMAC, this client's address hash), for a user with orders.
        name: "sign-in by SMS code",
        send: (n: number) => {
          const target = phone(100 + n);
          const salt = `bench-salt-${n}`;
          const code = "246810";
          db.prepare("INSERT INTO verify_codes (channel, target, salt, code_hash, ip_hash, created_at, expires_at, delivered) VALUES ('sms', ?, ?, ?, ?, ?, ?, 1)").run(
            target,
            salt,
            createHmac("sha256", salt).update(`sms\n${target}\n${code}`).digest("hex"),
            createHash("sha256").update("127.0.0.1").digest("hex"),
            Date.now(),
            Date.now() + 300_000,
          );
          return post(authAndRegisterBySms, { phone: target, code }, { cookie: "" });
        },
      },
    ];
    console.log(`\n-- the signed-in side at the upstream, medians of ${samples} (budget ≤ ${BUDGET_MS} ms)`);
    for (const measure of measures) {
      const times: number[] = [];
      for (let n = 0; n <= samples; n++) {
        const start = performance.now();
        const response = await measure.send(n);
        const text = await response.text();
        if (n > 0) times.push(performance.now() - start);
        if (response.status !== 200) miss(`${measure.name}: ${response.status} ${text.slice(0, 120)}`);
      }
      const value = median(times);
      console.log(`${measure.name.padEnd(32)} ${value.toFixed(1).padStart(7)} ms`);
      if (value > BUDGET_MS) miss(`${measure.name}: median ${value.toFixed(1)} ms > ${BUDGET_MS} ms`);
    }
  } finally {
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
