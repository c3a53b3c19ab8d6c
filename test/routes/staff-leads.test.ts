// The leads inbox on the server: contact messages and download requests in one list with filters and paging,
// a lead's page (its view audited), working a lead by role (viewer reads only; an assignee must be a working
// member), and the streamed CSV export with the spreadsheet-formula guard, for sales and admins only; on each
// store (docs/decisions/044-store-interface-and-postgresql.md): on PostgreSQL the leads, the staff accounts and the
// audit are all there.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSiteContent } from "../../server/upstream/content/load.ts";
import { storeKinds } from "../upstream/stores.ts";
import { startConsole, type ConsoleUnderTest } from "./staff-helpers.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(storeKinds)("the leads inbox on %s", (store) => {
  let c: ConsoleUnderTest;
  beforeEach(async () => {
    // A new console each test, on a new database.
    c = await startConsole({ store });
  });
  afterEach(() => c.close());

  /** Rows of one statement on the store the leads are in (the SQL written once with `?`). */
  const rows = <T>(sql: string, params: Array<string | number | null> = []) => c.rows<T>(sql, params);
  const signedIn = (email: string, role: "admin" | "sales" | "viewer") => c.signedIn(email, role);
  async function message(fields: { name: string; company?: string; content: string; language?: string; at?: number }) {
    const [row] = await rows<{ id: number }>(
      "INSERT INTO leave_words (name, phone, email, company, content, language, ip_hash, created_at) VALUES (?, '13800138000', 'li@example.cn', ?, ?, ?, 'h', ?) RETURNING id",
      [fields.name, fields.company ?? null, fields.content, fields.language ?? "zh", fields.at ?? c.clock.now],
    );
    return row!.id;
  }
  async function download(fields: { name: string; company: string; demand: string; at?: number; documentId?: string }) {
    const [row] = await rows<{ id: number }>(
      "INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at) VALUES (?, ?, '13900139000', 'buyer@example.de', ?, 'Engineer', ?, 'en', 'h', ?) RETURNING id",
      [fields.documentId ?? "ds-qcm", fields.name, fields.company, fields.demand, fields.at ?? c.clock.now],
    );
    return row!.id;
  }

  it("lists both kinds newest first, filters by type, date, product, language and company, and pages", async () => {
    const viewer = await signedIn("viewer@qingyun-power.com", "viewer");
    await message({ name: "李雷", company: "青岛储能", content: "QCM040120K4 样品", at: c.clock.now - 3 * DAY });
    await download({ name: "Anna Smith", company: "Acme GmbH", demand: "QIM300120H62 for a 100 kW inverter", at: c.clock.now - DAY });
    await message({ name: "Bob", content: "price of QIM300120H62?", language: "en" });
    const all = await c.get("/zh/leads", viewer.cookie);
    expect(all.status).toBe(200);
    expect(all.text).toContain("共 3 条");
    expect(all.text.indexOf("Bob")).toBeLessThan(all.text.indexOf("Anna Smith"));
    expect(all.text.indexOf("Anna Smith")).toBeLessThan(all.text.indexOf("李雷"));
    // The list shows no contact details: they are on the lead's page, where a view is audited.
    expect(all.text).not.toContain("13800138000");
    // A product mentioned in any case, as typed in the filter.
    for (const product of ["QIM300120H62", "qim300120h62"]) expect((await c.get(`/en/leads?product=${product}`, viewer.cookie)).text).toContain("2 in all");
    const downloads = await c.get("/en/leads?kind=download&company=acme", viewer.cookie);
    expect(downloads.text).toContain("1 in all");
    const english = await c.get("/en/leads?language=en&kind=message", viewer.cookie);
    expect(english.text).toContain("1 in all");
    // A company filter's % and _ are the characters themselves.
    expect((await c.get("/en/leads?company=%25", viewer.cookie)).text).toContain("0 in all");
    const day = new Date(c.clock.now - 3 * DAY + 8 * 3_600_000).toISOString().slice(0, 10);
    const dated = await c.get(`/en/leads?from=${day}&to=${day}`, viewer.cookie);
    expect(dated.text).toContain("1 in all");
    expect(dated.text).toContain("李雷");
    // The last 30 days: product documents most downloaded (named by the document, its id when the content
    // has none) and the most active companies.
    expect(all.text).toMatch(/<caption>下载最多的产品资料<\/caption>[\s\S]*<td>ds-qcm<\/td><td><meter min="0" max="1" value="1"/);
    expect(all.text).toMatch(/<caption>最活跃的公司<\/caption>[\s\S]*<td>Acme GmbH<\/td>/);
    for (let i = 0; i < 60; i++) await message({ name: `Visitor ${i}`, content: "hello", at: c.clock.now - 10 * DAY });
    const second = await c.get("/en/leads?page=2", viewer.cookie);
    expect(second.text).toContain("Page 2 of 2");
    expect(second.text).toContain('rel="prev"');
  });

  it("shows a lead's contact details to every role and audits the view; only sales and admins work it", async () => {
    const viewer = await signedIn("viewer@qingyun-power.com", "viewer");
    const sales = await signedIn("sales@qingyun-power.com", "sales");
    const other = await signedIn("other@qingyun-power.com", "sales");
    const id = await message({ name: "李雷", company: "青岛储能", content: "样品" });
    const page = await c.get(`/zh/leads/message/${id}`, viewer.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain("13800138000");
    expect(page.text).toContain("您的角色只能查看。");
    expect(await rows("SELECT staff_email AS who, action, target FROM staff_audit WHERE action = 'viewLead'")).toEqual([
      { who: "viewer@qingyun-power.com", action: "viewLead", target: `message/${id}` },
    ]);
    const refused = await c.post(`/zh/leads/message/${id}`, { status: "handled", assignedTo: "", note: "x" }, viewer.cookie);
    expect(refused.status).toBe(403);
    expect((await c.get("/zh/leads.csv", viewer.cookie)).status).toBe(403);

    const worked = await c.post(`/en/leads/message/${id}`, { status: "new", assignedTo: String(other.id), note: "Call back on Monday" }, sales.cookie);
    expect(worked.status).toBe(303);
    expect(worked.headers.location).toBe(`/en/leads/message/${id}?saved=1`);
    expect(await rows('SELECT status, assigned_to AS "assignedTo", note FROM leave_words WHERE id = ?', [id])).toEqual([
      { status: "assigned", assignedTo: other.id, note: "Call back on Monday" },
    ]);
    // The lead's page names its assignee.
    expect((await c.get(`/en/leads/message/${id}?saved=1`, sales.cookie)).text).toContain("other@qingyun-power.com");
    // An assignee who does not work leads (a viewer), or no member at all, is refused and nothing changes.
    for (const assignedTo of [String(viewer.id), "999"]) {
      expect((await c.post(`/en/leads/message/${id}`, { status: "handled", assignedTo, note: "" }, sales.cookie)).status).toBe(400);
    }
    expect((await c.post(`/en/leads/message/${id}`, { status: "closed", assignedTo: "", note: "" }, sales.cookie)).status).toBe(400);
    expect((await c.get(`/en/leads/message/${id + 1000}`, sales.cookie)).status).toBe(404);
    expect((await c.get(`/en/leads/download/${id}`, sales.cookie)).status).toBe(404);
    expect(await rows("SELECT status FROM leave_words WHERE id = ?", [id])).toEqual([{ status: "assigned" }]);
  });

  it("exports the filtered leads as streamed CSV with the formula guard, and audits the export", async () => {
    const sales = await signedIn("sales@qingyun-power.com", "sales");
    await message({ name: "李雷", company: '=HYPERLINK("http://evil")', content: 'line one\nline "two"' });
    await download({ name: "Anna Smith", company: "Acme GmbH", demand: "QIM300120H62" });
    const csv = await c.get("/en/leads.csv?kind=message", sales.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Type,ID,Time (China),Name,Mobile,E-mail,Company,Position,Language,Status,Assignee,Document,Content,Note");
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.text).toContain('"line one\nline ""two"""');
    expect(csv.text).not.toContain("Anna Smith");
    expect(await rows("SELECT action, detail FROM staff_audit WHERE action = 'exportLeads'")).toEqual([{ action: "exportLeads", detail: "?kind=message" }]);
  });

  it("exports every lead once, newest first, however many (a message and a request may share a time and an id)", async () => {
    const sales = await signedIn("sales@qingyun-power.com", "sales");
    const base = c.clock.now - DAY;
    // Three messages a minute, and two thirds as many download requests whose ids and times are the messages'
    // own; then one newer message alone, so the pairs of a time and an id straddle every 500 rows.
    await rows(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1203)
       INSERT INTO leave_words (name, phone, email, company, content, language, ip_hash, created_at)
       SELECT 'Bulk ' || i, '13800138000', NULL, NULL, 'hello', 'en', 'h', CAST(? AS BIGINT) - (i / 3) * 60000 FROM n ORDER BY i`,
      [base],
    );
    await rows(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 800)
       INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at)
       SELECT 'ds-qcm', 'Bulk ' || i, '13900139000', 'b@example.de', 'Acme', 'Engineer', 'demand', 'en', 'h', CAST(? AS BIGINT) - (i / 3) * 60000 FROM n ORDER BY i`,
      [base],
    );
    const lone = await message({ name: "Lone", content: "newest", at: base + 60_000 });
    const csv = await c.get("/en/leads.csv", sales.cookie);
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1);
    const exported = lines.map((line) => {
      const [kind, id, time] = line.split(",");
      return { kind: kind!, id: Number(id), time: time! };
    });
    expect(exported).toHaveLength(1203 + 800 + 1);
    expect(exported[0]).toMatchObject({ kind: "Message", id: lone });
    // Newest first; each kind's own rows in their order (a message and a request at one time and id may come in
    // either order), each exactly once.
    expect(exported.map((row) => row.time)).toEqual(exported.map((row) => row.time).sort((a, b) => b.localeCompare(a)));
    const ofKind = (kind: string) => exported.filter((row) => row.kind === kind).map((row) => row.id);
    const newestFirst = (count: number) => Array.from({ length: count }, (_, i) => i + 1).sort((a, b) => Math.floor(a / 3) - Math.floor(b / 3) || b - a);
    expect(ofKind("Message")).toEqual([lone, ...newestFirst(1203)]);
    expect(ofKind("Download")).toEqual(newestFirst(800));
  });

  it("finds a download request by a part its document covers, and names the document in the 30 days' table", async () => {
    loadSiteContent(c.db, undefined);
    const doc = c.db
      .prepare(
        `SELECT dp.document_id AS id, s.part_number AS part, d.title FROM document_products dp JOIN site_list s ON s.id = dp.product_id
         JOIN documents d ON d.id = dp.document_id AND d.language = 'en' ORDER BY dp.document_id LIMIT 1`,
      )
      .get() as { id: string; part: string; title: string };
    const viewer = await signedIn("viewer@qingyun-power.com", "viewer");
    await download({ name: "Anna", company: "Acme", demand: "an inverter", documentId: doc.id });
    const found = await c.get(`/en/leads?product=${encodeURIComponent(doc.part)}`, viewer.cookie);
    expect(found.text).toContain("1 in all");
    expect(found.text).toContain(`<td>${doc.title.replace(/&/g, "&amp;")}</td>`);
    // The part's number as its beginning, in any case.
    expect((await c.get(`/en/leads?product=${encodeURIComponent(doc.part.slice(0, -1).toLowerCase())}`, viewer.cookie)).text).toContain("1 in all");
    expect((await c.get("/en/leads?product=NOPART999", viewer.cookie)).text).toContain("0 in all");
  });
});

describe("the leads inbox's query plans on SQLite", () => {
  let c: ConsoleUnderTest;
  beforeEach(async () => {
    c = await startConsole();
  });
  afterEach(() => c.close());

  it("lists by status and date with an index on each table", () => {
    const plan = (sql: string) => (c.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join("; ");
    expect(plan("SELECT id FROM leave_words WHERE status = 'new' ORDER BY created_at DESC, id DESC LIMIT 50")).toMatch(/USING (COVERING )?INDEX leave_words_status/);
    expect(plan("SELECT id FROM download_records WHERE status = 'new' ORDER BY created_at DESC, id DESC LIMIT 50")).toMatch(
      /USING (COVERING )?INDEX download_records_status/,
    );
    expect(plan("SELECT id FROM leave_words WHERE created_at >= 1 AND created_at < 2")).toMatch(/USING (COVERING )?INDEX leave_words_created/);
    expect(plan("DELETE FROM download_records WHERE created_at < 1")).toMatch(/USING (COVERING )?INDEX download_records_created/);
  });
});
