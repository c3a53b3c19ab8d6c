// The stated sample rules at the upstream (pieces per part and per order, open orders per account, the
// duplicate rule counting only open orders) and the customer's cancel of a pending order: who may, when,
// what the history, staff and the CLI see, and a database from before 'cancelled' that migrates.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, cancelSampleOrder, sampleLimits } from "../../shared/contract/index.ts";
import { addressFor, contractData, freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";
import { migrate } from "../../server/upstream/db.ts";
import { storeKinds, storeOptions } from "./stores.ts";

const run = promisify(execFile);
const STAFF_TOKEN = "staff-token-for-rule-tests-0123456789abc";
const staff = { authorization: `Bearer ${STAFF_TOKEN}` };
const cliPath = path.resolve("server/upstream/cli/orders.ts");

describe.each(storeKinds)("the sample rules on %s", (store) => {
  let u: AccountUpstream;
  let f: SampleFixtures;
  let dataDir: string;
  let database: { databaseUrl?: string };

  beforeAll(async () => {
    database = await storeOptions(store);
    dataDir = mkdtempSync(path.join(tmpdir(), "qy-rules-"));
    u = await startAccountUpstream({ ...database, dataDir, env: { STAFF_TOKEN } }, Date.now() - 60 * 60_000);
    f = await loadSampleFixtures(u);
  });
  afterAll(async () => {
    await u.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const applicant = { name: "Emma Fischer", phone: "13800138000", email: "emma@example.com", companyName: "Greenfield Power", position: "Engineer" };
  const sampleUse = "Evaluating a 22 kW on-board charger.";

  async function fill(session: string, indexes: number[], quantity = 1) {
    for (const index of indexes) {
      const items = (await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: session })).json.data;
      if (quantity !== 1) await u.call(`${SAMPLE}/modifySampleProduct`, { ID: items.at(-1).ID, quantity }, { cookie: session });
    }
  }
  const submit = async (session: string, language: "zh" | "en" = "en") =>
    u.call(`${SAMPLE}/submitSampleOrder`, { applicant, sampleUse, addressId: await addressFor(u, session), evaluationOnly: true }, { cookie: session, language });
  const cancel = (session: string, body: Record<string, unknown>, language: "zh" | "en" = "en") =>
    u.call(`${SAMPLE}/cancelSampleOrder`, body, { cookie: session, language });
  const history = (session: string, orderNumber: string) => u.call(`${SAMPLE}/querySampleOrderRecordList?SampleOrderNo=${orderNumber}`, {}, { cookie: session });

  describe("the stated limits", () => {
    it("refuses an order without the evaluation-only confirmation, in the request's language, and keeps the list", async () => {
      const { session } = await u.signIn(freshPhone());
      await fill(session, [38]);
      const body = { applicant, sampleUse, addressId: await addressFor(u, session) };
      const en = await u.call(`${SAMPLE}/submitSampleOrder`, { ...body, evaluationOnly: false }, { cookie: session });
      expect(en.status).toBe(400);
      expect(en.json).toMatchObject({ code: "E40022018", message: "Please confirm that the samples are for evaluation only, not for commercial use." });
      const zh = await u.call(`${SAMPLE}/submitSampleOrder`, { ...body, evaluationOnly: false }, { cookie: session, language: "zh" });
      expect(zh.json.message).toBe("请确认样品仅用于评估，不用于商业用途");
      expect((await u.call(`${SAMPLE}/submitSampleOrder`, body, { cookie: session })).json.code).toBe("E40000002");
      expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data).toHaveLength(1);
    });

    it("refuses more pieces of a part than the rule allows, naming the limit in the request's language", async () => {
      const { session } = await u.signIn(freshPhone());
      await fill(session, [0]);
      const [item] = (await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data;
      const en = await u.call(`${SAMPLE}/modifySampleProduct`, { ID: item.ID, quantity: sampleLimits.maxQuantity + 1 }, { cookie: session });
      expect(en.status).toBe(400);
      expect(en.json).toMatchObject({ code: "E40022017", message: `At most ${sampleLimits.maxQuantity} pieces of each part can be requested.` });
      const zh = await u.call(`${SAMPLE}/modifySampleProduct`, { ID: item.ID, quantity: 99 }, { cookie: session, language: "zh" });
      expect(zh.json.message).toBe(`每个型号最多申请 ${sampleLimits.maxQuantity} 件`);
      const ok = await u.call(`${SAMPLE}/modifySampleProduct`, { ID: item.ID, quantity: sampleLimits.maxQuantity }, { cookie: session });
      expect(ok.json.data[0].quantity).toBe(sampleLimits.maxQuantity);
    });

    it("refuses an order of more pieces in all than the rule allows, and keeps the list", async () => {
      const { session } = await u.signIn(freshPhone());
      const parts = Math.floor(sampleLimits.maxOrderQuantity / sampleLimits.maxQuantity) + 1;
      await fill(
        session,
        Array.from({ length: parts }, (_, i) => i),
        sampleLimits.maxQuantity,
      );
      const total = parts * sampleLimits.maxQuantity;
      const refused = await submit(session);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        code: "E40022014",
        message: `An order can hold at most ${sampleLimits.maxOrderQuantity} pieces in all; this list has ${total}.`,
      });
      expect((await submit(session, "zh")).json.message).toBe(`每个订单最多 ${sampleLimits.maxOrderQuantity} 件样品，当前清单共 ${total} 件`);
      expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data).toHaveLength(parts);
    });

    it(`allows ${sampleLimits.maxOpenOrders} open orders per account; a finished one frees a place`, async () => {
      const { session } = await u.signIn(freshPhone());
      const numbers: string[] = [];
      for (let i = 0; i < sampleLimits.maxOpenOrders; i++) {
        await fill(session, [i]);
        const response = await submit(session);
        expect(response.status).toBe(200);
        numbers.push(response.json.data.orderNumber);
      }
      await fill(session, [10]);
      const refused = await submit(session);
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        code: "E40022015",
        message: `You already have ${sampleLimits.maxOpenOrders} open sample orders. Submit a new one when one of them is completed, rejected or cancelled.`,
      });
      // Orders in stock, shipped or received are still open.
      await u.post(`/staff/orders/${numbers[0]}/advance`, {}, staff);
      expect((await submit(session)).json.code).toBe("E40022015");
      await u.post(`/staff/orders/${numbers[0]}/reject`, { reason: "Allocation" }, staff);
      expect((await submit(session)).status).toBe(200);
      await fill(session, [11]);
      expect((await submit(session)).json.code).toBe("E40022015");
      await cancel(session, { SampleOrderNo: numbers[1] });
      expect((await submit(session)).status).toBe(200);
    });

    it("answers one order and refusals to a burst of parallel submits of different lists from one account", async () => {
      // Each submit takes the list at its moment, so the burst alternates adding a part and submitting.
      const { session } = await u.signIn(freshPhone());
      const results = await Promise.all(
        Array.from({ length: 11 }, async (_, i) => {
          await fill(session, [12 + i]);
          return submit(session);
        }),
      );
      const ok = results.filter((response) => response.status === 200);
      expect(ok.length).toBeLessThanOrEqual(sampleLimits.maxOpenOrders);
      expect(results.every((response) => response.status === 200 || ["E40022015", "E40022004"].includes(response.json.code))).toBe(true);
      const all = (await u.call(`${SAMPLE}/querySampleOrderByPage`, { status: "all" }, { cookie: session })).json.data;
      expect(all.total).toBe(ok.length);
    });
  });

  describe("the duplicate rule", () => {
    it("refuses an identical list only while that order is open, naming the order; completed, rejected or cancelled ones may be repeated", async () => {
      const { session } = await u.signIn(freshPhone());
      await fill(session, [20]);
      const first = (await submit(session)).json.data.orderNumber as string;
      await fill(session, [20]);
      const refused = await submit(session);
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe(`You have already submitted the same application list~ (order ${first} is still open)`);
      expect((await submit(session, "zh")).json.message).toBe(`您已提交过相同的申请清单~（订单 ${first} 仍在处理中）`);

      await cancel(session, { SampleOrderNo: first });
      const second = (await submit(session)).json.data.orderNumber as string;
      for (const move of ["advance", "advance"]) await u.post(`/staff/orders/${second}/${move}`, {}, staff);
      await u.post(`/staff/orders/${second}/advance`, { carrier: "SF Express", trackingNumber: "SF1234567890123" }, staff);
      await u.post(`/staff/orders/${second}/advance`, {}, staff);
      await fill(session, [20]);
      // Shipped and received: still open.
      expect((await submit(session)).json.code).toBe("E40022005");
      await u.post(`/staff/orders/${second}/advance`, {}, staff);
      expect((await history(session, second)).json.data.order.status).toBe("done");
      expect((await submit(session)).status).toBe(200);
    });
  });

  describe("cancelSampleOrder", () => {
    it("cancels one's own pending order with an optional reason; history, staff API and CLI show it", async () => {
      const { session, userId } = await u.signIn(freshPhone());
      await fill(session, [30]);
      const number = (await submit(session)).json.data.orderNumber as string;
      const stranger = await u.signIn(freshPhone());
      const theirs = await cancel(stranger.session, { SampleOrderNo: number });
      expect(theirs.status).toBe(404);
      expect(theirs.json.code).toBe("E40022006");
      expect((await u.call(`${SAMPLE}/cancelSampleOrder`, { SampleOrderNo: number })).status).toBe(401);
      expect((await cancel(session, { SampleOrderNo: number, reason: "x".repeat(501) })).json.code).toBe("E40000002");
      expect((await cancel(session, { SampleOrderNo: "QY1" })).json.code).toBe("E40000002");

      u.clock.advance(1000);
      const response = await cancel(session, { SampleOrderNo: number, reason: "  Project postponed.  " });
      expect(response.status).toBe(200);
      const detail = contractData(cancelSampleOrder, response.json);
      expect(detail.order.status).toBe("cancelled");
      expect(detail.records.map((record) => [record.status, record.note])).toEqual([
        ["pending", null],
        ["cancelled", "Project postponed."],
      ]);
      const again = await cancel(session, { SampleOrderNo: number }, "zh");
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ code: "E40022016", message: "只有待处理的订单可以取消" });

      const tab = (await u.call(`${SAMPLE}/querySampleOrderByPage`, { status: "cancelled" }, { cookie: session })).json.data;
      expect(tab.list.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([number]);
      const staffView = (await u.get(`/staff/orders/${number}`, staff)).json.data;
      expect(staffView.order).toMatchObject({ status: "cancelled", userId });
      expect(staffView.records.at(-1)).toMatchObject({ status: "cancelled", actor: "customer", note: "Project postponed." });
      expect((await u.get("/staff/orders?status=cancelled&pageSize=100", staff)).json.data.list.some((o: { orderNumber: string }) => o.orderNumber === number)).toBe(
        true,
      );
      // Staff cannot move a cancelled order on.
      expect((await u.post(`/staff/orders/${number}/advance`, {}, staff)).json.code).toBe("E40023002");
      // The orders CLI reads the orders where the upstream keeps them (DATABASE_URL, else the SQLite file).
      const shown = await run(process.execPath, [cliPath, "show", number], {
        env: { ...process.env, DATA_DIR: dataDir, ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}) },
        timeout: 15_000,
      });
      expect(shown.stdout).toMatch(/cancelled\s+customer/);
      expect(shown.stdout).toContain("Project postponed.");
    });

    it("refuses once staff have started on the order", async () => {
      const { session } = await u.signIn(freshPhone());
      await fill(session, [31]);
      const number = (await submit(session)).json.data.orderNumber as string;
      await u.post(`/staff/orders/${number}/advance`, {}, staff);
      const refused = await cancel(session, { SampleOrderNo: number });
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ code: "E40022016", message: "Only a pending order can be cancelled." });
      expect((await history(session, number)).json.data.order.status).toBe("inStock");
    });

    it("is in the contract's list of calls", () => {
      expect(calls.map((call) => call.name)).toContain("cancelSampleOrder");
    });
  });

  // SQLite's own migration: PostgreSQL's schema was written with 'cancelled' from its start.
  if (store === "sqlite")
    describe("migration 012", () => {
      it("keeps the orders and their children of a database made before 'cancelled' and then accepts it", () => {
        const dir = mkdtempSync(path.join(tmpdir(), "qy-mig-"));
        try {
          const db = new DatabaseSync(path.join(dir, "t.sqlite"));
          db.exec("PRAGMA foreign_keys = ON");
          // Everything up to 011 as it was, with an order, its item and record.
          migrate(db, (version) => version < 12);
          db.exec(`INSERT INTO users (id, phone, created_at) VALUES (1, '13800138000', 0);
          INSERT INTO sample_orders (id, order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email,
            company_name, position, sample_use, language, created_at, updated_at)
            VALUES (7, 'QY20261122-0001', 1, 'pending', '1:1', 'a', 'b', 'c', 'd', 'e', 'f', 'en', 0, 0);
          INSERT INTO sample_order_records (order_id, status, actor, created_at) VALUES (7, 'pending', 'customer', 0);`);
          expect(() => db.exec("UPDATE sample_orders SET status = 'cancelled' WHERE id = 7")).toThrow(/CHECK/);
          migrate(db);
          db.exec("UPDATE sample_orders SET status = 'cancelled' WHERE id = 7");
          expect(db.prepare("SELECT COUNT(*) AS n FROM sample_order_records WHERE order_id = 7").get()).toEqual({ n: 1 });
          expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
          expect(() => db.exec("INSERT INTO sample_order_records (order_id, status, actor, created_at) VALUES (99, 'x', 'y', 0)")).toThrow(/FOREIGN KEY/);
          db.close();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    });

  describe("progress at a glance", () => {
    it("counts the user's orders per status tab", async () => {
      const { session } = await u.signIn(freshPhone());
      const counts = () => u.call(`${SAMPLE}/querySampleOrderCounts`, {}, { cookie: session });
      expect((await counts()).json.data).toEqual({ all: 0, pending: 0, inStock: 0, shipped: 0, rejected: 0, done: 0, signed: 0, cancelled: 0 });
      const numbers: string[] = [];
      for (const index of [40, 41, 42]) {
        await fill(session, [index]);
        numbers.push((await submit(session)).json.data.orderNumber);
      }
      await u.post(`/staff/orders/${numbers[0]}/advance`, {}, staff);
      await cancel(session, { SampleOrderNo: numbers[1] });
      expect((await counts()).json.data).toMatchObject({ all: 3, pending: 1, inStock: 1, cancelled: 1, done: 0 });
      expect((await u.call(`${SAMPLE}/querySampleOrderCounts`)).status).toBe(401);
    });

    it("takes only the carriers whose tracking pages the site links, under their one name", async () => {
      const { session } = await u.signIn(freshPhone());
      await fill(session, [41]);
      const number = (await submit(session)).json.data.orderNumber as string;
      await u.post(`/staff/orders/${number}/advance`, {}, staff);
      const unknown = await u.post(`/staff/orders/${number}/advance`, { carrier: "Pigeon Post", trackingNumber: "P1" }, staff);
      expect(unknown.status).toBe(400);
      expect(unknown.json).toMatchObject({ code: "E40023005", message: "Choose one of the carriers: SF Express, JD Logistics, EMS, DHL, FedEx, UPS." });
      const shipped = await u.post(`/staff/orders/${number}/advance`, { carrier: "  fedex ", trackingNumber: "794611111111" }, staff);
      expect(shipped.json.data.order.shipping).toEqual({ carrier: "FedEx", trackingNumber: "794611111111" });
    });

    it("orders again: copies an order's parts and quantities into the list, leaving out what is already there", async () => {
      const { session } = await u.signIn(freshPhone());
      await fill(session, [42, 41], 3);
      const number = (await submit(session)).json.data.orderNumber as string;
      await fill(session, [41]);
      const again = await u.call(`${SAMPLE}/reorderSampleOrder`, { SampleOrderNo: number }, { cookie: session });
      expect(again.status).toBe(200);
      expect(again.json.data.map((item: { siteListId: number; quantity: number }) => [item.siteListId, item.quantity])).toEqual([
        [f.visible[41]!.id, 1],
        [f.visible[42]!.id, 3],
      ]);
      const stranger = await u.signIn(freshPhone());
      const theirs = await u.call(`${SAMPLE}/reorderSampleOrder`, { SampleOrderNo: number }, { cookie: stranger.session });
      expect(theirs.json.code).toBe("E40022006");
      expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: stranger.session })).json.data).toEqual([]);
    });
  });
});
