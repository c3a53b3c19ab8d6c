// The visitor's own data at the upstream: saved applicant details (changed, deleted), the export of
// everything kept about the account, and deleting the account — after which a search of every text column
// of the database finds neither the deleted phone, e-mail nor name, while staff keep anonymised orders; on each
// store (docs/decisions/044-store-interface-and-postgresql.md).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { types } from "../../server/upstream/postgres.ts";
import { addDownloadRecord, addLeaveWord, callPath, exportMyData, queryAttachPage } from "../../shared/contract/index.ts";
import { downloadConsent } from "../../shared/forms/consent.ts";
import { addAddress, contractData, freshPhone, startAccountUpstream, testAddress, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";
import { storeKinds, storeRows } from "./stores.ts";

const STAFF_TOKEN = "staff-token-for-my-data-tests-0123456789";
const staff = { authorization: `Bearer ${STAFF_TOKEN}` };
const DATA = "/proxy/qingyun/basic/userData";

const applicant = { name: "欧阳明珠", phone: "13800138000", email: "mingzhu.ouyang@example.cn", companyName: "杭州远景储能有限公司", position: "系统工程师" };

describe.each(storeKinds)("the visitor's own data on %s", (store) => {
  let u: AccountUpstream;
  let f: SampleFixtures;
  beforeAll(async () => {
    u = await startAccountUpstream({ dataDir: ":memory:", env: { STAFF_TOKEN }, store });
    f = await loadSampleFixtures(u);
    documentId = (await u.call(callPath(queryAttachPage, "qingyun"), { pageSize: 1 })).json.data.list[0].id;
  });
  afterAll(() => u.cleanup());

  /** Every column of every table, in the SQLite file and in the upstream's PostgreSQL when it has one, whose text
   * contains the value (each database's own catalogue of tables and columns). */
  async function findEverywhere(value: string): Promise<string[]> {
    const found: string[] = [];
    const tables = u.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>;
    for (const { name } of tables) {
      const columns = (u.db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string }>).map((column) => column.name);
      for (const column of columns) {
        const hits = u.db.prepare(`SELECT COUNT(*) AS n FROM "${name}" WHERE CAST("${column}" AS TEXT) LIKE ?`).get(`%${value}%`) as { n: number };
        if (hits.n) found.push(`${name}.${column}`);
      }
    }
    if (!u.databaseUrl) return found;
    const client = new pg.Client({ connectionString: u.databaseUrl, types });
    await client.connect();
    try {
      const columns = (
        await client.query<{ table: string; column: string }>(
          "SELECT table_name AS table, column_name AS column FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
        )
      ).rows;
      for (const table of new Set(columns.map((entry) => entry.table))) {
        const names = columns.filter((entry) => entry.table === table).map((entry) => entry.column);
        const counts = names.map((name, i) => `COUNT(*) FILTER (WHERE CAST("${name}" AS TEXT) LIKE $1) AS c${i}`).join(", ");
        const [hits] = (await client.query<Record<string, number>>(`SELECT ${counts} FROM "${table}"`, [`%${value}%`])).rows;
        names.forEach((name, i) => {
          if (hits![`c${i}`]) found.push(`postgres:${table}.${name}`);
        });
      }
    } finally {
      await client.end();
    }
    return found;
  }

  async function accountWithEverything() {
    const phone = freshPhone();
    const email = `owner.${phone}@example.com`;
    const user = await u.signIn(phone);
    const name = `测试用户${phone.slice(-4)}`;
    const person = { ...applicant, name, phone, email };
    const addressId = await addAddress(u, user.session, { ...testAddress, recipient: name, phone });
    const submit = async (indexes: number[]) => {
      for (const index of indexes) await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: user.session });
      const submitted = await u.call(
        `${SAMPLE}/submitSampleOrder`,
        { applicant: person, sampleUse: `Evaluation of a 22 kW charger for ${name}.`, addressId, evaluationOnly: true },
        { cookie: user.session },
      );
      expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
      return submitted.json.data.orderNumber as string;
    };
    const orderNumber = await submit([0, 1]);
    await u.call(`${SAMPLE}/cancelSampleOrder`, { SampleOrderNo: orderNumber, reason: `Call ${name} first` }, { cookie: user.session });
    // Still open at deletion: one staff have started on (inStock), one on its way (shipped).
    const inStock = await submit([3]);
    await u.post(`/staff/orders/${inStock}/advance`, {}, staff);
    const shipped = await submit([4]);
    await u.post(`/staff/orders/${shipped}/advance`, {}, staff);
    await u.post(`/staff/orders/${shipped}/advance`, { carrier: "SF Express", trackingNumber: "SF1234567890" }, staff);
    await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[2]!.id }, { cookie: user.session });
    // A document download request and a contact message sent while signed in: the account's own.
    const download = await u.call(
      callPath(addDownloadRecord, "qingyun"),
      { ...downloadForm(name, phone, email), consent: { policyVersion: downloadConsent.policyVersion } },
      { cookie: user.session, language: "zh" },
    );
    expect(download.status, JSON.stringify(download.json)).toBe(200);
    const message = await u.call(callPath(addLeaveWord, "qingyun"), { name, phone, content: `请联系 ${name}` }, { cookie: user.session });
    expect(message.status, JSON.stringify(message.json)).toBe(200);
    return { user, phone, email, name, orderNumber, inStock, shipped };
  }

  let documentId = "";
  const downloadForm = (name: string, phone: string, email: string) => ({
    attachId: documentId,
    name,
    phone,
    email,
    company: "杭州远景储能有限公司",
    position: "系统工程师",
    productDemand: "1200 V SiC MOSFET for PCS",
  });

  describe("applicant details", () => {
    it("are saved by a submission, changed and deleted on request; deleting stops the prefill", async () => {
      const user = await u.signIn(freshPhone());
      const prefill = () => u.call(`${SAMPLE}/queryUserInfoById?userId=${user.userId}`, {}, { cookie: user.session });
      expect((await prefill()).json.data.applicant).toBeNull();
      const saved = await u.call(`${DATA}/saveApplicantProfile`, { ...applicant, name: " 欧阳 明珠 " }, { cookie: user.session });
      expect(saved.json.data).toEqual({ ...applicant, name: "欧阳 明珠" });
      expect((await prefill()).json.data.applicant.name).toBe("欧阳 明珠");
      expect((await u.call(`${DATA}/saveApplicantProfile`, { ...applicant, email: "nope" }, { cookie: user.session })).json.code).toBe("E40021002");
      expect((await u.call(`${DATA}/removeApplicantProfile`, {}, { cookie: user.session })).status).toBe(200);
      expect((await prefill()).json.data.applicant).toBeNull();
    });
  });

  describe("exportMyData", () => {
    it("holds the account, applicant details, addresses, sample list, orders with records and download-form entries", async () => {
      const { user, phone, email, name, orderNumber, inStock, shipped } = await accountWithEverything();
      const response = await u.call(`${DATA}/exportMyData`, {}, { cookie: user.session });
      expect(response.status, JSON.stringify(response.json)).toBe(200);
      const data = contractData(exportMyData, response.json);
      expect(data.account).toMatchObject({ userId: user.userId, phone, email: null });
      expect(data.applicant).toMatchObject({ name, phone, email });
      expect(data.addresses).toMatchObject([{ recipient: name, area: "江苏省 苏州市 虎丘区" }]);
      expect(data.sampleList.map((item) => item.siteListId)).toEqual([f.visible[2]!.id]);
      expect(data.orders.map((order) => order.order.orderNumber)).toEqual([orderNumber, inStock, shipped]);
      expect(data.orders[0]!.records.map((record) => record.status)).toEqual(["pending", "cancelled"]);
      expect(data.downloadForms).toMatchObject([
        {
          documentId,
          name,
          phone,
          email,
          productDemand: "1200 V SiC MOSFET for PCS",
          consent: { text: downloadConsent.text.zh, policyVersion: downloadConsent.policyVersion },
        },
      ]);
      expect(data.contactMessages).toMatchObject([{ name, phone, email: null, company: null, content: `请联系 ${name}` }]);
      const file = await u.get(`/front/userData/downloadMyData?language=zh`, { cookie: `qy_session=${user.session}` });
      expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="qingyun-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(file.headers.get("cache-control")).toBe("private, no-store");
      expect(file.json.account.userId).toBe(user.userId);
      expect(file.json.addresses[0].countryName).toBe("中国");
      expect((await u.get("/front/userData/downloadMyData")).status).toBe(401);
      expect((await u.call(`${DATA}/exportMyData`)).status).toBe(401);
    });
  });

  describe("deleteMyAccount", () => {
    it("needs the confirmation, ends every session, and leaves no personal data behind; staff keep anonymised orders", async () => {
      const { user, phone, email, name, orderNumber, inStock, shipped } = await accountWithEverything();
      const second = await u.signIn(phone);
      for (const value of [phone, email, name]) expect(await findEverywhere(value), value).not.toEqual([]);

      expect((await u.call(`${DATA}/deleteMyAccount`, {}, { cookie: user.session })).json.code).toBe("E40000002");
      expect((await u.call(`${DATA}/deleteMyAccount`, { confirm: false }, { cookie: user.session })).json.code).toBe("E40000002");
      const deleted = await u.call(`${DATA}/deleteMyAccount`, { confirm: true }, { cookie: user.session });
      expect(deleted.status).toBe(200);
      expect(deleted.headers.getSetCookie().join()).toMatch(/qy_session=;/);

      for (const session of [user.session, second.session]) {
        expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).status).toBe(401);
      }
      for (const value of [phone, email, name]) expect(await findEverywhere(value), value).toEqual([]);

      // Orders nobody shipped are closed with the reason; free text is blank; the one on its way may still be
      // advanced by staff, but no e-mail goes to an applicant who is no more.
      const closed = (await u.get(`/staff/orders/${inStock}`, staff)).json.data;
      expect(closed.order).toMatchObject({ status: "cancelled", sampleUse: "" });
      expect(closed.records.at(-1)).toMatchObject({ status: "cancelled", note: "账户已注销 / account deleted", actor: "system" });
      expect((await u.post(`/staff/orders/${inStock}/advance`, {}, staff)).status).toBe(409);
      const mails = async () =>
        (
          await storeRows<{ n: number }>(u, "SELECT COUNT(*) AS n FROM order_mail_outbox m JOIN sample_orders o ON o.id = m.order_id WHERE o.order_number = ?", [shipped])
        )[0]!.n;
      const before = await mails();
      expect((await u.post(`/staff/orders/${shipped}/advance`, {}, staff)).status).toBe(200);
      expect((await u.get(`/staff/orders/${shipped}`, staff)).json.data.order).toMatchObject({ status: "signed", sampleUse: "", applicant: { email: "" } });
      expect(await mails()).toBe(before);

      const kept = (await u.get(`/staff/orders/${orderNumber}`, staff)).json.data;
      expect(kept.order).toMatchObject({ orderNumber, status: "cancelled", applicant: { name: "", phone: "", email: "" } });
      expect(kept.order.shippingAddress).toMatchObject({ recipient: "", street: "", country: "CN", area: "江苏省 苏州市 虎丘区" });
      expect(kept.order.items).toHaveLength(2);
      // The phone can make a new, empty account.
      const again = await u.signIn(phone);
      expect(again.userId).not.toBe(user.userId);
      expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: again.session })).json.data).toEqual([]);
    });
  });

  describe("only the visitor's own entries", () => {
    it("a form that merely types the account's phone or e-mail is neither exported nor erased with it; the export is what deletion erases", async () => {
      const phone = freshPhone();
      const email = `owner.${phone}@example.com`;
      const owner = await u.signIn(phone);
      // Someone else, not signed in, types the owner's phone and e-mail with their own name and company.
      const stranger = `陌生人${phone.slice(-4)}`;
      const strangerDownload = { ...downloadForm(stranger, phone, email), company: "Stranger Trading Co." };
      expect((await u.call(callPath(addDownloadRecord, "qingyun"), strangerDownload, { ip: "203.0.113.77" })).status).toBe(200);
      expect((await u.call(callPath(addLeaveWord, "qingyun"), { name: stranger, phone, email, content: "Not the owner" }, { ip: "203.0.113.77" })).status).toBe(200);
      // The owner's own, sent while signed in (with a different e-mail: what counts is the session).
      expect((await u.call(callPath(addDownloadRecord, "qingyun"), downloadForm("Owner", phone, "other@example.com"), { cookie: owner.session })).status).toBe(200);
      expect((await u.call(callPath(addLeaveWord, "qingyun"), { name: "Owner", email: "other@example.com", content: "Mine" }, { cookie: owner.session })).status).toBe(
        200,
      );

      const data = contractData(exportMyData, (await u.call(`${DATA}/exportMyData`, {}, { cookie: owner.session })).json);
      expect(data.downloadForms.map((entry) => entry.name)).toEqual(["Owner"]);
      expect(data.contactMessages.map((entry) => entry.content)).toEqual(["Mine"]);
      expect(JSON.stringify(data)).not.toContain(stranger);
      expect(JSON.stringify(data)).not.toContain("Stranger Trading Co.");

      expect((await u.call(`${DATA}/deleteMyAccount`, { confirm: true }, { cookie: owner.session })).status).toBe(200);
      const rows = async (table: string) =>
        (
          await storeRows<{ name: string }>(u, `SELECT name FROM ${table} WHERE phone = ? OR email = ? OR email = 'other@example.com' OR name = 'Owner'`, [phone, email])
        ).map((row) => row.name);
      // What the export showed is gone; the stranger's entries, never shown, stay theirs.
      expect(await rows("download_records")).toEqual([stranger]);
      expect(await rows("leave_words")).toEqual([stranger]);
    });
  });
});
