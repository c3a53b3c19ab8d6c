// Order e-mails are delivered at least once: an upstream that dies while the SMTP server holds its reply to
// DATA never learns the message went out, and the next process sends it again. Both tries carry the outbox
// row's one Message-ID, so the receiving side can drop the duplicate.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { freePort } from "../support/site-process.ts";
import { outboxRules } from "../../server/upstream/samples/mail-outbox.ts";
import { freshPhone, startAccountUpstream, type AccountUpstream, addressFor } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures } from "./sample-fixtures.ts";

const STAFF_TOKEN = "staff-token-for-crash-tests-0123456789";
const PUBLIC_ORIGIN = "https://www.qingyun-power.com";

const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";

let dataDir: string;
let child: ChildProcess | undefined;
const closers: Array<() => Promise<void>> = [];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "qy-order-mail-crash-"));
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const close of closers.reverse()) await close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean, what: string) {
  for (let tries = 0; tries < 300; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** `npm run upstream` on the test's database, as its own process (so it can die like one). */
async function startUpstreamProcess(smtpPort: number): Promise<string> {
  const port = await freePort();
  const output: string[] = [];
  child = spawn(process.execPath, [path.resolve("server/upstream/main.ts")], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      UPSTREAM_HOST: "127.0.0.1",
      UPSTREAM_PORT: String(port),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      STAFF_TOKEN,
      PUBLIC_ORIGIN,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  await until(() => output.join("").includes("listening on"), `the upstream process (${output.join("")})`);
  return `http://127.0.0.1:${port}`;
}

describe("an upstream that crashes while the SMTP server holds its reply", () => {
  it("sends the e-mail again after a restart, with the same Message-ID", async () => {
    // An order to move, made by an upstream that then shuts down normally.
    const setup: AccountUpstream = await startAccountUpstream({ dataDir, publicOrigin: PUBLIC_ORIGIN }, Date.now());
    const fixtures = await loadSampleFixtures(setup);
    const user = await setup.signIn(freshPhone());
    await setup.call(`${SAMPLE}/addSampleProduct`, { siteListId: fixtures.visible[0]!.id }, { cookie: user.session });
    const applicant = { name: "Emma Fischer", phone: "13800138000", email: "emma.fischer@example.de", companyName: "Greenfield Power", position: "Engineer" };
    const submitted = await setup.call(
      `${SAMPLE}/submitSampleOrder`,
      { applicant, sampleUse: "Evaluating a 22 kW on-board charger.", addressId: await addressFor(setup, user.session), evaluationOnly: true },
      { cookie: user.session },
    );
    expect(submitted.status).toBe(200);
    const orderNumber = submitted.json.data.orderNumber as string;
    await setup.cleanup();

    // The stalling server: it takes the message after DATA and never answers.
    const held: string[] = [];
    const stalling = await startSmtpSink(({ raw }) => held.push(raw), { holdReply: () => true });
    closers.push(stalling.close);
    const url = await startUpstreamProcess(stalling.port);
    const moved = await fetch(`${url}/staff/orders/${orderNumber}/advance`, {
      method: "POST",
      headers: { authorization: `Bearer ${STAFF_TOKEN}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(moved.status).toBe(200);
    await until(() => held.length === 1, "the message at the stalling server");
    // The crash, in the window between the server taking the message and the sender hearing so.
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child!.kill("SIGKILL");
    await exited;

    // The restart: once the dead process's lease has run out, the row is sent again.
    const received: string[] = [];
    const sink = await startSmtpSink(({ raw }) => received.push(raw));
    closers.push(sink.close);
    const restarted = await startAccountUpstream(
      { dataDir, publicOrigin: PUBLIC_ORIGIN, mailPollMs: 50, env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } },
      Date.now() + outboxRules.leaseMs + 1000,
    );
    closers.push(restarted.cleanup);
    await until(() => received.length === 1, "the message after the restart");

    const first = messageId(held[0]!);
    expect(first).not.toBe("");
    expect(messageId(received[0]!)).toBe(first);
    expect(first).toMatch(/^<order-mail\.[0-9a-f]{32}@www\.qingyun-power\.com>$/);
    // The order has two e-mails: the confirmation of its submission, and the move's (the newest row).
    const moveRow = "(SELECT max(id) FROM order_mail_outbox WHERE order_id = (SELECT id FROM sample_orders WHERE order_number = ?))";
    const read = () =>
      restarted.db.prepare(`SELECT state, attempts, message_id FROM order_mail_outbox WHERE id = ${moveRow}`).get(orderNumber) as {
        state: string;
        attempts: number;
        message_id: string;
      };
    // The sender records the send once the server's reply reaches it, a moment after the sink has the message.
    await until(() => read().state !== "pending", "the send recorded");
    const row = read();
    expect(row).toMatchObject({ state: "sent", attempts: 1 });
    expect(first).toBe(`<order-mail.${row.message_id}@www.qingyun-power.com>`);

    // A row queued by an older version during a deploy (no Message-ID yet) gets one of its own, kept for its retries.
    restarted.db.prepare(`UPDATE order_mail_outbox SET state = 'pending', message_id = NULL, next_attempt_at = 0 WHERE id = ${moveRow}`).run(orderNumber);
    await until(() => received.length === 2, "the message of the older row");
    const kept = restarted.db.prepare(`SELECT message_id FROM order_mail_outbox WHERE id = ${moveRow}`).get(orderNumber) as { message_id: string };
    expect(kept.message_id).toMatch(/^[0-9a-f]{32}$/);
    expect(messageId(received[1]!)).toBe(`<order-mail.${kept.message_id}@www.qingyun-power.com>`);
    // Two upstream starts (one a process of its own, which renders its PDFs) and three bounded waits: on a loaded
    // CI host that is more than the default 20 s, which once cut the test off mid-way.
  }, 90_000);
});
