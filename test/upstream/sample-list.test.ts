// The sample list calls: sign-in required, add / query / modify / remove by their contract, the SPEC §5
// messages, the list's bounds, and concurrent writers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addSampleProduct, queryOrderList, queryUserInfoById, sampleLimits } from "../../shared/contract/index.ts";
import { contractData, freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";
import { storeKinds } from "./stores.ts";

describe.each(storeKinds)("the sample list on %s", (store) => {
  let u: AccountUpstream;
  let f: SampleFixtures;
  beforeAll(async () => {
    u = await startAccountUpstream({ store });
    f = await loadSampleFixtures(u);
  });
  afterAll(() => u.cleanup());

  const add = (session: string, siteListId: unknown, language: "zh" | "en" = "en") => u.call(`${SAMPLE}/addSampleProduct`, { siteListId }, { cookie: session, language });
  const list = (session: string, language: "zh" | "en" = "en") => u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session, language });

  describe("every sample call needs a session", () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ["addSampleProduct", { siteListId: 1 }],
      ["queryOrderList", {}],
      ["removeSampleProduct?ID=1", {}],
      ["modifySampleProduct", { ID: 1, quantity: 2 }],
      ["queryUserInfoById?userId=1", {}],
      ["submitSampleOrder", { applicant: { name: "a", phone: "b", email: "c", companyName: "d", position: "e" }, sampleUse: "f", addressId: 1, evaluationOnly: true }],
      ["querySampleOrderByPage", { status: "all" }],
      ["querySampleOrderRecordList?SampleOrderNo=QY20261122-0001", {}],
    ];
    it.each(calls)("%s → 401 with the SPEC §6 question", async (call, body) => {
      const anonymous = await u.call(`${SAMPLE}/${call}`, body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json).toEqual({ success: false, code: "E40100001", message: "You are not logged in. Log in now?", data: null });
      const forged = await u.call(`${SAMPLE}/${call}`, body, { cookie: "not-a-session", language: "zh" });
      expect(forged.status).toBe(401);
      expect(forged.json.message).toBe("您尚未登录，是否立即登录？");
    });
  });

  describe("addSampleProduct and queryOrderList", () => {
    it("adds a product with quantity 1 and answers the whole list by the contract", async () => {
      const { session } = await u.signIn(freshPhone());
      const [first, second] = f.visible;
      const added = await add(session, first!.id);
      expect(added.status).toBe(200);
      const items = contractData(addSampleProduct, added.json);
      expect(items).toHaveLength(1);
      const series = f.byId.get(first!.parentId!)!;
      const family = f.byId.get(series.parentId!)!;
      expect(items[0]).toMatchObject({
        siteListId: first!.id,
        siteListName: first!.partNumber,
        productName: first!.name,
        seriesId: series.id,
        seriesName: series.name,
        familyId: family.id,
        familyName: family.name,
        quantity: 1,
        available: true,
      });
      await add(session, second!.id);
      const current = contractData(queryOrderList, (await list(session)).json);
      expect(current.map((item) => item.siteListId)).toEqual([first!.id, second!.id]);
    });

    it("names products in the request's language", async () => {
      const { session } = await u.signIn(freshPhone());
      await add(session, f.visible[0]!.id);
      const zhTree = (await u.call("/open/proxy/qingyun/basic/siteList/querySiteList", { type: 1 }, { language: "zh" })).json.data as Array<{ id: number; name: string }>;
      const zhName = zhTree.find((node) => node.id === f.visible[0]!.id)!.name;
      expect((await list(session, "zh")).json.data[0].productName).toBe(zhName);
    });

    it("refuses a product already in the list with the SPEC §5 message", async () => {
      const { session } = await u.signIn(freshPhone());
      await add(session, f.visible[2]!.id);
      const again = await add(session, f.visible[2]!.id);
      expect(again.status).toBe(409);
      expect(again.json).toEqual({ success: false, code: "E40022001", message: "The product has been selected", data: null });
      expect((await add(session, f.visible[2]!.id, "zh")).json.message).toBe("该产品已被选择");
    });

    it("refuses hidden products, categories and unknown ids", async () => {
      const { session } = await u.signIn(freshPhone());
      for (const id of [...f.hidden.map((node) => node.id), f.categoryId, 987_654]) {
        const response = await add(session, id);
        expect(response.status, String(id)).toBe(404);
        expect(response.json.code).toBe("E40022002");
      }
      expect((await list(session)).json.data).toEqual([]);
    });

    it("refuses malformed input", async () => {
      const { session } = await u.signIn(freshPhone());
      for (const siteListId of ["10001", -1, 0, 1.5, null]) expect((await add(session, siteListId)).json.code).toBe("E40000002");
      const extra = await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id, quantity: 3 }, { cookie: session });
      expect(extra.json.code).toBe("E40000003");
    });

    it(`holds at most ${sampleLimits.maxItems} products`, async () => {
      const { session } = await u.signIn(freshPhone());
      for (const product of f.visible.slice(0, sampleLimits.maxItems)) expect((await add(session, product.id)).status).toBe(200);
      const full = await add(session, f.visible[sampleLimits.maxItems]!.id);
      expect(full.status).toBe(400);
      expect(full.json.code).toBe("E40022008");
      // A duplicate still says it is a duplicate.
      expect((await add(session, f.visible[0]!.id)).json.code).toBe("E40022001");
    });
  });

  describe("modifySampleProduct and removeSampleProduct", () => {
    it(`sets quantities from 1 to ${sampleLimits.maxQuantity}`, async () => {
      const { session } = await u.signIn(freshPhone());
      const [item] = (await add(session, f.visible[3]!.id)).json.data;
      const modify = (quantity: unknown, ID: unknown = item.ID) => u.call(`${SAMPLE}/modifySampleProduct`, { ID, quantity }, { cookie: session });
      const changed = await modify(sampleLimits.maxQuantity);
      expect(changed.status).toBe(200);
      expect(changed.json.data[0].quantity).toBe(sampleLimits.maxQuantity);
      for (const quantity of [0, 2.5, "3", -1]) expect((await modify(quantity)).json.code, String(quantity)).toBe("E40000002");
      // Above the rule: the rule's own message (sample-rules.test.ts checks both languages).
      expect((await modify(sampleLimits.maxQuantity + 1)).json.code).toBe("E40022017");
      expect((await modify(2, 999_999)).json).toMatchObject({ code: "E40022003" });
      expect((await u.call(`${SAMPLE}/modifySampleProduct`, { quantity: 2 }, { cookie: session })).json.code).toBe("E40000002");
    });

    it("removes by ?ID=, answering the rest of the list", async () => {
      const { session } = await u.signIn(freshPhone());
      await add(session, f.visible[4]!.id);
      const items = (await add(session, f.visible[5]!.id)).json.data;
      const removed = await u.call(`${SAMPLE}/removeSampleProduct?ID=${items[0].ID}`, {}, { cookie: session });
      expect(removed.status).toBe(200);
      expect(removed.json.data.map((item: { siteListId: number }) => item.siteListId)).toEqual([f.visible[5]!.id]);
      const again = await u.call(`${SAMPLE}/removeSampleProduct?ID=${items[0].ID}`, {}, { cookie: session });
      expect(again.status).toBe(404);
      expect(again.json.code).toBe("E40022003");
      expect((await u.call(`${SAMPLE}/removeSampleProduct?ID=abc`, {}, { cookie: session })).json.code).toBe("E40000002");
      expect((await u.call(`${SAMPLE}/removeSampleProduct`, {}, { cookie: session })).json.code).toBe("E40000002");
      expect((await u.call(`${SAMPLE}/removeSampleProduct?ID=1&x=2`, {}, { cookie: session })).json.code).toBe("E40000003");
    });

    it("never touches another user's list", async () => {
      const owner = await u.signIn(freshPhone());
      const other = await u.signIn(freshPhone());
      const [item] = (await add(owner.session, f.visible[6]!.id)).json.data;
      expect((await u.call(`${SAMPLE}/modifySampleProduct`, { ID: item.ID, quantity: 9 }, { cookie: other.session })).json.code).toBe("E40022003");
      expect((await u.call(`${SAMPLE}/removeSampleProduct?ID=${item.ID}`, {}, { cookie: other.session })).json.code).toBe("E40022003");
      expect((await list(other.session)).json.data).toEqual([]);
      expect((await list(owner.session)).json.data[0].quantity).toBe(1);
    });
  });

  describe("queryUserInfoById", () => {
    it("answers one's own info (no applicant before the first order) and refuses anyone else's", async () => {
      const phone = freshPhone();
      const me = await u.signIn(phone);
      const mine = await u.call(`${SAMPLE}/queryUserInfoById?userId=${me.userId}`, {}, { cookie: me.session });
      expect(contractData(queryUserInfoById, mine.json)).toEqual({ userId: me.userId, phone, email: null, applicant: null });
      const theirs = await u.call(`${SAMPLE}/queryUserInfoById?userId=${me.userId + 1000}`, {}, { cookie: me.session });
      expect(theirs.status).toBe(403);
      expect(theirs.json.code).toBe("E40300001");
      expect((await u.call(`${SAMPLE}/queryUserInfoById?userId=me`, {}, { cookie: me.session })).json.code).toBe("E40000002");
    });
  });

  describe("concurrent writers", () => {
    it("20 parallel adds of different products all succeed", async () => {
      const { session } = await u.signIn(freshPhone());
      const products = f.visible.slice(0, 20);
      const answers = await Promise.all(products.map((product) => add(session, product.id)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const items = (await list(session)).json.data as Array<{ siteListId: number }>;
      expect(items.map((item) => item.siteListId).sort()).toEqual(products.map((product) => product.id).sort());
    });

    it("20 parallel adds of the same product: one succeeds, the others are told it is selected", async () => {
      const { session } = await u.signIn(freshPhone());
      const answers = await Promise.all(Array.from({ length: 20 }, () => add(session, f.visible[7]!.id)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 409 && answer.json.code === "E40022001")).toHaveLength(19);
      expect((await list(session)).json.data).toHaveLength(1);
    });

    it("20 parallel quantity changes and adds for several users all succeed", async () => {
      const users = await Promise.all(Array.from({ length: 4 }, () => u.signIn(freshPhone())));
      const firstItems = await Promise.all(users.map(async ({ session }) => (await add(session, f.visible[8]!.id)).json.data[0]));
      const writes = users.flatMap(({ session }, i) => [
        ...[2, 3, 4].map((quantity) => u.call(`${SAMPLE}/modifySampleProduct`, { ID: firstItems[i].ID, quantity }, { cookie: session })),
        add(session, f.visible[9]!.id),
        add(session, f.visible[10]!.id),
      ]);
      const answers = await Promise.all(writes);
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      for (const { session } of users) {
        const items = (await list(session)).json.data as Array<{ quantity: number }>;
        expect(items).toHaveLength(3);
        expect([2, 3, 4]).toContain(items[0]!.quantity);
      }
    });
  });
});
