// The sample-order board on the server: counts by status, search (order number, company, part, phone's last
// digits), status filter, paging that holds at 200,000 orders; an order's page (parts, an unavailable part
// shown as such, applicant, address, history); the workflow's moves by role, recorded with the member's
// e-mail, e-mailed through the outbox as the CLI's and the API's are, and audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteContent } from "../../server/upstream/content/load.ts";
import { storeKinds } from "../upstream/stores.ts";
import { startConsole, type ConsoleUnderTest } from "./staff-helpers.ts";

describe.each(storeKinds)("on %s", (store) => {
  let c: ConsoleUnderTest;
  let viewer: { cookie: string };
  let sales: { cookie: string };
  let part: { id: number; partNumber: string };

  beforeAll(async () => {
    c = await startConsole({ store });
    loadSiteContent(c.db, undefined);
    part = c.db.prepare("SELECT id, part_number AS partNumber FROM site_list WHERE part_number IS NOT NULL AND status = 'on' ORDER BY id LIMIT 1").get() as typeof part;
    await c.rows("INSERT INTO users (id, phone, created_at) VALUES (1, '13800138000', 0)");
    viewer = await c.signedIn("viewer@qingyun-power.com", "viewer");
    sales = await c.signedIn("sales@qingyun-power.com", "sales");
  });
  afterAll(() => c.close());

  /** An order as the site writes it, straight into the console's store. */
  async function order(number: string, fields: { company: string; phone: string; status?: string; at?: number }) {
    const address = JSON.stringify({
      recipient: "李四",
      phone: "13900139000",
      company: "",
      country: "CN",
      area: "江苏省 苏州市 虎丘区",
      street: "科技城 1 号",
      postalCode: "215000",
    });
    const [{ id }] = (await c.rows<{ id: number }>(
      `INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email, company_name, position, sample_use,
      language, shipping_address, created_at, updated_at) VALUES (?, 1, ?, 'k', '王芳', ?, 'wang@example.cn', ?, '工程师', '评估 22 kW 车载充电机', 'zh', ?, ?, ?) RETURNING id`,
      [number, fields.status ?? "pending", fields.phone, fields.company, address, fields.at ?? c.clock.now, fields.at ?? c.clock.now],
    )) as [{ id: number }];
    // PostgreSQL keeps the items' order in a column (pg-migrations/002); SQLite reads them by rowid.
    const position = (n: number) => (c.kind === "postgres" ? [", position", `, ${n}`] : ["", ""]);
    for (const [n, [siteListId, partNumber]] of [[part.id, part.partNumber] as const, [99_999_999, "QXX000OLD"] as const].entries()) {
      const [column, value] = position(n);
      await c.rows(
        `INSERT INTO sample_order_items (order_id${column}, site_list_id, part_number, name_zh, name_en, family_zh, family_en, series_zh, series_en, quantity) VALUES (?${value}, ?, ?, '器件', 'Device', '', '', '', '', 2)`,
        [id, siteListId, partNumber],
      );
    }
    await c.rows("INSERT INTO sample_order_records (order_id, status, actor, created_at) VALUES (?, 'pending', 'customer', ?)", [id, fields.at ?? c.clock.now]);
    return id;
  }

  describe("the sample-order board", () => {
    it("counts by status, searches four ways, filters and pages", async () => {
      await order("QY20261120-0001", { company: "Suzhou Greenfield Power", phone: "13800131234", at: c.clock.now - 2000 });
      await order("QY20261120-0002", { company: "Acme GmbH", phone: "13800135678", status: "inStock", at: c.clock.now - 1000 });
      const board = await c.get("/zh/orders", viewer.cookie);
      expect(board.status).toBe(200);
      expect(board.text).toContain("全部 (2)");
      expect(board.text).toContain("待处理 (1)");
      expect(board.text).toContain("备货中 (1)");
      expect(board.text.indexOf("QY20261120-0002")).toBeLessThan(board.text.indexOf("QY20261120-0001"));
      const search = async (q: string) => (await c.get(`/en/orders?q=${encodeURIComponent(q)}`, viewer.cookie)).text;
      expect(await search("QY20261120-0002")).toContain("<p>1 order</p>");
      expect(await search("QY2026")).toContain("2 orders");
      expect(await search("5678")).toMatch(/1 order<[\s\S]*QY20261120-0002/);
      expect(await search("greenfield")).toMatch(/1 order<[\s\S]*QY20261120-0001/);
      expect(await search(part.partNumber)).toContain("2 orders");
      expect(await search("100%_")).toContain("0 orders");
      const pending = await c.get("/en/orders?status=inStock&q=QY2026", viewer.cookie);
      expect(pending.text).toMatch(/1 order<[\s\S]*QY20261120-0002/);
    });

    it("shows an order's parts (an unavailable one as such), applicant, address and history, and audits the view", async () => {
      const page = await c.get("/en/orders/QY20261120-0001", viewer.cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain(part.partNumber);
      expect(page.text).toMatch(/QXX000OLD<strong> \(no longer available\)<\/strong>/);
      expect(page.text).not.toMatch(new RegExp(`${part.partNumber}<strong>`));
      expect(page.text).toContain("13800131234");
      expect(page.text).toContain("科技城 1 号");
      expect(page.text).toContain("Your role can only read.");
      expect((await c.get("/en/orders/QY20261120-9999", viewer.cookie)).status).toBe(404);
      expect((await c.get("/en/orders/<script>", viewer.cookie)).status).toBe(404);
      expect(await c.rows("SELECT COUNT(*) AS n FROM staff_audit WHERE action = 'viewOrder' AND target = 'QY20261120-0001'")).toEqual([{ n: 1 }]);
    });

    it("moves an order along the workflow for sales only, recorded with the member's name and e-mailed", async () => {
      const path = "/en/orders/QY20261120-0001";
      const outbox = async () => (await c.rows<{ n: number }>("SELECT COUNT(*) AS n FROM order_mail_outbox"))[0]!.n;
      const before = await outbox();
      expect((await c.post(path, { move: "advance" }, viewer.cookie)).status).toBe(403);
      const advanced = await c.post(path, { move: "advance", note: "Samples picked" }, sales.cookie);
      expect(advanced.status).toBe(303);
      expect(advanced.headers.location).toBe(`${path}?moved=1`);
      const noTracking = await c.post(path, { move: "advance", carrier: "SF Express" }, sales.cookie);
      expect(noTracking.status).toBe(400);
      expect(noTracking.text).toContain("Shipping needs a carrier and a tracking number.");
      expect((await c.post(path, { move: "advance", carrier: "Pigeon Post", trackingNumber: "1" }, sales.cookie)).text).toContain(
        "The carrier must be one of: SF Express",
      );
      expect((await c.post(path, { move: "advance", carrier: "SF Express", trackingNumber: "SF1234567890" }, sales.cookie)).status).toBe(303);
      const late = await c.post(path, { move: "reject", note: "too late" }, sales.cookie);
      expect(late.status).toBe(409);
      expect(late.text).toContain("This order cannot make that move now.");
      const reject = await c.post("/zh/orders/QY20261120-0002", { move: "reject", note: "" }, sales.cookie);
      expect(reject.text).toContain("驳回需要填写原因。");

      const records = await c.rows(
        "SELECT status, note, carrier, tracking_number AS tracking, actor FROM sample_order_records WHERE order_id = (SELECT id FROM sample_orders WHERE order_number = 'QY20261120-0001') ORDER BY id",
      );
      expect(records).toEqual([
        { status: "pending", note: null, carrier: null, tracking: null, actor: "customer" },
        { status: "inStock", note: "Samples picked", carrier: null, tracking: null, actor: "staff:sales@qingyun-power.com" },
        { status: "shipped", note: null, carrier: "SF Express", tracking: "SF1234567890", actor: "staff:sales@qingyun-power.com" },
      ]);
      // Each move's e-mail to the applicant is queued in its transaction; the upstream's outbox sends it.
      expect(await outbox()).toBe(before + 2);
      const page = await c.get(`${path}?moved=1`, viewer.cookie);
      expect(page.text).toContain("Moved; the applicant is e-mailed.");
      expect(page.text).toContain("<td>sales@qingyun-power.com</td>");
      expect(await c.rows("SELECT detail FROM staff_audit WHERE action = 'moveOrder' ORDER BY id")).toEqual([
        { detail: "pending → inStock" },
        { detail: "inStock → shipped" },
      ]);
    });

    it("holds at 200,000 orders: counts, the first and the last page, a status tab and a search answer quickly", async () => {
      const columns = `INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email, company_name, position,
      sample_use, language, created_at, updated_at)`;
      const status = "CASE i % 4 WHEN 0 THEN 'pending' WHEN 1 THEN 'inStock' WHEN 2 THEN 'shipped' ELSE 'done' END";
      if (c.kind === "sqlite") {
        c.db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) ${columns}
        SELECT printf('QY2025%04d-%04d', i / 10000, i % 10000), 1, ${status}, 'k', 'Applicant', printf('138%08d', i), 'a@example.cn', printf('Company %d', i % 5000),
          'Engineer', 'Evaluation', 'en', 1700000000000 + i * 1000, 1700000000000 + i * 1000
        FROM n`);
      } else {
        await c.rows(`${columns}
        SELECT 'QY2025' || lpad((i / 10000)::text, 4, '0') || '-' || lpad((i % 10000)::text, 4, '0'), 1, ${status}, 'k', 'Applicant', '138' || lpad(i::text, 8, '0'),
          'a@example.cn', 'Company ' || (i % 5000), 'Engineer', 'Evaluation', 'en', 1700000000000 + i * 1000::bigint, 1700000000000 + i * 1000::bigint
        FROM generate_series(1, 200000) AS i`);
        await c.rows("ANALYZE sample_orders");
      }
      const timed = async (url: string) => {
        const started = performance.now();
        const answer = await c.get(url, viewer.cookie);
        expect(answer.status, url).toBe(200);
        return { ms: performance.now() - started, text: answer.text };
      };
      const first = await timed("/en/orders");
      expect(first.text).toContain("200002 orders");
      expect(first.text).toContain("Page 1 of 10001");
      const last = await timed("/en/orders?page=10001");
      expect(last.text).toContain("QY20250000-0001");
      const tab = await timed("/en/orders?status=done&page=5000");
      const search = await timed("/en/orders?q=QY20250017-");
      expect(search.text).toContain("10000 orders");
      for (const { ms } of [first, last, tab, search]) expect(ms).toBeLessThan(1500);
      // PostgreSQL's plans of the same queries: test/upstream/staff-query-plans.test.ts.
      if (c.kind !== "sqlite") return;
      const plan = (sql: string) => (c.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join("; ");
      expect(plan("SELECT status, COUNT(*) AS n FROM sample_orders GROUP BY status")).toMatch(/USING COVERING INDEX sample_orders_status/);
      expect(plan("SELECT id FROM sample_orders WHERE order_number >= 'QY2025' AND order_number < 'QY2026' ORDER BY created_at DESC")).toMatch(/USING INDEX/);
    }, 60_000);
  });
});
