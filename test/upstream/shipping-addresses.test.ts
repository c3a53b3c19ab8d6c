// The address book at the upstream: saving and validating per country (mainland China by GB/T 2260 code
// from the region data, postal codes by country), one default, owners only, the book's size limit, the
// region lists, and the order's own copy of its address (later edits do not change it; staff and the CLI see it).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryShippingAddresses, querySampleOrderRecordList } from "../../shared/contract/index.ts";
import { addressLimits } from "../../shared/forms/shipping-address.ts";
import { contractData, freshPhone, startAccountUpstream, testAddress, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";
import { storeKinds, storeOptions } from "./stores.ts";

const run = promisify(execFile);
const STAFF_TOKEN = "staff-token-for-address-tests-0123456789";
const staff = { authorization: `Bearer ${STAFF_TOKEN}` };
const BOOK = "/proxy/qingyun/basic/userAddress";
const REGIONS = "/open/proxy/qingyun/basic/region/queryRegionList";

describe.each(storeKinds)("the address book on %s", (store) => {
  let u: AccountUpstream;
  let f: SampleFixtures;
  let dataDir: string;
  let database: { databaseUrl?: string };
  beforeAll(async () => {
    database = await storeOptions(store);
    dataDir = mkdtempSync(path.join(tmpdir(), "qy-addresses-"));
    u = await startAccountUpstream({ ...database, dataDir, env: { STAFF_TOKEN } }, Date.now() - 60 * 60_000);
    f = await loadSampleFixtures(u);
  });
  afterAll(async () => {
    await u.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const save = (session: string, body: Record<string, unknown>, language: "zh" | "en" = "en") =>
    u.call(`${BOOK}/saveShippingAddress`, body, { cookie: session, language });
  const book = (session: string) => u.call(`${BOOK}/queryShippingAddresses`, {}, { cookie: session });
  const abroad = {
    recipient: "Emma Fischer",
    phone: "+49 89 1234567",
    company: "",
    country: "DE",
    region: "Bayern",
    city: "München",
    street: "Leopoldstraße 12",
    postalCode: "80802",
  };

  describe("saving addresses", () => {
    it("keeps a mainland address by its region codes, with the names resolved, and a foreign one as typed", async () => {
      const { session } = await u.signIn(freshPhone());
      const saved = await save(session, { ...testAddress, phone: "+86 138 0013 8000" });
      expect(saved.status).toBe(200);
      const [cn] = contractData(queryShippingAddresses, saved.json);
      expect(cn).toMatchObject({
        recipient: "李明",
        phone: "13800138000",
        country: "CN",
        countryName: "China",
        area: "江苏省 苏州市 虎丘区",
        provinceCode: "320000",
        isDefault: true,
      });
      const both = (await save(session, abroad, "zh")).json.data;
      expect(both[1]).toMatchObject({ country: "DE", countryName: "德国", area: "Bayern, München", provinceCode: "", isDefault: false });
      // A municipality is not named twice.
      const beijing = (await save(session, { ...testAddress, provinceCode: "110000", cityCode: "110100", districtCode: "110105" })).json.data;
      expect(beijing[2].area).toBe("北京市 朝阳区");
    });

    it("refuses each wrong field with its own message in the request's language", async () => {
      const { session } = await u.signIn(freshPhone());
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ recipient: " " }, "E40024001"],
        [{ recipient: "<b>" }, "E40024001"],
        [{ phone: "12345" }, "E40024002"],
        [{ country: "XX" }, "E40024004"],
        [{ country: "EU" }, "E40024004"],
        [{ provinceCode: "" }, "E40024005"],
        // A city of another province, a district of another city, Taiwan's code as a mainland province.
        [{ cityCode: "110100" }, "E40024005"],
        [{ districtCode: "110105" }, "E40024005"],
        [{ provinceCode: "710000", cityCode: "710100", districtCode: "710101" }, "E40024005"],
        [{ districtCode: "999999" }, "E40024005"],
        [{ street: "" }, "E40024008"],
        [{ postalCode: "21516" }, "E40024009"],
        [{ postalCode: "" }, "E40024009"],
      ];
      for (const [change, code] of cases) {
        const response = await save(session, { ...testAddress, ...change });
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(response.json.code, JSON.stringify(change)).toBe(code);
      }
      expect((await save(session, { ...testAddress, postalCode: "1" }, "zh")).json.message).toBe("请填写所选国家或地区的正确邮政编码");
      expect((await save(session, { ...testAddress, postalCode: "1" })).json.message).toBe("Please enter a postal code in the format of the chosen country or region.");
      expect((await save(session, { ...abroad, city: "" })).json.code).toBe("E40024007");
      // Length limits and unknown fields are refused before any of that.
      expect((await save(session, { ...testAddress, street: "x".repeat(addressLimits.street + 1) })).json.code).toBe("E40000002");
      expect((await save(session, { ...testAddress, fax: "1" })).json.code).toBe("E40000003");
      expect((await book(session)).json.data).toEqual([]);
    });

    it("checks postal codes by the country's pattern", async () => {
      const { session } = await u.signIn(freshPhone());
      const foreign = { recipient: "Alex Kim", phone: "+1 415 555 0100", country: "US", city: "City", street: "1 Main St" };
      const cases: Array<[string, string, boolean]> = [
        ["US", "94103", true],
        ["US", "94103-1234", true],
        ["US", "9410", false],
        ["DE", "80331", true],
        ["DE", "8033", false],
        ["FR", "75008", true],
        ["FR", "75 008", true],
        ["FR", "7500", false],
        ["GB", "SW1A 1AA", true],
        ["GB", "EC1A1BB", true],
        ["GB", "12345", false],
        ["JP", "100-0001", true],
        ["JP", "1000001", true],
        ["JP", "100-001", false],
        ["KR", "03154", true],
        ["KR", "0315", false],
        ["SG", "018956", true],
        ["SG", "18956", false],
        ["TW", "100", true],
        ["TW", "10048", true],
        ["TW", "1004", false],
        ["HK", "", true],
        ["HK", "999077", false],
        ["BR", "01310-100", true],
        ["BR", "", true],
        ["BR", "!!", false],
      ];
      for (const [country, postalCode, ok] of cases) {
        const response = await save(session, { ...foreign, country, postalCode });
        expect(response.status === 200, `${country} ${postalCode}`).toBe(ok);
        if (ok) await u.call(`${BOOK}/removeShippingAddress?ID=${response.json.data.at(-1).ID}`, {}, { cookie: session });
      }
    });

    it("keeps one default, lets only the owner change or delete, and holds at most the limit", async () => {
      const { session } = await u.signIn(freshPhone());
      await save(session, testAddress);
      await save(session, abroad);
      let list = (await book(session)).json.data;
      const [first, second] = list as Array<{ ID: number }>;
      list = (await save(session, { ...abroad, ID: second!.ID, isDefault: true })).json.data;
      expect(list.map((a: { ID: number; isDefault: boolean }) => [a.ID, a.isDefault])).toEqual([
        [second!.ID, true],
        [first!.ID, false],
      ]);
      // Deleting the default makes the oldest left the default.
      list = (await u.call(`${BOOK}/removeShippingAddress?ID=${second!.ID}`, {}, { cookie: session })).json.data;
      expect(list).toMatchObject([{ ID: first!.ID, isDefault: true }]);

      const stranger = await u.signIn(freshPhone());
      expect((await save(stranger.session, { ...abroad, ID: first!.ID })).json.code).toBe("E40024010");
      expect((await u.call(`${BOOK}/removeShippingAddress?ID=${first!.ID}`, {}, { cookie: stranger.session })).json.code).toBe("E40024010");
      expect((await book(stranger.session)).json.data).toEqual([]);
      expect((await book(session)).json.data).toHaveLength(1);
      expect((await u.call(`${BOOK}/queryShippingAddresses`)).status).toBe(401);

      for (let i = 1; i < addressLimits.perAccount; i++) expect((await save(session, abroad)).status).toBe(200);
      const full = await save(session, abroad);
      expect(full.status).toBe(400);
      expect(full.json.code).toBe("E40024011");
    });
  });

  describe("queryRegionList", () => {
    it("lists mainland provinces, a province's cities and a city's districts, by code", async () => {
      const provinces = (await u.call(REGIONS, {})).json.data as Array<{ code: string; name: string }>;
      expect(provinces).toContainEqual({ code: "320000", name: "江苏省" });
      expect(provinces.some((p) => ["710000", "810000", "820000"].includes(p.code))).toBe(false);
      expect(provinces).toHaveLength(31);
      expect((await u.call(REGIONS, { parentCode: "320000" })).json.data).toContainEqual({ code: "320500", name: "苏州市" });
      const districts = (await u.call(REGIONS, { parentCode: "320500" })).json.data as Array<{ code: string }>;
      expect(districts).toContainEqual({ code: "320505", name: "虎丘区" });
      expect(districts.every((d) => d.code.startsWith("3205"))).toBe(true);
      expect((await u.call(REGIONS, { parentCode: "999999" })).json.data).toEqual([]);
      expect((await u.call(REGIONS, { parentCode: "32" })).json.code).toBe("E40000002");
    });
  });

  describe("an order's address", () => {
    it("is a copy as submitted: later edits and deletions in the book leave the order alone; staff and the CLI see it", async () => {
      const user = await u.signIn(freshPhone());
      await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: user.session });
      const [address] = (await save(user.session, testAddress)).json.data;
      const applicant = { name: "李明", phone: "13800138000", email: "li@example.com", companyName: "Greenfield", position: "Engineer" };
      const submit = (addressId: unknown) =>
        u.call(`${SAMPLE}/submitSampleOrder`, { applicant, sampleUse: "Evaluation of a charger.", addressId, evaluationOnly: true }, { cookie: user.session });

      const stranger = await u.signIn(freshPhone());
      const [theirs] = (await save(stranger.session, abroad)).json.data;
      expect((await submit(theirs.ID)).json.code).toBe("E40024012");
      expect((await u.call(`${SAMPLE}/submitSampleOrder`, { applicant, sampleUse: "Evaluation." }, { cookie: user.session })).json.code).toBe("E40000002");

      const number = (await submit(address.ID)).json.data.orderNumber as string;
      await save(user.session, { ...abroad, ID: address.ID });
      await u.call(`${BOOK}/removeShippingAddress?ID=${address.ID}`, {}, { cookie: user.session });

      const detail = contractData(
        querySampleOrderRecordList,
        (await u.call(`${SAMPLE}/querySampleOrderRecordList?SampleOrderNo=${number}`, {}, { cookie: user.session })).json,
      );
      const expected = { recipient: "李明", phone: "13800138000", country: "CN", area: "江苏省 苏州市 虎丘区", street: testAddress.street, postalCode: "215163" };
      expect(detail.order.shippingAddress).toMatchObject({ ...expected, countryName: "China" });
      expect((await u.get(`/staff/orders/${number}?language=zh`, staff)).json.data.order.shippingAddress).toMatchObject({ ...expected, countryName: "中国" });
      // The orders CLI reads the orders where the upstream keeps them (DATABASE_URL, else the SQLite file).
      const shown = await run(process.execPath, [path.resolve("server/upstream/cli/orders.ts"), "show", number], {
        env: { ...process.env, DATA_DIR: dataDir, ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}) },
        timeout: 15_000,
      });
      expect(shown.stdout).toContain("Ship to: 李明, 13800138000, 苏州绿源电力科技有限公司");
      expect(shown.stdout).toContain(`China, 江苏省 苏州市 虎丘区, ${testAddress.street}, 215163`);
    });
  });
});
