// Subscribing by e-mail without an account through the site, without JavaScript: the folded form on the
// product page and the notices page posts to /{lang}/subscribe, which says where the confirmation link went
// (nothing watched yet); bad input gets a localized 4xx (an unknown part named, a bad address, a stated limit
// for a long BOM, a cross-site post refused). The confirmation link's page changes nothing on GET, confirms on
// POST, and answers a replay 409, an expired link 410 and a forged one 400 in the page's language; the
// mailbox's manage page lists and removes parts by its signed link. These pages are never cached.
// docs/decisions/034-part-watches-and-notice-mail.md.
import request from "supertest";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/site.ts";
import { startAccountUpstream, type AccountUpstream } from "../upstream/account-helpers.ts";
import { storeKinds, storeRows } from "../upstream/stores.ts";

const SECRET = "notice-mail-secret-for-route-tests-0123456789";
const origin = "http://localhost:3000";

// On both of the upstream's stores (docs/decisions/044-store-interface-and-postgresql.md, step 5).
describe.each(storeKinds)("subscribing by e-mail through the site, upstream on %s", (store) => {
  let u: AccountUpstream;
  let app: express.Express;

  beforeAll(async () => {
    u = await startAccountUpstream({ store, env: { NOTICE_MAIL_SECRET: SECRET } });
    app = await createTestApp({ UPSTREAM_URL: u.url, PUBLIC_ORIGIN: origin });
  });
  afterAll(() => u?.cleanup());

  const post = (path: string, form: Record<string, string>) => request(app).post(path).set("Origin", origin).type("form").send(form);
  const latestToken = async (email: string) =>
    (await storeRows<{ token: string }>(u, "SELECT token FROM watch_confirmations WHERE email = ? ORDER BY id DESC LIMIT 1", [email]))[0]!.token;
  const watched = async (email: string) =>
    (await storeRows<{ n: number }>(u, "SELECT count(*) AS n FROM part_watches p JOIN watchers w ON w.id = p.watcher_id WHERE w.email = ?", [email]))[0]!.n;

  it("offers the form on the product page and the notices page, and mails a confirmation without watching", async () => {
    const detail = await request(app).get("/en/productAndService/productDetail/QCD10065T2");
    expect(detail.text).toContain('action="/en/subscribe"');
    expect(detail.text).toContain("Or get notices by e-mail, without an account");
    const notices = await request(app).get("/zh/support/notices?part=QCD10065T2");
    expect(notices.text).toContain('action="/zh/subscribe"');
    expect(notices.text).toContain("或无需注册，用邮箱订阅通知");

    const email = `route-guest-${process.pid}@example.com`;
    const sent = await post("/en/subscribe", { email, parts: "QCD10065T2" });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(`We sent a confirmation link to ${email}. It is good for 48 hours`);
    expect(await watched(email)).toBe(0);
    expect(await latestToken(email)).toMatch(/^c1\./);
  });

  it("refuses bad input with a localized 4xx and a stated limit, and a cross-site post", async () => {
    const email = `route-bad-${process.pid}@example.com`;
    const unknown = await post("/zh/subscribe", { email, parts: "QCD10065T2\nNOPE-4711" });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("未找到型号 NOPE-4711");
    const address = await post("/en/subscribe", { email: "not an address", parts: "QCD10065T2" });
    expect(address.status).toBe(400);
    expect(address.text).toContain("please enter a valid email address");
    const empty = await post("/en/subscribe", { email, parts: "Part,Qty\n" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("No part number was found in the list.");
    const huge = await post("/zh/subscribe", { email, parts: Array.from({ length: 10_000 }, (_, i) => `QCD10065T2,${i}`).join("\n") });
    expect(huge.status).toBe(413);
    expect(huge.text).toContain('lang="zh-CN"');
    const tooMany = await post("/en/subscribe", { email, parts: Array.from({ length: 2_000 }, () => "Q1").join("\n") });
    expect(tooMany.status).toBe(413);
    expect(tooMany.text).toContain("The list has 2000 lines; at most 500 can be added at once.");
    const crossSite = await request(app).post("/en/subscribe").set("Origin", "https://evil.example").type("form").send({ email, parts: "QCD10065T2" });
    expect(crossSite.status).toBe(403);
    expect(await storeRows(u, "SELECT count(*) AS n FROM watch_confirmations WHERE email = ?", [email])).toEqual([{ n: 0 }]);
  });

  it("confirms by the link's button only, refuses a replay, a forged and an expired link, and manages by the signed link", async () => {
    const email = `route-confirm-${process.pid}@example.com`;
    await post("/zh/subscribe", { email, parts: "QCD10065T2\nQCD10065B2A" });
    const token = await latestToken(email);
    const url = `/zh/subscribe/confirm?token=${encodeURIComponent(token)}`;
    const shown = await request(app).get(url);
    expect(shown.status).toBe(200);
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect(shown.text).toContain(`请确认：以下型号发布变更或停产通知时，向 ${email} 发送邮件`);
    expect(shown.text).toContain("QCD10065B2A");
    expect(await watched(email)).toBe(0);

    // Confirmed, the visitor goes on to the mailbox's manage page (POST-redirect-GET).
    const confirmed = await post(url, {});
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.location).toMatch(/^\/zh\/subscribe\/manage\?token=w1\.\d+\.[\w-]{43}&confirmed=1$/);
    expect(await watched(email)).toBe(2);
    const location = String(confirmed.headers.location);
    const done = await request(app).get(location);
    expect(done.text).toContain(`订阅已确认：以下型号发布通知时，${email} 将收到邮件。`);
    const manage = location.replace("&confirmed=1", "");

    const replay = await post(url.replace("/zh/", "/en/"), {});
    expect(replay.status).toBe(409);
    expect(replay.text).toContain("This confirmation link was already used");
    const forged = await request(app).get(`/en/subscribe/confirm?token=${encodeURIComponent(`${token.slice(0, -3)}AAA`)}`);
    expect(forged.status).toBe(400);
    expect(forged.text).toContain("This confirmation link is not valid");
    expect((await request(app).get("/zh/subscribe/confirm")).status).toBe(400);

    await post("/en/subscribe", { email: `route-late-${process.pid}@example.com`, parts: "QCM160120K3" });
    const late = await latestToken(`route-late-${process.pid}@example.com`);
    u.clock.advance(49 * 60 * 60 * 1000);
    const expired = await request(app).get(`/en/subscribe/confirm?token=${encodeURIComponent(late)}`);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain("This confirmation link has expired (it is good for 48 hours)");
    expect((await post(`/zh/subscribe/confirm?token=${encodeURIComponent(late)}`, {})).status).toBe(410);

    const list = await request(app).get(manage!);
    expect(list.status).toBe(200);
    expect(list.headers["cache-control"]).toBe("private, no-store");
    expect(list.text).toContain(`通知发送到 ${email}`);
    expect(list.text).toContain("QCD10065T2");
    // Without JavaScript the remove button posts to this very URL, token and all.
    expect(list.text).toContain(`action="${manage.replace("&", "&amp;")}"`);
    const removed = await post(manage!, { partNumber: "QCD10065T2" });
    expect(removed.status).toBe(302);
    expect(removed.headers.location).toBe(manage);
    expect(await watched(email)).toBe(1);
    const forgedManage = await request(app).get(`/en/subscribe/manage?token=${encodeURIComponent(`${manage!.split("token=")[1]!.slice(0, -3)}AAA`)}`);
    expect(forgedManage.status).toBe(400);
    expect(forgedManage.text).toContain("This unsubscribe link is not valid");
    expect((await request(app).get("/en/healthz")).status).not.toBe(500);
  });
});
