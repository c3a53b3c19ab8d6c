// C1 controls (U+0080–U+009F) and bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069) are refused
// wherever text is stored, by the shared contract, with their own message in the request's language, and in
// the staff CLI's arguments; and the CLI prints text that is already stored (written before the rule, or
// straight into the database) with every such character made visible.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDownloadRecord,
  addLeaveWord,
  callPath,
  cancelSampleOrder,
  queryAttachPage,
  saveApplicantProfile,
  saveShippingAddress,
  submitSampleOrder,
} from "../../shared/contract/index.ts";
import { addressFor, freshPhone, startAccountUpstream, testAddress, type AccountUpstream } from "../upstream/account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "../upstream/sample-fixtures.ts";

const run = promisify(execFile);
const cli = (...args: string[]) =>
  run(process.execPath, [path.resolve("server/upstream/cli/orders.ts"), ...args], { env: { ...process.env, DATA_DIR: u.dataDir }, timeout: 15_000 });
const STAFF_TOKEN = "staff-token-for-tests-0123456789abcdef";
const staff = { authorization: `Bearer ${STAFF_TOKEN}` };
const hidden = ["\u0085", "\u009b", "\u0080", "\u009f", "\u202a", "\u202e", "\u2066", "\u2069"];
const messages = {
  en: "The text contains control or text-direction characters that are not allowed.",
  zh: "文本中含有不允许的控制字符或文字方向字符",
};

let u: AccountUpstream;
let f: SampleFixtures;
beforeAll(async () => {
  u = await startAccountUpstream({ env: { STAFF_TOKEN } }, Date.now() - 60 * 60_000);
  f = await loadSampleFixtures(u);
});
afterAll(() => u.cleanup());

const applicant = { name: "张三", phone: "13800138000", email: "zhang.san@example.com", companyName: "苏州绿源电力科技有限公司", position: "硬件工程师" };
const sampleUse = "Evaluating SiC MOSFETs for an on-board charger.";

async function orderOf(session: string): Promise<string> {
  await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: session });
  const submitted = await u.call(
    callPath(submitSampleOrder, "qingyun"),
    { applicant, sampleUse, addressId: await addressFor(u, session), evaluationOnly: true },
    { cookie: session },
  );
  expect(submitted.status).toBe(200);
  return submitted.json.data.orderNumber;
}

function expectRefused(answer: { status: number; json: { code: string; message: string } }, language: "zh" | "en", label: string) {
  expect(answer.status, label).toBe(400);
  expect(answer.json.code, label).toBe("E40000004");
  expect(answer.json.message, label).toContain(messages[language]);
}

describe("the contract refuses hidden characters in every stored text field", () => {
  it("in the contact and download forms", async () => {
    const documentId = (await u.call(callPath(queryAttachPage, "qingyun"), { pageSize: 1 })).json.data.list[0].id;
    const message = { name: "Anna Smith", email: "anna@example.org", company: "Greenfield", content: "Question about QCM040120K4" };
    const download = {
      attachId: documentId,
      name: "王工",
      phone: "13912345678",
      email: "wang@example.com",
      company: "苏州某公司",
      position: "工程师",
      productDemand: "SiC MOSFET",
    };
    for (const [index, char] of hidden.entries()) {
      const language = index % 2 ? "zh" : "en";
      for (const field of ["name", "company", "content"] as const) {
        const answer = await u.call(callPath(addLeaveWord, "qingyun"), { ...message, [field]: `${message[field]}${char}x` }, { language, ip: `203.0.113.${index + 1}` });
        expectRefused(answer, language, `leave word ${field} U+${char.codePointAt(0)!.toString(16)}`);
      }
      for (const field of ["name", "company", "position", "productDemand"] as const) {
        const answer = await u.call(callPath(addDownloadRecord, "qingyun"), { ...download, [field]: `${download[field]}${char}x` }, { language });
        expectRefused(answer, language, `download ${field} U+${char.codePointAt(0)!.toString(16)}`);
      }
    }
  });

  it("in the applicant, the sample use, the address book and a cancel reason; and in staff notes and reasons", async () => {
    const user = await u.signIn(freshPhone());
    const number = await orderOf(user.session);
    for (const [index, char] of hidden.entries()) {
      const language = index % 2 ? "zh" : "en";
      const call = (path: string, body: Record<string, unknown>) => u.call(path, body, { cookie: user.session, language });
      for (const field of ["name", "companyName", "position"] as const) {
        expectRefused(await call(callPath(saveApplicantProfile, "qingyun"), { ...applicant, [field]: `${applicant[field]}${char}` }), language, `applicant ${field}`);
      }
      expectRefused(
        await call(callPath(submitSampleOrder, "qingyun"), { applicant, sampleUse: `${sampleUse}${char}`, addressId: 1, evaluationOnly: true }),
        language,
        "sample use",
      );
      for (const field of ["recipient", "company", "street"] as const) {
        expectRefused(await call(callPath(saveShippingAddress, "qingyun"), { ...testAddress, [field]: `${testAddress[field]}${char}` }), language, `address ${field}`);
      }
      expectRefused(await call(callPath(cancelSampleOrder, "qingyun"), { SampleOrderNo: number, reason: `changed plans${char}` }), language, "cancel reason");
      const note = await u.post(`/staff/orders/${number}/advance`, { note: `picked${char}` }, staff);
      expect(note.status).toBe(400);
      expect(note.json.code).toBe("E40000004");
      const reason = await u.post(`/staff/orders/${number}/reject`, { reason: `not available${char}` }, staff);
      expect(reason.json.code).toBe("E40000004");
    }
    // The same fields without them are taken.
    expect((await u.call(callPath(cancelSampleOrder, "qingyun"), { SampleOrderNo: number, reason: "changed plans" }, { cookie: user.session })).status).toBe(200);
  });

  it("in the staff CLI's notes and reasons, which reach the store without the contract", async () => {
    const user = await u.signIn(freshPhone());
    const number = await orderOf(user.session);
    for (const args of [
      ["advance", number, "--note", "picked\u202e"],
      ["reject", number, "--reason", "not available\u0085"],
    ]) {
      const answer = await cli(...args).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(messages.en);
    }
    // Chinese, emoji and right-to-left script are text.
    expect((await cli("advance", number, "--note", "碳化硅 MOSFET 😀 עברית مرحبا")).stdout).toContain("pending → inStock");
  });
});

describe("the staff CLI prints stored text safely", () => {
  it("shows control and bidi characters as visible escapes, in text and in --json", async () => {
    const user = await u.signIn(freshPhone());
    const number = await orderOf(user.session);
    // Written straight into the database, as text from before the rule would be.
    const hostile = "Charger\u009b31mRED\u001b]0;pwned\u0007 \u202eTXT.EXE\nHistory:";
    u.db.prepare("UPDATE sample_orders SET sample_use = ?, applicant_name = ? WHERE order_number = ?").run(hostile, "Anna\u2066x\u2069", number);
    const shown = (await cli("show", number)).stdout;
    expect(shown).toContain("Sample use: Charger\\u009b31mRED\\u001b]0;pwned\\u0007 \\u202eTXT.EXE\\u000aHistory:");
    expect(shown).toContain("Applicant: Anna\\u2066x\\u2069");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this checks for.
    expect(shown).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(shown.split("\n").filter((line) => line.startsWith("History:"))).toHaveLength(1);
    const json = (await cli("show", number, "--json")).stdout;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this checks for.
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(JSON.parse(json).order.sampleUse).toBe(hostile);
    const listed = (await cli("list", "--size", "100")).stdout;
    expect(listed).toContain("Anna\\u2066x\\u2069");
  });
});
