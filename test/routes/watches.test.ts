// The watch page and the unsubscribe page through the site, without JavaScript: adding parts by the product
// page's button and by a pasted bill of materials (POST-redirect-GET), a stated limit for a 10,000-line
// list, an unknown part named, removing one, a cross-site post refused; the unsubscribe link's page changes
// nothing on GET, unsubscribes on the RFC 8058 one-click POST, says so on a replay and refuses a forged link
// in the page's language; hostile bodies get a 4xx and the site keeps serving.
// docs/decisions/034-part-watches-and-notice-mail.md.
import request from "supertest";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../../shared/cookies.ts";
import { createTestApp } from "../helpers/site.ts";
import { startAccountUpstream, type AccountUpstream } from "../upstream/account-helpers.ts";
import { signWatchToken } from "../../server/upstream/notices/watch-token.ts";
import { storeKinds, storeRows } from "../upstream/stores.ts";

const SECRET = "notice-mail-secret-for-route-tests-0123456789";
const origin = "http://localhost:3000";

// On both of the upstream's stores (docs/decisions/044-store-interface-and-postgresql.md, step 5).
describe.each(storeKinds)("watches through the site, upstream on %s", (store) => {
  let u: AccountUpstream;
  let app: express.Express;

  beforeAll(async () => {
    u = await startAccountUpstream({ store, env: { NOTICE_MAIL_SECRET: SECRET } });
    app = await createTestApp({ UPSTREAM_URL: u.url, PUBLIC_ORIGIN: origin });
  });
  afterAll(() => u?.cleanup());

  let counter = 0;
  async function signInByEmail(): Promise<string> {
    counter += 1;
    const email = `route-watcher-${process.pid}-${counter}@example.com`;
    await u.call("/open/message/sendVerifyCode", { email });
    const answer = await u.call("/open/user/auth/authAndRegisterByEmail", { email, code: u.lastCode(email) });
    const line = answer.headers.getSetCookie()[0]!;
    return decodeURIComponent(line.slice(line.indexOf("=") + 1).split(";")[0]!);
  }
  const cookieOf = (session: string) => `${sessionCookie}=${session}`;
  const post = (path: string, session: string, form: Record<string, string>) =>
    request(app).post(path).set("Origin", origin).set("Cookie", cookieOf(session)).type("form").send(form);

  describe("the watch page without JavaScript", () => {
    it("adds from the product page's button and returns there, then lists, and removes one", async () => {
      const session = await signInByEmail();
      const detail = await request(app).get("/en/productAndService/productDetail/QCD10065T2");
      expect(detail.status).toBe(200);
      expect(detail.text).toContain('action="/en/user/watches"');
      expect(detail.text).toContain("Watch this part");
      const added = await post("/en/user/watches", session, { intent: "add", parts: "QCD10065T2", back: "/en/productAndService/productDetail/QCD10065T2" });
      expect(added.status).toBe(302);
      expect(added.headers.location).toBe("/en/productAndService/productDetail/QCD10065T2");
      const page = await request(app).get("/zh/user/watches").set("Cookie", cookieOf(session));
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.text).toContain("关注的型号");
      expect(page.text).toContain("QCD10065T2");
      const removed = await post("/zh/user/watches", session, { intent: "remove", partNumber: "QCD10065T2" });
      expect(removed.status).toBe(302);
      expect((await request(app).get("/zh/user/watches").set("Cookie", cookieOf(session))).text).toContain("您还没有关注任何型号");
    });

    it("reads a pasted bill of materials, names an unknown part, and states the limit for 10,000 lines", async () => {
      const session = await signInByEmail();
      const bom = 'Part,Qty\nQCD10065T2,4\nqcd10065b2a;2\n\n"QCM160120K3"\t1\n';
      const added = await post("/en/user/watches", session, { intent: "add", parts: bom });
      expect(added.status).toBe(302);
      expect(added.headers.location).toBe("/en/user/watches?added=3");
      const list = await request(app).get("/en/user/watches?added=3").set("Cookie", cookieOf(session));
      expect(list.text).toContain("3 parts added.");
      for (const part of ["QCD10065T2", "QCD10065B2A", "QCM160120K3"]) expect(list.text).toContain(part);

      // A competitor's part is watched as our cross-reference candidate; a line found neither way is listed, not added.
      const mixed = await post("/zh/user/watches", session, { intent: "add", parts: "QCD10065T2\nC3M0040120K\nNOPE-4711" });
      expect(mixed.status).toBe(200);
      expect(mixed.text).toMatch(/C3M0040120K → QCM\w+/);
      expect(mixed.text).toContain("以下行既不是我们的型号，也找不到对应型号（未添加）");
      expect(mixed.text).toContain("<li>NOPE-4711</li>");

      // A real 10,000-line BOM is past the site's 16 KB form limit: the site's own localized 413 page.
      const huge = Array.from({ length: 10_000 }, (_, i) => `QCD10065T2,${i}`).join("\n");
      const tooLarge = await post("/zh/user/watches", session, { intent: "add", parts: huge });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.text).toContain('lang="zh-CN"');
      // Within the form limit but past 500 lines: the stated limit with the count, nothing added.
      const tooMany = await post("/en/user/watches", session, { intent: "add", parts: Array.from({ length: 2_000 }, () => "Q1").join("\n") });
      expect(tooMany.status).toBe(413);
      expect(tooMany.text).toContain("The list has 2000 lines; at most 500 can be added at once.");

      const empty = await post("/en/user/watches", session, { intent: "add", parts: "Part,Qty\n\n" });
      expect(empty.status).toBe(400);
      expect(empty.text).toContain("No part number was found in the list.");
    });

    it("watches a family from its notices and the parts of the sample list", async () => {
      const session = await signInByEmail();
      const part = u.db.prepare("SELECT id FROM site_list WHERE part_number = 'QCD10065T2'").get() as { id: number };
      const family = (
        u.db.prepare("SELECT t.ancestor_id AS id FROM site_tree t JOIN site_list s ON s.id = t.ancestor_id WHERE t.node_id = ? AND s.parent_id IS NULL").get(part.id) as {
          id: number;
        }
      ).id;
      const notices = await request(app).get(`/en/support/notices?family=${family}`);
      expect(notices.status).toBe(200);
      expect(notices.text).toContain("Watch every part of this family");
      expect(notices.text).toContain(`name="familyId" value="${family}"`);
      const back = `/en/support/notices?family=${family}`;
      const watched = await post("/en/user/watches", session, { intent: "family", familyId: String(family), back });
      expect(watched.status).toBe(302);
      expect(watched.headers.location).toBe(back);
      expect((await request(app).get("/en/user/watches").set("Cookie", cookieOf(session))).text).toContain("QCD10065T2");
      const unknown = await post("/zh/user/watches", session, { intent: "family", familyId: "99999999" });
      expect(unknown.status).toBe(404);
      expect(unknown.text).toContain("未找到产品系列 99999999");
      expect((await post("/en/user/watches", session, { intent: "family", familyId: "x" })).status).toBe(400);

      const page = await request(app).get("/en/user/watches").set("Cookie", cookieOf(session));
      expect(page.text).toContain("Watch the parts of my sample list");
      const fromList = await post("/en/user/watches", session, { intent: "sampleList" });
      expect(fromList.status).toBe(302);
      expect(fromList.headers.location).toBe("/en/user/watches?added=0");
    });

    it("refuses a cross-site post and odd bodies with a 4xx, and keeps serving", async () => {
      const session = await signInByEmail();
      const cross = await request(app)
        .post("/en/user/watches")
        .set("Origin", "https://evil.example")
        .set("Cookie", cookieOf(session))
        .type("form")
        .send({ intent: "add", parts: "QCD10065T2" });
      expect(cross.status).toBe(403);
      const json = await request(app).post("/en/user/watches").set("Origin", origin).set("Cookie", cookieOf(session)).type("json").send({ intent: "add" });
      expect(json.status).toBe(415);
      const big = await post("/en/user/watches", session, { intent: "add", parts: "Q".repeat(3_000_000) });
      expect(big.status).toBe(413);
      const odd = await request(app)
        .post("/en/user/watches")
        .set("Origin", origin)
        .set("Cookie", cookieOf(session))
        .type("form")
        .send("intent=add&parts=%FF%FE%00QCD10065T2%E2%80%AE&parts=%");
      expect(odd.status).toBeGreaterThanOrEqual(400);
      expect(odd.status).toBeLessThan(500);
      const noIntent = await post("/en/user/watches", session, { intent: "whatever" });
      expect(noIntent.status).toBe(400);
      expect((await request(app).get("/en/user/watches").set("Cookie", cookieOf(session))).status).toBe(200);
    });
  });

  describe("the watch control of finder rows and compare columns, without JavaScript", () => {
    const finder = "/productAndService/products/200?sort=partNumber:asc";
    const compare = "/productAndService/compare?parts=QCD10065T2,QCD06065T2";

    it("shows a signed-out visitor a sign-in link back to the same page on every row and column, in both languages", async () => {
      for (const [language, text] of [
        ["en", "Sign in to watch"],
        ["zh", "登录后关注"],
      ] as const) {
        for (const page of [finder, compare]) {
          const response = await request(app).get(`/${language}${page}`);
          expect(response.status).toBe(200);
          const links = [
            ...response.text.matchAll(/<a class="part-watch"[^>]*href="([^"]*)"[^>]*>([^<]*)<span class="visually-hidden"> (?:<!-- -->)?([A-Z0-9-]+)<\/span>/g),
          ];
          expect(links.length, page).toBeGreaterThan(1);
          for (const [, href, label] of links) {
            expect(label).toBe(text);
            expect(href!.replaceAll("&amp;", "&")).toBe(`/${language}/login?path=${encodeURIComponent(page)}`);
          }
          expect(response.text).not.toContain('<form class="part-watch"');
        }
      }
    });

    it("gives a signed-in visitor a form per row and column that watches the part and comes back to the same page", async () => {
      const session = await signInByEmail();
      for (const page of [finder, compare]) {
        const response = await request(app).get(`/en${page}`).set("Cookie", cookieOf(session));
        expect(response.status).toBe(200);
        const forms = [...response.text.matchAll(/<form class="part-watch" action="\/en\/user\/watches" method="post">([\s\S]*?)<\/form>/g)].map((m) => m[1]!);
        expect(forms.length, page).toBeGreaterThan(1);
        for (const form of forms) {
          expect(form).toContain('name="intent" value="add"');
          expect(form.replaceAll("&amp;", "&")).toContain(`name="back" value="${page}"`);
        }
        expect(forms.some((form) => form.includes('name="parts" value="QCD10065T2"'))).toBe(true);
      }
      const added = await post("/en/user/watches", session, { intent: "add", parts: "QCD10065T2", back: compare });
      expect(added.status).toBe(302);
      expect(added.headers.location).toBe(`/en${compare}`);
      expect((await request(app).get("/en/user/watches").set("Cookie", cookieOf(session))).text).toContain("QCD10065T2");
    });

    it("sends a post without a session to sign in and back to the page it came from, not to the watch page", async () => {
      const response = await request(app).post("/zh/user/watches").set("Origin", origin).type("form").send({ intent: "add", parts: "QCD10065T2", back: finder });
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(`/zh/login?path=${encodeURIComponent(finder)}`);
      // A foreign "back" falls back to the language home.
      const foreign = await request(app)
        .post("/en/user/watches")
        .set("Origin", origin)
        .type("form")
        .send({ intent: "add", parts: "QCD10065T2", back: "//evil.example/x" });
      expect(foreign.headers.location).toBe("/en/login");
    });
  });

  describe("the unsubscribe link", () => {
    it("changes nothing on GET, unsubscribes on the one-click POST, says so on a replay, refuses a forged link", async () => {
      const session = await signInByEmail();
      await post("/en/user/watches", session, { intent: "add", parts: "QCD10065T2" });
      // The newest watcher is this test's (the tests of this file run one after another).
      const [row] = await storeRows<{ id: number; createdAt: number }>(u, 'SELECT id, created_at AS "createdAt" FROM watchers ORDER BY id DESC LIMIT 1');
      const token = signWatchToken(SECRET, row!.id, row!.createdAt);
      const url = `/zh/unsubscribe?token=${encodeURIComponent(token)}`;
      const shown = await request(app).get(url);
      expect(shown.status).toBe(200);
      expect(shown.text).toContain("退订变更通知");
      expect((await request(app).get("/en/user/watches").set("Cookie", cookieOf(session))).text).toContain("QCD10065T2");
      // RFC 8058: the mail client posts "List-Unsubscribe=One-Click", with no cookie and no Origin of ours.
      const oneClick = await request(app).post(url).type("form").send("List-Unsubscribe=One-Click");
      expect(oneClick.status).toBe(200);
      expect(oneClick.text).toContain("已退订");
      expect((await request(app).get("/en/user/watches").set("Cookie", cookieOf(session))).text).toContain("You watch no parts yet");
      const replay = await request(app).post(url.replace("/zh/", "/en/")).type("form").send("List-Unsubscribe=One-Click");
      expect(replay.status).toBe(200);
      expect(replay.text).toContain("already unsubscribed");
      const forged = await request(app)
        .post(`/en/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -3)}AAA`)}`)
        .type("form")
        .send("");
      expect(forged.status).toBe(400);
      expect(forged.text).toContain("This unsubscribe link is not valid");
      const none = await request(app).post("/zh/unsubscribe").type("form").send("");
      expect(none.status).toBe(400);
      expect(none.text).toContain("此链接不完整");
    });
  });

  describe("the notices' Atom feeds", () => {
    it("serves every notice and one part's as Atom 1.0, linked from the pages, and 404 for an unknown part", async () => {
      const all = await request(app).get("/en/support/notices/feed.atom");
      expect(all.status).toBe(200);
      expect(all.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
      expect(all.text).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom" xml:lang="en-US">/);
      // RFC 4287: the feed's id, title, updated and author; every entry its id, title, updated and link.
      for (const element of ["<id>http://localhost:3000/en/support/notices/feed.atom</id>", "<title>", "<updated>", "<author><name>"])
        expect(all.text).toContain(element);
      const entries = all.text.split("<entry>").slice(1);
      expect(entries.length).toBeGreaterThanOrEqual(8);
      for (const entry of entries) {
        expect(entry).toMatch(/<id>http:\/\/localhost:3000\/en\/support\/notices\/(PCN|PDN)-\d{4}-\d{3}<\/id>/);
        expect(entry).toMatch(/<updated>\d{4}-\d{2}-\d{2}T00:00:00\+08:00<\/updated>/);
        expect(entry).toContain('<link rel="alternate" type="text/html" href="');
      }
      const part = await request(app).get("/zh/support/notices/feed.atom?part=QCD10065T2");
      expect(part.status).toBe(200);
      expect(part.text).toContain("<title>QCD10065T2 的产品变更与停产通知</title>");
      expect(
        part.text
          .split("<entry>")
          .slice(1)
          .every((entry) => entry.includes('<category term="QCD10065T2"/>')),
      ).toBe(true);
      expect(part.text).toContain("PCN-2026-003");
      for (const bad of ["NOPE-4711", "<script>", ""]) {
        const unknown = await request(app).get(`/en/support/notices/feed.atom?part=${encodeURIComponent(bad)}`);
        expect(unknown.status).toBe(404);
        // The site's one plain-text 404 (server/http/not-found.ts), not a text of the feed's own.
        expect(unknown.type).toBe("text/plain");
        expect(unknown.text).toBe("Not found");
      }
      const detail = await request(app).get("/zh/productAndService/productDetail/QCD10065T2");
      expect(detail.text).toContain(
        '<link rel="alternate" type="application/atom+xml" title="QCD10065T2 的通知（Atom 订阅源）" href="/zh/support/notices/feed.atom?part=QCD10065T2"/>',
      );
      const list = await request(app).get("/en/support/notices");
      expect(list.text).toContain(
        '<link rel="alternate" type="application/atom+xml" title="All change and discontinuation notices (Atom feed)" href="/en/support/notices/feed.atom"/>',
      );
    });
  });
});
