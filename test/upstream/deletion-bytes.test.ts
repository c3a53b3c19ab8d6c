// Deleting an account removes its values from the database's bytes, not just from its rows: with a file
// database (WAL), after the deletion neither the database file nor its WAL holds the deleted street, name,
// phone, e-mail, sample use or messages (secure_delete zeroes freed space; a TRUNCATE checkpoint empties
// the WAL, whose older frames held them).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLeaveWord, callPath } from "../../shared/contract/index.ts";
import { addAddress, freshPhone, startAccountUpstream, testAddress, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";

let u: AccountUpstream;
let f: SampleFixtures;
beforeAll(async () => {
  u = await startAccountUpstream();
  f = await loadSampleFixtures(u);
});
afterAll(() => u.cleanup());

/** Every byte the database keeps on disk: the file and its write-ahead log. */
function storedBytes(): Buffer {
  const file = path.join(u.dataDir, "upstream.sqlite");
  return Buffer.concat([file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => readFileSync(name)));
}

describe("deleting an account", () => {
  it("leaves none of its values in the database file or the WAL", async () => {
    const phone = freshPhone();
    const email = `bytes.${phone}@example.com`;
    const user = await u.signIn(phone);
    const values = {
      street: `凌霄路 ${phone.slice(-4)} 号 Qx7 楼`,
      name: `字节测试${phone.slice(-3)}`,
      sampleUse: `Zerocheck sample use ${phone}`,
      message: `Zerocheck message ${phone}`,
      phone,
      email,
    };
    const addressId = await addAddress(u, user.session, { ...testAddress, recipient: values.name, street: values.street, phone });
    await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: user.session });
    const applicant = { name: values.name, phone, email, companyName: "杭州远景储能有限公司", position: "系统工程师" };
    const submitted = await u.call(`${SAMPLE}/submitSampleOrder`, { applicant, sampleUse: values.sampleUse, addressId, evaluationOnly: true }, { cookie: user.session });
    expect(submitted.status).toBe(200);
    expect((await u.call(callPath(addLeaveWord, "qingyun"), { name: values.name, email, content: values.message }, { cookie: user.session })).status).toBe(200);

    const before = storedBytes();
    for (const [what, value] of Object.entries(values)) expect(before.includes(Buffer.from(value)), `${what} is stored before`).toBe(true);

    expect((await u.call("/proxy/qingyun/basic/userData/deleteMyAccount", { confirm: true }, { cookie: user.session })).status).toBe(200);
    const after = storedBytes();
    for (const [what, value] of Object.entries(values)) expect(after.includes(Buffer.from(value)), `${what} is gone from the bytes`).toBe(false);
  });
});
