// Sample orders from submission to completion: the submit rules (applicant checks, the duplicate-list
// 409, the list emptied), the user's order pages and history, staff moves through the staff API and the
// orders CLI (a separate process on the same database), preview tokens, and a restart that keeps it all.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callPath, queryPreviewRevoked, querySampleOrderByPage, querySampleOrderRecordList, submitSampleOrder } from "../../shared/contract/index.ts";
import { previewTokenId, verifyPreviewToken } from "../../shared/http/preview-token.ts";
import { chinaDay } from "../../server/upstream/samples/orders.ts";
import { addressFor, contractData, freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";
import { storeKinds, storeOptions } from "./stores.ts";

const run = promisify(execFile);
const STAFF_TOKEN = "staff-token-for-tests-0123456789abcdef";
const PREVIEW_SECRET = "preview-secret-for-tests-0123456789abcdef";
const cliPath = path.resolve("server/upstream/cli/orders.ts");
const staff = { authorization: `Bearer ${STAFF_TOKEN}` };

describe.each(storeKinds)("sample orders on %s", (store) => {
  let u: AccountUpstream;
  let f: SampleFixtures;
  let dataDir: string;
  let database: { databaseUrl?: string };
  const env = { STAFF_TOKEN, PREVIEW_SECRET };

  beforeAll(async () => {
    database = await storeOptions(store);
    dataDir = mkdtempSync(path.join(tmpdir(), "qy-orders-"));
    // The CLI stamps moves with the real clock: the test clock starts an hour earlier so history stays in order.
    u = await startAccountUpstream({ ...database, dataDir, env }, Date.now() - 60 * 60_000);
    f = await loadSampleFixtures(u);
  });
  afterAll(async () => {
    await u.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const applicant = {
    name: " 张 三 ",
    phone: "+86 138-0013-8000",
    email: "Zhang.San@Example.COM",
    companyName: "  Suzhou Greenfield Power Co., Ltd. ",
    position: "Hardware engineer",
  };
  const sampleUse = "Evaluating 1200 V SiC MOSFETs for a 22 kW on-board charger prototype.";

  /** Signs in a new user and fills their list with products[ids] (quantities default to 1). */
  async function userWithList(indexes: number[], quantities: number[] = []) {
    const user = await u.signIn(freshPhone());
    for (const [i, index] of indexes.entries()) {
      const items = (await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: user.session })).json.data;
      const quantity = quantities[i] ?? 1;
      if (quantity !== 1) await u.call(`${SAMPLE}/modifySampleProduct`, { ID: items.at(-1).ID, quantity }, { cookie: user.session });
    }
    return user;
  }

  const submit = async (session: string, body: Record<string, unknown> = { applicant, sampleUse }, language: "zh" | "en" = "en") =>
    u.call(`${SAMPLE}/submitSampleOrder`, { addressId: await addressFor(u, session), evaluationOnly: true, ...body }, { cookie: session, language });
  const history = (session: string, orderNumber: string) => u.call(`${SAMPLE}/querySampleOrderRecordList?SampleOrderNo=${orderNumber}`, {}, { cookie: session });
  const cli = (...args: string[]) =>
    run(process.execPath, [cliPath, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, PREVIEW_SECRET, ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}) },
      timeout: 15_000,
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  describe("submitSampleOrder", () => {
    it("turns the list into a pending order, empties the list and remembers the applicant", async () => {
      const user = await userWithList([0, 1], [2, 1]);
      const response = await submit(user.session);
      expect(response.status).toBe(200);
      const order = contractData(submitSampleOrder, response.json);
      expect(order.orderNumber).toMatch(new RegExp(`^QY${chinaDay(u.clock.t)}-\\d{4}$`));
      expect(order.status).toBe("pending");
      expect(order.submittedAt).toBe(new Date(u.clock.t).toISOString());
      expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: user.session })).json.data).toEqual([]);

      const prefill = (await u.call(`${SAMPLE}/queryUserInfoById?userId=${user.userId}`, {}, { cookie: user.session })).json.data;
      expect(prefill.applicant).toEqual({
        name: "张 三",
        phone: "13800138000",
        email: "zhang.san@example.com",
        companyName: "Suzhou Greenfield Power Co., Ltd.",
        position: "Hardware engineer",
      });

      const detail = contractData(querySampleOrderRecordList, (await history(user.session, order.orderNumber)).json);
      expect(detail.order.items.map((item) => [item.siteListName, item.quantity])).toEqual([
        [f.visible[0]!.partNumber, 2],
        [f.visible[1]!.partNumber, 1],
      ]);
      expect(detail.order.sampleUse).toBe(sampleUse);
      expect(detail.records).toEqual([{ time: order.submittedAt, status: "pending", note: null, carrier: null, trackingNumber: null }]);
    });

    it("numbers orders per day in sequence", async () => {
      const a = (await submit((await userWithList([2])).session)).json.data.orderNumber as string;
      const b = (await submit((await userWithList([2])).session)).json.data.orderNumber as string;
      expect(Number(b.slice(-4))).toBe(Number(a.slice(-4)) + 1);
    });

    it("refuses an empty list", async () => {
      const { session } = await u.signIn(freshPhone());
      const response = await submit(session);
      expect(response.status).toBe(400);
      expect(response.json.code).toBe("E40022004");
    });

    it("names the switched-off parts of a list and why it cannot be submitted, in the request's language", async () => {
      const { session } = await userWithList([21, 22, 23]);
      const [off1, on, off2] = [f.visible[21]!, f.visible[22]!, f.visible[23]!];
      const setStatus = u.db.prepare("UPDATE site_list SET status = ? WHERE id = ?");
      setStatus.run("off", off1.id);
      setStatus.run("off", off2.id);
      try {
        const en = await submit(session);
        expect(en.status).toBe(409);
        expect(en.json.code).toBe("E40022013");
        expect(en.json.message).toBe(
          `Submit Failed: ${off1.partNumber}, ${off2.partNumber} can no longer be ordered as a sample. Remove what is marked unavailable from your sample list and submit again.`,
        );
        expect(en.json.message).not.toContain(on.partNumber!);
        const zh = await submit(session, { applicant, sampleUse }, "zh");
        expect(zh.json.message).toBe(`提交失败：${off1.partNumber}、${off2.partNumber} 已不再提供样品，请从样品清单中移除后重新提交`);
        // Nothing was ordered: the list is still there.
        expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data).toHaveLength(3);
      } finally {
        setStatus.run("on", off1.id);
        setStatus.run("on", off2.id);
      }
    });

    it("checks every applicant field with its SPEC §5 message", async () => {
      const { session } = await userWithList([3]);
      const cases: Array<[Partial<typeof applicant> & { sampleUse?: string }, string, string]> = [
        [{ name: "  " }, "E40022009", "please fill in the correct name"],
        [{ name: "<b>x</b>" }, "E40022009", "please fill in the correct name"],
        [{ phone: "12345" }, "E40021001", "please enter a valid mobile number"],
        [{ email: "not-an-email" }, "E40021002", "please enter a valid email address"],
        [{ companyName: " " }, "E40022011", "Please fill in your company."],
        [{ position: "" }, "E40022012", "Please fill in your position."],
        [{ sampleUse: "   " }, "E40022010", "please fill in the correct content"],
        [{ sampleUse: "!!!" }, "E40022010", "please fill in the correct content"],
      ];
      for (const [change, code, message] of cases) {
        const { sampleUse: use = sampleUse, ...fields } = change;
        const response = await submit(session, { applicant: { ...applicant, ...fields }, sampleUse: use });
        expect(response.status, code).toBe(400);
        expect(response.json).toMatchObject({ code, message });
      }
      const zh = await submit(session, { applicant: { ...applicant, name: "" }, sampleUse }, "zh");
      expect(zh.json.message).toBe("请填写正确的姓名");
      // Length limits and unknown fields are refused before any of that.
      expect((await submit(session, { applicant: { ...applicant, name: "a".repeat(51) }, sampleUse })).json.code).toBe("E40000002");
      expect((await submit(session, { applicant: { ...applicant, fax: "1" }, sampleUse })).json.code).toBe("E40000003");
      expect((await submit(session, { applicant, sampleUse: "x".repeat(501) })).json.code).toBe("E40000002");
      expect((await submit(session, { applicant })).json.code).toBe("E40000002");
      // Nothing was submitted: the list is still there.
      expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data).toHaveLength(1);
    });

    it("refuses the same list again (409) until the earlier order is rejected", async () => {
      const user = await userWithList([4, 5], [3, 1]);
      const first = (await submit(user.session)).json.data.orderNumber as string;
      // Same products and quantities, added in another order.
      for (const index of [5, 4]) await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: user.session });
      const items = (await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: user.session })).json.data;
      await u.call(`${SAMPLE}/modifySampleProduct`, { ID: items[1].ID, quantity: 3 }, { cookie: user.session });
      const again = await submit(user.session);
      expect(again.status).toBe(409);
      expect(again.json).toEqual({
        success: false,
        code: "E40022005",
        message: `You have already submitted the same application list~ (order ${first} is still open)`,
        data: null,
      });
      expect((await submit(user.session, undefined, "zh")).json.message).toBe(`您已提交过相同的申请清单~（订单 ${first} 仍在处理中）`);

      // A different quantity is a different list.
      await u.call(`${SAMPLE}/modifySampleProduct`, { ID: items[1].ID, quantity: 4 }, { cookie: user.session });
      const different = await submit(user.session);
      expect(different.status).toBe(200);

      // Once the first is rejected, the same list may be submitted again.
      for (const index of [4, 5]) await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: user.session });
      const again2 = (await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: user.session })).json.data;
      await u.call(`${SAMPLE}/modifySampleProduct`, { ID: again2[0].ID, quantity: 3 }, { cookie: user.session });
      expect((await submit(user.session)).status).toBe(409);
      await u.post(`/staff/orders/${first}/reject`, { reason: "Quantities above the evaluation allowance." }, staff);
      expect((await submit(user.session)).status).toBe(200);

      // Another user may submit the same list.
      const other = await userWithList([4, 5], [3, 1]);
      expect((await submit(other.session)).status).toBe(200);
    });
  });

  describe("querySampleOrderByPage and querySampleOrderRecordList", () => {
    it("pages the user's own orders newest first, filtered by status", async () => {
      const user = await u.signIn(freshPhone());
      const numbers: string[] = [];
      for (const index of [6, 7, 8]) {
        await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: user.session });
        numbers.push((await submit(user.session)).json.data.orderNumber);
        u.clock.advance(1000);
      }
      await u.post(`/staff/orders/${numbers[0]}/advance`, {}, staff);
      const page = (body: Record<string, unknown>) => u.call(`${SAMPLE}/querySampleOrderByPage`, body, { cookie: user.session });

      const all = contractData(querySampleOrderByPage, (await page({ status: "all" })).json);
      expect(all.total).toBe(3);
      expect(all.list.map((order) => order.orderNumber)).toEqual([...numbers].reverse());
      expect(all.list[0]!.items[0]!.siteListName).toBe(f.visible[8]!.partNumber);
      expect((await page({})).json.data.total).toBe(3);
      expect((await page({ status: "pending" })).json.data.list.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[2], numbers[1]]);
      expect((await page({ status: "inStock" })).json.data.list.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[0]]);
      expect((await page({ status: "done" })).json.data).toEqual({ list: [], total: 0, pageIndex: 1, pageSize: 10 });
      const second = (await page({ status: "all", pageIndex: 2, pageSize: 1 })).json.data;
      expect(second).toMatchObject({ total: 3, pageIndex: 2, pageSize: 1 });
      expect(second.list[0].orderNumber).toBe(numbers[1]);

      for (const bad of [{ status: "bogus" }, { pageSize: 101 }, { pageIndex: 0 }, { pageSize: "10" }, { sort: "asc" }]) {
        expect((await page(bad)).status, JSON.stringify(bad)).toBe(400);
      }
      const stranger = await u.signIn(freshPhone());
      expect((await u.call(`${SAMPLE}/querySampleOrderByPage`, {}, { cookie: stranger.session })).json.data.total).toBe(0);
    });

    it("shows an order's history only to its owner", async () => {
      const owner = await userWithList([9]);
      const number = (await submit(owner.session)).json.data.orderNumber as string;
      const stranger = await u.signIn(freshPhone());
      const theirs = await history(stranger.session, number);
      expect(theirs.status).toBe(404);
      expect(theirs.json.code).toBe("E40022006");
      expect((await history(owner.session, "QY20000101-9999")).json.code).toBe("E40022006");
      expect((await history(owner.session, "not-a-number")).json.code).toBe("E40000002");
      expect((await u.call(`${SAMPLE}/querySampleOrderRecordList`, {}, { cookie: owner.session })).json.code).toBe("E40000002");
    });
  });

  describe("staff moves through the staff API", () => {
    it("needs the bearer token", async () => {
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: "Bearer wrong-token-wrong-token-wrong" },
        { authorization: STAFF_TOKEN },
        { authorization: `Basic ${STAFF_TOKEN}` },
      ];
      for (const headers of attempts) {
        const response = await u.get("/staff/orders", headers);
        expect(response.status).toBe(401);
        expect(response.json.code).toBe("E40023001");
        expect(response.headers.get("www-authenticate")).toContain("Bearer");
      }
    });

    it("moves an order pending → inStock → shipped → signed → done, each move in the user's history", async () => {
      const user = await userWithList([10, 11], [2, 5]);
      const number = (await submit(user.session)).json.data.orderNumber as string;
      const advance = (body: Record<string, unknown> = {}) => u.post(`/staff/orders/${number}/advance`, body, staff);

      const inStock = await advance({ note: "Picked from the Suzhou warehouse." });
      expect(inStock.status).toBe(200);
      expect(inStock.json.data.order).toMatchObject({ orderNumber: number, status: "inStock", userId: user.userId });

      const noTracking = await advance({ carrier: "SF Express" });
      expect(noTracking.status).toBe(400);
      expect(noTracking.json.code).toBe("E40023003");
      expect((await advance({ carrier: "SF Express", trackingNumber: "SF1234567890123" })).json.data.order.status).toBe("shipped");
      expect((await advance()).json.data.order.status).toBe("signed");
      expect((await advance({ note: "Feedback call booked." })).json.data.order.status).toBe("done");
      const final = await advance();
      expect(final.status).toBe(409);
      expect(final.json.code).toBe("E40023002");
      expect((await u.post(`/staff/orders/${number}/reject`, { reason: "too late" }, staff)).json.code).toBe("E40023002");

      const detail = contractData(querySampleOrderRecordList, (await history(user.session, number)).json);
      expect(detail.order.status).toBe("done");
      expect(detail.order.shipping).toEqual({ carrier: "SF Express", trackingNumber: "SF1234567890123" });
      expect(detail.records.map((record) => [record.status, record.note, record.carrier, record.trackingNumber])).toEqual([
        ["pending", null, null, null],
        ["inStock", "Picked from the Suzhou warehouse.", null, null],
        ["shipped", null, "SF Express", "SF1234567890123"],
        ["signed", null, null, null],
        ["done", "Feedback call booked.", null, null],
      ]);
      // Staff see who made each move; users do not.
      const staffView = (await u.get(`/staff/orders/${number}`, staff)).json.data;
      expect(staffView.records.map((record: { actor: string }) => record.actor)).toEqual(["customer", "staff-api", "staff-api", "staff-api", "staff-api"]);
      expect(detail.records[1]).not.toHaveProperty("actor");
    });

    it("rejects with a reason from pending or inStock only", async () => {
      const user = await userWithList([12]);
      const number = (await submit(user.session)).json.data.orderNumber as string;
      const noReason = await u.post(`/staff/orders/${number}/reject`, { reason: "  " }, staff);
      expect(noReason.status).toBe(400);
      expect(noReason.json.code).toBe("E40023004");
      await u.post(`/staff/orders/${number}/advance`, {}, staff);
      const rejected = await u.post(`/staff/orders/${number}/reject`, { reason: "Part on allocation until Q3." }, staff);
      expect(rejected.json.data.order).toMatchObject({ status: "rejected", rejectReason: "Part on allocation until Q3." });
      const detail = (await history(user.session, number)).json.data;
      expect(detail.order.rejectReason).toBe("Part on allocation until Q3.");
      expect(detail.records.at(-1)).toMatchObject({ status: "rejected", note: "Part on allocation until Q3." });
      expect((await u.post(`/staff/orders/${number}/advance`, {}, staff)).json.code).toBe("E40023002");
    });

    it("lists every user's orders and refuses bad input", async () => {
      const listed = await u.get("/staff/orders?status=all&pageSize=100", staff);
      expect(listed.status).toBe(200);
      expect(new Set(listed.json.data.list.map((order: { userId: number }) => order.userId)).size).toBeGreaterThan(3);
      expect((await u.get("/staff/orders?status=nope", staff)).json.code).toBe("E40000002");
      expect((await u.get("/staff/orders/QY20000101-0001", staff)).json.code).toBe("E40022006");
      expect((await u.post("/staff/orders/QY20000101-0001/advance", {}, staff)).json.code).toBe("E40022006");
      expect((await u.post(`/staff/orders/${listed.json.data.list[0].orderNumber}/advance`, { carrier: 5 }, staff)).json.code).toBe("E40000002");
    });

    it("issues preview tokens the site can verify", async () => {
      const response = await u.post("/staff/preview-tokens", { minutes: 30 }, staff);
      expect(response.status).toBe(200);
      const { token, expiresAt } = response.json.data;
      expect(await verifyPreviewToken(PREVIEW_SECRET, token, u.clock.t)).toEqual({ expiresAt: Date.parse(expiresAt) });
      expect(Date.parse(expiresAt) - u.clock.t).toBe(30 * 60_000);
      expect((await u.post("/staff/preview-tokens", { minutes: 0 }, staff)).json.code).toBe("E40000002");
    });

    it("revokes a preview token before it expires; the site's question then answers revoked", async () => {
      const { token } = (await u.post("/staff/preview-tokens", { minutes: 30 }, staff)).json.data;
      const asked = async () => (await u.call(callPath(queryPreviewRevoked, "qingyun"), { tokenId: await previewTokenId(token) })).json.data;
      expect(await asked()).toEqual({ revoked: false });
      const revoked = await u.post("/staff/preview-tokens/revoke", { token }, staff);
      expect(revoked.status).toBe(200);
      expect(revoked.json.data.revoked).toBe(true);
      expect(await asked()).toEqual({ revoked: true });
      // Revoking twice is no error; a string that is no token of this site is.
      expect((await u.post("/staff/preview-tokens/revoke", { token }, staff)).status).toBe(200);
      expect((await u.post("/staff/preview-tokens/revoke", { token: "p1.1.x" }, staff)).json.code).toBe("E40000002");
      expect((await u.call(callPath(queryPreviewRevoked, "qingyun"), { tokenId: "not-a-hash" })).status).toBe(400);
    });
  });

  // The orders CLI works where the upstream keeps its orders: DATABASE_URL's PostgreSQL, else DATA_DIR's file.
  describe("the orders CLI", () => {
    it("lists, shows, advances and rejects orders on the same database while the upstream runs", async () => {
      const user = await userWithList([13]);
      const number = (await submit(user.session)).json.data.orderNumber as string;
      const other = await userWithList([14]);
      const otherNumber = (await submit(other.session)).json.data.orderNumber as string;

      const listed = await cli("list", "--status", "pending");
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(number);
      expect(listed.stdout).toContain(f.visible[13]!.partNumber!);
      const json = JSON.parse((await cli("list", "--json", "--size", "100")).stdout);
      expect(json.list.some((order: { orderNumber: string }) => order.orderNumber === number)).toBe(true);

      expect((await cli("advance", number, "--note", "Prepared")).stdout).toContain(`${number}: pending → inStock`);
      const noCarrier = await cli("advance", number);
      expect(noCarrier.code).toBe(1);
      expect(noCarrier.stderr).toContain("Shipping needs the carrier and the tracking number.");
      expect((await cli("advance", number, "--carrier", "JD Logistics", "--tracking", "JDV000123456789")).stdout).toContain("inStock → shipped");

      const rejectNoReason = await cli("reject", otherNumber);
      expect(rejectNoReason.code).toBe(1);
      expect(rejectNoReason.stderr).toContain("A rejection needs a reason.");
      expect((await cli("reject", otherNumber, "--reason", "Not for commercial use")).code).toBe(0);

      const shown = await cli("show", number);
      expect(shown.stdout).toMatch(/shipped\s+cli\s+JD Logistics JDV000123456789/);

      // The user sees the CLI's moves through the API.
      const detail = (await history(user.session, number)).json.data;
      expect(detail.records.map((record: { status: string }) => record.status)).toEqual(["pending", "inStock", "shipped"]);
      expect(detail.order.shipping).toEqual({ carrier: "JD Logistics", trackingNumber: "JDV000123456789" });
      expect((await history(other.session, otherNumber)).json.data.order).toMatchObject({ status: "rejected", rejectReason: "Not for commercial use" });

      expect((await cli("show", "QY20000101-0001")).code).toBe(1);
      expect((await cli("launch")).code).toBe(2);
      expect((await cli("list", "--status", "lost")).code).toBe(2);
      // A dozen CLI processes, each starting Node: on a busy shared machine that alone can pass 20 s.
    }, 60_000);

    it("issues preview tokens", async () => {
      const issued = await cli("preview-token", "--minutes", "180");
      expect(issued.code).toBe(0);
      const verified = await verifyPreviewToken(PREVIEW_SECRET, issued.stdout.trim(), Date.now());
      expect(verified).not.toBeNull();
      expect(verified!.expiresAt - Date.now()).toBeGreaterThan(179 * 60_000);
      expect((await cli("preview-token", "--minutes", "0")).code).toBe(2);
    });

    it("writes from several CLI processes and the API at once without failures", async () => {
      const users = await Promise.all([15, 16, 17].map((index) => userWithList([index])));
      const numbers = await Promise.all(users.map(async (user) => (await submit(user.session)).json.data.orderNumber as string));
      const writers = await u.signIn(freshPhone());
      const [moves, adds] = await Promise.all([
        Promise.all(numbers.map((number) => cli("advance", number, "--note", "parallel"))),
        Promise.all(f.visible.slice(0, 15).map((product) => u.call(`${SAMPLE}/addSampleProduct`, { siteListId: product.id }, { cookie: writers.session }))),
      ]);
      expect(moves.map((move) => [move.code, move.stderr])).toEqual(numbers.map(() => [0, ""]));
      expect(adds.map((add) => add.status)).toEqual(Array(15).fill(200));
      for (const [i, user] of users.entries()) expect((await history(user.session, numbers[i]!)).json.data.order.status).toBe("inStock");
    });
  });

  describe("a restart", () => {
    it("keeps accounts, sessions, lists and orders", async () => {
      const user = await userWithList([18]);
      const number = (await submit(user.session)).json.data.orderNumber as string;
      await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[19]!.id }, { cookie: user.session });
      await u.close();
      u = await startAccountUpstream({ ...database, dataDir, env }, u.clock.t);
      expect((await history(user.session, number)).json.data.order.orderNumber).toBe(number);
      expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: user.session })).json.data[0].siteListId).toBe(f.visible[19]!.id);
    });
  });
});
