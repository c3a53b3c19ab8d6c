// The parts' lifecycle: the content file's rules (schema and cross-checks against the catalogue), the state in
// the product answers, the finder's lifecycle filter with its hidden count, and samples refused for a
// last-time-buy or obsolete part with the replacement named, in both languages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { querySiteListDataByPage, lifecycleStates, type ProductPage } from "../../shared/contract/index.ts";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { lifecycleFile, productFile } from "../../server/upstream/content/schema.ts";
import { lifecycleByProduct } from "../../server/upstream/content/lifecycle.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";
import { freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, nrndParts, sampleRefusedParts, type SampleFixtures } from "./sample-fixtures.ts";

const entries = readContent("catalog/lifecycle.json", lifecycleFile.array(), shippedContentDir);
const products = readContent("catalog/products.json", productFile.array(), shippedContentDir);

describe("catalog/lifecycle.json", () => {
  it("gives every shipped part a state and the day it began; most are active, and every other state occurs", () => {
    expect(new Set(entries.map((entry) => entry.partNumber))).toEqual(new Set(products.map((product) => product.partNumber)));
    const count = (state: string) => entries.filter((entry) => entry.state === state).length;
    expect(count("active")).toBeGreaterThan(entries.length / 2);
    for (const state of lifecycleStates) expect(count(state), state).toBeGreaterThan(0);
  });

  it("names replacements that are shown parts, neither obsolete nor in a last-time buy", () => {
    const map = lifecycleByProduct(entries, products);
    const byPart = new Map(products.map((product) => [product.partNumber, product]));
    for (const lifecycle of map.values()) {
      if (lifecycle.replacement === null) continue;
      expect(byPart.get(lifecycle.replacement)?.status).toBe("on");
      expect(["active", "preview", "nrnd"]).toContain(map.get(byPart.get(lifecycle.replacement)!.id)!.state);
    }
  });

  const base = { partNumber: "QCM040120K4", since: "2026-01-01" };
  it.each([
    ["a preview without its expected release", { ...base, state: "preview" }],
    ["an NRND part without a replacement", { ...base, state: "nrnd" }],
    ["a last-time buy without its dates", { ...base, state: "ltb", replacement: "QCM020120K4" }],
    ["a last delivery before the last order", { ...base, state: "ltb", replacement: "QCM020120K4", lastOrder: "2027-01-01", lastDelivery: "2026-12-01" }],
    ["a history running backwards", { ...base, state: "nrnd", replacement: "QCM020120K4", history: [{ state: "active", since: "2026-02-01" }] }],
    ["a state moving back", { ...base, state: "active", history: [{ state: "nrnd", since: "2025-01-01" }] }],
    ["an active part with a replacement", { ...base, state: "active", replacement: "QCM020120K4" }],
  ])("refuses %s", (_name, entry) => {
    expect(lifecycleFile.safeParse(entry).success).toBe(false);
  });

  it("refuses an unknown part, a duplicate and a replacement that is switched off or obsolete", () => {
    const ok = { partNumber: "QCM040120K4", state: "nrnd" as const, since: "2026-01-01", replacement: "QCM020120K4" };
    expect(() => lifecycleByProduct([{ ...ok, partNumber: "QXX999" }], products)).toThrow(/QXX999 is not a part/);
    expect(() => lifecycleByProduct([ok, ok], products)).toThrow(/listed twice/);
    expect(() => lifecycleByProduct([{ ...ok, replacement: "QCM080120K3" }], products)).toThrow(/not a shown part/);
    const obsolete = entries.find((entry) => entry.state === "obsolete" && products.find((product) => product.partNumber === entry.partNumber)?.status === "on")!;
    expect(() => lifecycleByProduct([obsolete, { ...ok, replacement: obsolete.partNumber }], products)).toThrow(/is obsolete itself/);
  });
});

