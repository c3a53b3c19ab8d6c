// The visitor's own data at the upstream: saved applicant details (changed, deleted), the export of
// everything kept about the account, and deleting the account — after which a search of every text column
// of the database finds neither the deleted phone, e-mail nor name, while staff keep anonymised orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportMyData } from "../../shared/contract/index.ts";
import { addAddress, contractData, freshPhone, startAccountUpstream, testAddress, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";

const STAFF_TOKEN = "staff-token-for-my-data-tests-0123456789";
const staff = { authorization: `Bearer ${STAFF_TOKEN}` };
const DATA = "/proxy/qingyun/basic/userData";

let u: AccountUpstream;
let f: SampleFixtures;
beforeAll(async () => {
  u = await startAccountUpstream({ dataDir: ":memory:", env: { STAFF_TOKEN } });
  f = await loadSampleFixtures(u);
});
afterAll(() => u.cleanup());

const applicant = { name: "欧阳明珠", phone: "13800138000", email: "mingzhu.ouyang@example.cn", companyName: "杭州远景储能有限公司", position: "系统工程师" };

/** Every row of every table whose text columns contain the value (SQLite's own catalogue of tables and columns). */
function findEverywhere(value: string): string[] {
  const found: string[] = [];
  const tables = u.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>;
  for (const { name } of tables) {
    const columns = (u.db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string }>).map((column) => column.name);
    for (const column of columns) {
      const hits = u.db.prepare(`SELECT COUNT(*) AS n FROM "${name}" WHERE CAST("${column}" AS TEXT) LIKE ?`).get(`%${value}%`) as { n: number };
      if (hits.n) found.push(`${name}.${column}`);
    }
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
  for (const index of [0, 1]) await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: user.session });
  const submitted = await u.call(
    `${SAMPLE}/submitSampleOrder`,
    { applicant: person, sampleUse: "Evaluation of a 22 kW charger.", addressId, evaluationOnly: true },
    { cookie: user.session },
  );
  const orderNumber = submitted.json.data.orderNumber as string;
  await u.call(`${SAMPLE}/cancelSampleOrder`, { SampleOrderNo: orderNumber, reason: `Call ${name} first` }, { cookie: user.session });
  await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[2]!.id }, { cookie: user.session });
  // A document download request under the same phone and e-mail (the form itself is tested with the documents).
  u.db
    .prepare(`INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at,
        consent_text, policy_version, consented_at)
      VALUES ('doc-1', ?, ?, ?, '杭州远景储能有限公司', '系统工程师', '1200 V SiC MOSFET for PCS', 'zh', 'x', ?, 'the notice', '2026-06-01', ?)`)
    .run(name, phone, email, u.clock.t, u.clock.t);
  return { user, phone, email, name, orderNumber };
}

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
    const { user, phone, email, name, orderNumber } = await accountWithEverything();
    const response = await u.call(`${DATA}/exportMyData`, {}, { cookie: user.session });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const data = contractData(exportMyData, response.json);
    expect(data.account).toMatchObject({ userId: user.userId, phone, email: null });
    expect(data.applicant).toMatchObject({ name, phone, email });
    expect(data.addresses).toMatchObject([{ recipient: name, area: "江苏省 苏州市 虎丘区" }]);
    expect(data.sampleList.map((item) => item.siteListId)).toEqual([f.visible[2]!.id]);
    expect(data.orders.map((order) => order.order.orderNumber)).toEqual([orderNumber]);
    expect(data.orders[0]!.records.map((record) => record.status)).toEqual(["pending", "cancelled"]);
    expect(data.downloadForms).toMatchObject([
      { documentId: "doc-1", name, phone, email, productDemand: "1200 V SiC MOSFET for PCS", consent: { text: "the notice", policyVersion: "2026-06-01" } },
    ]);
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
    const { user, phone, email, name, orderNumber } = await accountWithEverything();
    const second = await u.signIn(phone);
    for (const value of [phone, email, name]) expect(findEverywhere(value), value).not.toEqual([]);

    expect((await u.call(`${DATA}/deleteMyAccount`, {}, { cookie: user.session })).json.code).toBe("E40000002");
    expect((await u.call(`${DATA}/deleteMyAccount`, { confirm: false }, { cookie: user.session })).json.code).toBe("E40000002");
    const deleted = await u.call(`${DATA}/deleteMyAccount`, { confirm: true }, { cookie: user.session });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().join()).toMatch(/qy_session=;/);

    for (const session of [user.session, second.session]) {
      expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).status).toBe(401);
    }
    for (const value of [phone, email, name]) expect(findEverywhere(value), value).toEqual([]);

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
