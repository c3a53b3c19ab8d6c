// E-mails when staff move a sample order, over real SMTP to a local sink: the order's
// language, the new status, parts, tracking number, reason, the link on PUBLIC_ORIGIN; moves by the staff
// API and by the CLI (another process); and a refused delivery that is logged, retried with backoff, and
// never blocks or undoes the move.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { retryDelayMs } from "../../server/upstream/samples/mail-outbox.ts";
import { addressFor, freshPhone, startAccountUpstream, testAddress, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";
import { storeKinds, storeRows } from "./stores.ts";

const run = promisify(execFile);
const STAFF_TOKEN = "staff-token-for-mail-tests-0123456789";
const staff = { authorization: `Bearer ${STAFF_TOKEN}` };
const PUBLIC_ORIGIN = "https://www.qingyun-power.com";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}
describe.each(storeKinds)("order e-mails on %s", (store) => {
  const mails: Mail[] = [];
  let refusing = false;
  let refused = 0;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const logLines: string[] = [];
  let u: AccountUpstream;
  let f: SampleFixtures;
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startSmtpSink(({ to, raw }) => mails.push({ to, ...decodeMail(raw) }), {
      refuse: () => {
        if (refusing) refused += 1;
        return refusing;
      },
    });
    dataDir = mkdtempSync(path.join(tmpdir(), "qy-order-mail-"));
    // The CLI stamps its moves with the real clock: the test clock starts a minute earlier and catches up.
    u = await startAccountUpstream(
      {
        store,
        dataDir,
        publicOrigin: PUBLIC_ORIGIN,
        mailPollMs: 50,
        env: { STAFF_TOKEN, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      },
      Date.now() - 60_000,
      (message) => logLines.push(message),
    );
    f = await loadSampleFixtures(u);
  });
  afterAll(async () => {
    await u.cleanup();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Waits (bounded) until a mail for the order arrives whose subject matches. */
  async function mailFor(orderNumber: string, subject: RegExp): Promise<Mail> {
    for (let tries = 0; tries < 100; tries++) {
      const found = mails.find((mail) => mail.subject.includes(orderNumber) && subject.test(mail.subject));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail for ${orderNumber} matching ${subject}; got ${mails.map((mail) => mail.subject).join(" | ")}`);
  }

  async function order(language: "zh" | "en", email: string, indexes: number[]) {
    const user = await u.signIn(freshPhone());
    for (const index of indexes) await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[index]!.id }, { cookie: user.session });
    const applicant = { name: language === "zh" ? "王芳" : "Emma Fischer", phone: "13800138000", email, companyName: "Suzhou Greenfield Power", position: "Engineer" };
    const submitted = await u.call(
      `${SAMPLE}/submitSampleOrder`,
      { applicant, sampleUse: "Evaluating a 22 kW on-board charger.", addressId: await addressFor(u, user.session), evaluationOnly: true },
      { cookie: user.session, language },
    );
    expect(submitted.status).toBe(200);
    return submitted.json.data.orderNumber as string;
  }

  const advance = (orderNumber: string, body: Record<string, unknown> = {}) => u.post(`/staff/orders/${orderNumber}/advance`, body, staff);

  describe("order e-mails", () => {
    it("confirms a submission in the order's language: number, parts, masked address, review time, link", async () => {
      const zh = await order("zh", "chen.xd@example.cn", [5, 6]);
      const mail = await mailFor(zh, /已收到/);
      expect(mail.to).toEqual(["chen.xd@example.cn"]);
      expect(mail.subject).toBe(`已收到您的样品申请 ${zh}`);
      expect(mail.text).toContain(`${f.visible[5]!.partNumber} × 1`);
      expect(mail.text).toContain(`${f.visible[6]!.partNumber} × 1`);
      expect(mail.text).toContain("销售工程师通常在 2 个工作日内完成审核");
      expect(mail.text).toContain(`查看订单详情：${PUBLIC_ORIGIN}/zh/user/orderDetail/${zh}`);
      // Where it ships, masked: no full name, phone or street in an e-mail.
      expect(mail.text).toContain("寄往：李**, 138****8000, 中国 江苏省 苏州市 虎丘区");
      expect(mail.text).not.toContain(testAddress.street);
      expect(mail.text).not.toContain("13800138000");

      const en = await order("en", "emma.f@example.de", [7]);
      const english = await mailFor(en, /received/);
      expect(english.subject).toBe(`We have received your sample application ${en}`);
      expect(english.text).toContain("usually review an application within 2 working days");
      expect(english.text).toContain("Ships to: 李**, 138****8000, China 江苏省 苏州市 虎丘区");
    });

    it("queues the confirmation in the submission's transaction", async () => {
      const number = await order("en", "queue.check@example.com", [8]);
      const [row] = await storeRows(
        u,
        `SELECT o.created_at AS submitted, m.created_at AS queued, r.status FROM order_mail_outbox m JOIN sample_orders o ON o.id = m.order_id
           JOIN sample_order_records r ON r.id = m.record_id WHERE o.order_number = ?`,
        [number],
      );
      expect(row).toMatchObject({ status: "pending" });
      expect((row as { queued: number; submitted: number }).queued).toBe((row as { submitted: number }).submitted);
    });

    it("tells the applicant each move in the order's language, with parts, tracking number and the link", async () => {
      const number = await order("zh", "wang.fang@example.cn", [0, 1]);
      expect((await advance(number)).status).toBe(200);
      const inStock = await mailFor(number, /备货中/);
      expect(inStock.to).toEqual(["wang.fang@example.cn"]);
      expect(inStock.subject).toBe(`样品订单 ${number} 状态更新：备货中`);
      expect(inStock.text).toContain(`${f.visible[0]!.partNumber} × 1`);
      expect(inStock.text).toContain(`${f.visible[1]!.partNumber} × 1`);
      expect(inStock.text).toContain(`查看订单详情：${PUBLIC_ORIGIN}/zh/user/orderDetail/${number}`);

      expect((await advance(number, { carrier: "SF Express", trackingNumber: "SF1234567890" })).status).toBe(200);
      const shipped = await mailFor(number, /已发货/);
      expect(shipped.text).toContain("承运商：SF Express，运单号：SF1234567890");
    });

    it("gives the reason when an order is rejected, in English for an English order", async () => {
      const number = await order("en", "emma.fischer@example.de", [2]);
      const rejected = await u.post(`/staff/orders/${number}/reject`, { reason: "Evaluation samples of this part are allocated to automotive projects." }, staff);
      expect(rejected.status).toBe(200);
      const mail = await mailFor(number, /Rejected/);
      expect(mail.subject).toBe(`Sample order ${number}: Rejected`);
      expect(mail.text).toContain("Reason: Evaluation samples of this part are allocated to automotive projects.");
      expect(mail.text).toContain(`${PUBLIC_ORIGIN}/en/user/orderDetail/${number}`);
    });

    // The orders CLI moves the order where the upstream keeps it (DATABASE_URL, else the SQLite file).
    it("sends the e-mail of a move made by the CLI in another process", async () => {
      const number = await order("en", "li.lei@example.com", [3]);
      u.clock.t = Date.now();
      const result = await run(process.execPath, [path.resolve("server/upstream/cli/orders.ts"), "advance", number], {
        env: { ...process.env, DATA_DIR: dataDir, ...(u.databaseUrl ? { DATABASE_URL: u.databaseUrl } : {}) },
        timeout: 15_000,
      });
      expect(result.stdout).toContain(`${number}: pending → inStock`);
      // The upstream's clock catches up with the CLI's real one; its next poll sends the mail.
      u.clock.t = Date.now() + 1000;
      const mail = await mailFor(number, /In Stock/);
      expect(mail.to).toEqual(["li.lei@example.com"]);
    });

    it("logs a refused delivery, retries it with backoff, and never blocks or undoes the move", async () => {
      // Refused from the submission on: the confirmation waits too.
      refusing = true;
      const number = await order("en", "zhao.min@example.com", [4]);
      const moved = await advance(number);
      expect(moved.status).toBe(200);
      expect(moved.json.data.order.status).toBe("inStock");
      // The move's e-mail is tried after the confirmation's (both refused): wait for its own line, not for the first
      // refusal, which on a busy machine came a poll earlier than the move's try.
      const line = `order e-mail for ${number} (inStock) failed on try 1, retrying in 30 s`;
      for (let tries = 0; tries < 200 && !logLines.includes(line); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(refused).toBeGreaterThan(0);
      expect(logLines).toContain(line);
      expect(mails.some((mail) => mail.subject.includes(number))).toBe(false);
      // The order stays moved while its e-mail waits.
      const shown = await u.get(`/staff/orders/${number}`, staff);
      expect(shown.json.data.order.status).toBe("inStock");
      const [row] = await storeRows<{ state: string; attempts: number; last_error: string }>(
        u,
        "SELECT state, attempts, last_error FROM order_mail_outbox WHERE order_id = (SELECT id FROM sample_orders WHERE order_number = ?) AND record_id IN (SELECT id FROM sample_order_records WHERE status = 'inStock')",
        [number],
      );
      expect(row).toMatchObject({ state: "pending", attempts: 1 });
      expect(row!.last_error).toMatch(/451|temporarily/i);

      // Not before its backoff…
      refusing = false;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mails.some((mail) => mail.subject.includes(number))).toBe(false);
      // …and then it goes out.
      u.clock.advance(retryDelayMs(1));
      const mail = await mailFor(number, /In Stock/);
      expect(mail.to).toEqual(["zhao.min@example.com"]);
    });
  });

  describe("retry schedule", () => {
    it("doubles from 30 s and stops growing at an hour", () => {
      expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
      expect(retryDelayMs(20)).toBe(3_600_000);
    });
  });
});