describe("the lifecycle in the product answers", () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream();
  });
  afterAll(() => upstream.cleanup());

  it("carries each part's state, dates and replacement on its detail, as the content says", async () => {
    for (const entry of entries.filter(
      (candidate) => candidate.state !== "active" && products.find((product) => product.partNumber === candidate.partNumber)?.status === "on",
    )) {
      const page = (await callOk(upstream, querySiteListDataByPage, "en", { partNumber: entry.partNumber })).data as ProductPage;
      expect(page.product!.lifecycle).toEqual({
        state: entry.state,
        since: entry.since,
        history: entry.history ?? [],
        expectedRelease: entry.expectedRelease ?? null,
        lastOrder: entry.lastOrder ?? null,
        lastDelivery: entry.lastDelivery ?? null,
        replacement: entry.replacement ?? null,
      });
    }
  });

  it("filters a family's list by state and says how many the filter hides", async () => {
    const obsolete = entries.find((entry) => entry.state === "obsolete" && products.find((product) => product.partNumber === entry.partNumber)?.status === "on")!;
    const part = products.find((product) => product.partNumber === obsolete.partNumber)!;
    const everything = (await callOk(upstream, querySiteListDataByPage, "en", { siteListId: part.parentId, pageSize: 100 })).data as ProductPage;
    expect(everything.hiddenByLifecycle).toBe(0);
    const withoutObsolete = (
      await callOk(upstream, querySiteListDataByPage, "en", {
        siteListId: part.parentId,
        pageSize: 100,
        lifecycle: ["preview", "active", "nrnd", "ltb"],
      })
    ).data as ProductPage;
    const obsoleteRows = everything.list.filter((row) => row.lifecycle.state === "obsolete");
    expect(obsoleteRows.map((row) => row.partNumber)).toContain(part.partNumber);
    expect(withoutObsolete.total).toBe(everything.total - obsoleteRows.length);
    expect(withoutObsolete.hiddenByLifecycle).toBe(obsoleteRows.length);
    expect(withoutObsolete.list.some((row) => row.lifecycle.state === "obsolete")).toBe(false);
    // With another filter, the hidden count is of what that filter keeps: here the obsolete part alone.
    const byName = (
      await callOk(upstream, querySiteListDataByPage, "en", { siteListId: part.parentId, keyword: part.partNumber, lifecycle: ["preview", "active", "nrnd", "ltb"] })
    ).data as ProductPage;
    expect({ total: byName.total, hidden: byName.hiddenByLifecycle }).toEqual({ total: 0, hidden: 1 });
    const onlyObsolete = (await callOk(upstream, querySiteListDataByPage, "en", { siteListId: part.parentId, lifecycle: ["obsolete"] })).data as ProductPage;
    expect(onlyObsolete.list.map((row) => row.partNumber)).toEqual(obsoleteRows.map((row) => row.partNumber));
  });

  it("refuses an unknown state with a 400", async () => {
    const response = await upstream.post("/front/querySiteListDataByPage", {
      language: "en",
      sitePageDataType: 1,
      websiteCode: "qingyun",
      siteListId: 100,
      lifecycle: ["dead"],
    });
    expect(response.status).toBe(400);
  });
});

describe("samples of a part whose lifecycle refuses them", () => {
  let u: AccountUpstream;
  let f: SampleFixtures;
  beforeAll(async () => {
    u = await startAccountUpstream();
    f = await loadSampleFixtures(u);
  });
  afterAll(() => u.cleanup());

  it("refuses a last-time-buy and an obsolete part with the reason and the replacement, in both languages", async () => {
    const refused = sampleRefusedParts();
    const states = new Set(f.refused.map((node) => refused.get(node.partNumber!)!.state));
    expect(states).toEqual(new Set(["ltb", "obsolete"]));
    const { session } = await u.signIn(freshPhone());
    for (const node of f.refused) {
      const entry = refused.get(node.partNumber!)!;
      const en = await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: node.id }, { cookie: session, language: "en" });
      expect(en.status).toBe(409);
      expect(en.json.code).toBe(entry.state === "ltb" ? "E40022020" : "E40022019");
      expect(en.json.message).toContain(node.partNumber);
      expect(en.json.message).toContain(entry.replacement);
      expect(en.json.message).toMatch(entry.state === "ltb" ? new RegExp(`last-time buy \\(last order date ${entry.lastOrder}\\)`) : /is obsolete/);
      const zh = await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: node.id }, { cookie: session, language: "zh" });
      expect(zh.status).toBe(409);
      expect(zh.json.message).toContain(entry.replacement);
      expect(zh.json.message).toMatch(entry.state === "ltb" ? /最后购买期/ : /已停产/);
      // The replacement offered is one a sample can be asked for.
      const replacement = f.visible.find((candidate) => candidate.partNumber === entry.replacement)!;
      expect((await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: replacement.id }, { cookie: session, language: "en" })).status).toBe(200);
      await u.call(`${SAMPLE}/removeSampleProduct?ID=${(await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data[0].ID}`, {}, { cookie: session });
    }
    expect((await u.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data).toEqual([]);
  });
  it("adds a part not recommended for new designs only with confirmNrnd: true, else a 409 naming the replacement, in both languages", async () => {
    const nrnd = nrndParts();
    expect(f.nrnd.length).toBeGreaterThan(0);
    const { session } = await u.signIn(freshPhone());
    for (const node of f.nrnd) {
      const entry = nrnd.get(node.partNumber!)!;
      for (const [language, text] of [
        ["en", "not recommended for new designs"],
        ["zh", "不推荐用于新设计"],
      ] as const) {
        const refused = await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: node.id }, { cookie: session, language });
        expect(refused.status).toBe(409);
        expect(refused.json.code).toBe("E40022021");
        expect(refused.json.message).toContain(text);
        expect(refused.json.message).toContain(entry.replacement);
      }
      // Only an explicit true confirms: false is no confirmation, and the contract refuses it.
      expect((await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: node.id, confirmNrnd: false }, { cookie: session, language: "en" })).status).toBe(400);
      const added = await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: node.id, confirmNrnd: true }, { cookie: session, language: "en" });
      expect(added.status).toBe(200);
      const line = (added.json.data as Array<{ siteListId: number; lifecycle: { state: string; since: string; replacement: string } }>).find(
        (item) => item.siteListId === node.id,
      );
      expect(line?.lifecycle).toMatchObject({ state: "nrnd", since: entry.since, replacement: entry.replacement });
    }
    // An active part needs no confirmation, and its line says so.
    const active = await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: session, language: "en" });
    expect(active.status).toBe(200);
    expect(
      (active.json.data as Array<{ siteListId: number; lifecycle: { state: string } }>).find((item) => item.siteListId === f.visible[0]!.id)?.lifecycle.state,
    ).toMatch(/^(active|preview)$/);
  });
});
