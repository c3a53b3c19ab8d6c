// Watching a whole family, the sample list's parts and a pasted bill of materials (docs/decisions/034-part-watches-and-notice-mail.md):
// a BOM line that is our part is watched as it is, a competitor's part is mapped to our best cross-reference
// candidate, and a line found neither way is listed, not refused; a family watches its shown parts (an unknown
// one is a localized 404); the mailbox's 500-part limit refuses a batch whole, with the limit named; a batch
// of 10,000 lines gets the stated body limit (413) and one of 2,000 the contract's 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addSampleProduct, addWatchesFrom, callPath, watchPartLimit } from "../../shared/contract/index.ts";
import { contractData, freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { storeKinds, storeRows } from "./stores.ts";

const path = (call: Parameters<typeof callPath>[0]) => callPath(call, "qingyun");
let counter = 0;

// On both stores: on PostgreSQL the sample list is read through the samples' store (decision 044).
describe.each(storeKinds)("watching a BOM, the sample list and a family on %s", (store) => {
  let u: AccountUpstream;

  beforeAll(async () => {
    u = await startAccountUpstream({ store, env: { NOTICE_MAIL_SECRET: "notice-mail-secret-for-tests-0123456789" } });
  });
  afterAll(() => u?.cleanup());

  async function signInByEmail(): Promise<string> {
    counter += 1;
    const email = `from-${process.pid}-${counter}@example.com`;
    await u.call("/open/message/sendVerifyCode", { email });
    const answer = await u.call("/open/user/auth/authAndRegisterByEmail", { email, code: u.lastCode(email) });
    const line = answer.headers.getSetCookie()[0]!;
    return decodeURIComponent(line.slice(line.indexOf("=") + 1).split(";")[0]!);
  }

  const idOf = (partNumber: string) => (u.db.prepare("SELECT id FROM site_list WHERE part_number = ?").get(partNumber) as { id: number }).id;

  it("maps a competitor's part to ours and lists the lines found neither way", async () => {
    const session = await signInByEmail();
    const answer = await u.call(path(addWatchesFrom), { lines: ["QCD10065T2", "C3M0040120K", "NOPE-4711"] }, { cookie: session, language: "en" });
    expect(answer.status).toBe(200);
    const data = contractData(addWatchesFrom, answer.json);
    expect(data.notFound).toEqual(["NOPE-4711"]);
    expect(data.mapped).toHaveLength(1);
    expect(data.mapped[0]!.line).toBe("C3M0040120K");
    expect(data.mapped[0]!.partNumber).toMatch(/^QCM/);
    expect(data.parts.map((part) => part.partNumber).sort()).toEqual([data.mapped[0]!.partNumber, "QCD10065T2"].sort());
    expect(data.added).toBe(2);
    // Nothing recognised: nothing added, the lines listed, no error.
    const none = contractData(addWatchesFrom, (await u.call(path(addWatchesFrom), { lines: ["NOPE-1", "NOPE-2"] }, { cookie: session })).json);
    expect(none).toMatchObject({ added: 0, notFound: ["NOPE-1", "NOPE-2"] });
  });

  it("watches the sample list's parts and a family's, refuses an unknown family and a batch past the limit", async () => {
    const family = (
      u.db
        .prepare("SELECT ancestor_id AS id FROM site_tree t JOIN site_list s ON s.id = t.ancestor_id WHERE t.node_id = ? AND s.parent_id IS NULL")
        .get(idOf("QCD10065T2")) as { id: number }
    ).id;
    const { session } = await u.signIn(freshPhone());
    // A phone-only account has no mailbox: it is told to subscribe by e-mail.
    expect((await u.call(path(addWatchesFrom), { family }, { cookie: session })).json.code).toBe("E40034004");

    const mailbox = await signInByEmail();
    expect((await u.call(path(addSampleProduct), { siteListId: idOf("QCD10065B2A") }, { cookie: mailbox })).status).toBe(200);
    const fromList = contractData(addWatchesFrom, (await u.call(path(addWatchesFrom), { sampleList: true }, { cookie: mailbox })).json);
    expect(fromList.parts.map((part) => part.partNumber)).toEqual(["QCD10065B2A"]);

    const shown = (
      u.db.prepare("SELECT count(*) AS n FROM site_tree t JOIN site_visible v ON v.id = t.node_id WHERE t.ancestor_id = ? AND t.product = 1").get(family) as { n: number }
    ).n;
    const fromFamily = contractData(addWatchesFrom, (await u.call(path(addWatchesFrom), { family }, { cookie: mailbox })).json);
    expect(fromFamily.parts.map((part) => part.partNumber)).toContain("QCD10065T2");
    // The sample list's QCD10065B2A is of the same family: watched already, not added twice.
    expect(fromFamily.added).toBe(shown - 1);
    expect(fromFamily.parts).toHaveLength(shown);

    const unknown = await u.call(path(addWatchesFrom), { family: 99_999_999 }, { cookie: mailbox, language: "zh" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe("未找到产品系列 99999999，无法关注");

    // 10,000 lines: the contract's limit (400), never a 500; a BOM line too long likewise.
    const huge = Array.from({ length: 10_000 }, (_, i) => `QCD10065T2-${i}`);
    const tooLarge = await u.call(path(addWatchesFrom), { lines: huge }, { cookie: mailbox });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.message).toBe("The request body is too large (limit 100 KB).");
    // Within the body limit, past the 500 lines of one batch: the contract's 400.
    expect((await u.call(path(addWatchesFrom), { lines: huge.slice(0, 2_000).map((_, i) => `Q${i}`) }, { cookie: mailbox })).status).toBe(400);
    expect((await u.call(path(addWatchesFrom), { lines: ["x".repeat(65)] }, { cookie: mailbox })).status).toBe(400);
    expect((await u.call(path(addWatchesFrom), {}, { cookie: mailbox })).status).toBe(200);
    expect((await u.call(path(addWatchesFrom), { lines: ["QCD10065T2"] })).status).toBe(401);

    // Past the mailbox's limit the whole batch is refused with the limit named, and nothing is added: the
    // mailbox is filled to the limit less one with rows of its own, then a family of two or more parts is asked for.
    // The newest watcher is this mailbox's (the phone-only account got none).
    const watcher = (await storeRows<{ id: number }>(u, "SELECT id FROM watchers ORDER BY id DESC LIMIT 1"))[0]!.id;
    const count = async () => (await storeRows<{ n: number }>(u, "SELECT count(*) AS n FROM part_watches WHERE watcher_id = ?", [watcher]))[0]!.n;
    // The family's parts (content, in the SQLite index) are unwatched, then rows of no part fill the mailbox.
    const familyIds = (u.db.prepare("SELECT node_id AS id FROM site_tree WHERE ancestor_id = ?").all(family) as Array<{ id: number }>).map((row) => row.id);
    await storeRows(u, `DELETE FROM part_watches WHERE watcher_id = ? AND product_id IN (${familyIds.map(() => "?").join(", ")})`, [watcher, ...familyIds]);
    const missing = watchPartLimit - 1 - (await count());
    const fill = Array.from({ length: missing }, (_, i) => [watcher, 10_000_000 + i]);
    await storeRows(u, `INSERT INTO part_watches (watcher_id, product_id, created_at) VALUES ${fill.map(() => "(?, ?, 0)").join(", ")}`, fill.flat());
    const before = await count();
    expect(before).toBe(watchPartLimit - 1);
    const refused = await u.call(path(addWatchesFrom), { family }, { cookie: mailbox, language: "en" });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`One mailbox can watch at most ${watchPartLimit} parts; please stop watching some first.`);
    expect(await count()).toBe(before);
  });
});
