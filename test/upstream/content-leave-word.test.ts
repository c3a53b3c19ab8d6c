// The contact form: validation with SPEC §5 messages, storage committed before the answer, the hourly
// limit, the request-level errors (malformed JSON, size, content type) and data kept across a restart, on each
// store (docs/decisions/044-store-interface-and-postgresql.md).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLeaveWord, addPageView, callPath, errorEnvelope, queryNewsById } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { body, callFails, callOk, provider } from "./content-helpers.ts";
import { storeKinds, storeRows } from "./stores.ts";

const message = { name: "李雷", phone: "0086 138 0013 8000", company: "青岛某储能公司", content: "想咨询 QCM040120K4 的样品和交期。" };

describe.each(storeKinds)("the contact form on %s", (store) => {
  let upstream: TestUpstream;
  let clock = Date.parse("2026-11-20T02:00:00Z");
  beforeAll(async () => {
    upstream = await startTestUpstream({ now: () => clock, store });
  });
  afterAll(() => upstream.cleanup());

  describe("addLeaveWord", () => {
    it("stores a message with a phone, or with an e-mail", async () => {
      const { data } = await callOk(upstream, addLeaveWord, "zh", message);
      const [row] = await storeRows<Record<string, unknown>>(upstream, "SELECT * FROM leave_words WHERE id = ?", [data.id]);
      expect(row).toMatchObject({ name: "李雷", phone: "13800138000", email: null, company: "青岛某储能公司", language: "zh", created_at: clock });
      const { data: second } = await callOk(upstream, addLeaveWord, "en", { name: "Anna Smith", email: "anna@example.org", content: "Datasheet question" });
      expect(second.id).toBeGreaterThan(data.id);
    });

    it("checks every field with its own message", async () => {
      const { phone: _phone, ...withoutPhone } = message;
      const cases: Array<[Record<string, unknown>, number, string, string?]> = [
        [{ ...message, phone: "1380013800" }, 400, "E40021001", "please enter a valid mobile number"],
        [{ ...message, email: "a@b" }, 400, "E40021002", "please enter a valid email address"],
        [{ ...message, name: "" }, 400, "E40022009", "please fill in the correct name"],
        [{ ...message, content: "   " }, 400, "E40022010", "please fill in the correct content"],
        [withoutPhone, 400, "E40030009"],
        [{ ...message, content: "x".repeat(2001) }, 400, "E40000002"],
        [{ ...message, company: "x".repeat(101) }, 400, "E40000002"],
        [{ ...message, name: 42 }, 400, "E40000002"],
        [{ ...message, subject: "hi" }, 400, "E40000003"],
      ];
      for (const [fields, status, code, english] of cases) {
        const answer = await callFails(upstream, addLeaveWord, status, code as never, body("en", fields));
        if (english) expect(answer.message).toBe(english);
      }
      const zh = await callFails(upstream, addLeaveWord, 400, "E40021001", body("zh", { ...message, phone: "1" }));
      expect(zh.message).toBe("请输入正确的手机号");
    });

    it("limits one client to 10 messages an hour (429 with Retry-After)", async () => {
      clock += 2 * 60 * 60 * 1000;
      for (let i = 0; i < 10; i++) await callOk(upstream, addLeaveWord, "en", { ...message, content: `message ${i}` });
      const path = callPath(addLeaveWord, provider);
      const refused = await upstream.post(path, body("en", message));
      expect(refused.status).toBe(429);
      expect(errorEnvelope.parse(refused.json).code).toBe("E42900001");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      clock += 60 * 60 * 1000 + 1;
      expect((await upstream.post(path, body("en", message))).status).toBe(200);
    });
  });

  describe("request errors answer with the envelope", () => {
    const path = callPath(addLeaveWord, provider);
    const raw = (text: string, contentType: string) =>
      fetch(upstream.url + path, { method: "POST", headers: { "content-type": contentType }, body: text }).then(async (response) => ({
        status: response.status,
        json: errorEnvelope.parse(await response.json()),
      }));

    it("malformed JSON → 400", async () => {
      const answer = await raw('{"language":"en",', "application/json");
      expect(answer.status).toBe(400);
      expect(answer.json.code).toBe("E40000001");
    });
    it("a body over 100 KB → 413", async () => {
      const answer = await raw(JSON.stringify(body("en", { ...message, content: "x".repeat(110_000) })), "application/json");
      expect(answer.status).toBe(413);
      expect(answer.json.code).toBe("E41300001");
    });
    it("a non-JSON content type → 415", async () => {
      const answer = await raw("name=x&content=y", "application/x-www-form-urlencoded");
      expect(answer.status).toBe(415);
      expect(answer.json.code).toBe("E41500001");
    });
    it("an unknown path → 404", async () => {
      const answer = await upstream.post("/front/noSuchCall", body("en"));
      expect(answer.status).toBe(404);
      expect(answer.json.code).toBe("E40400001");
    });
  });

  describe("persistence", () => {
    it("keeps a message and counted views across a restart on the same data folder", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "qy-restart-"));
      try {
        const first = await startTestUpstream({ dataDir, store });
        const { data } = await callOk(first, addLeaveWord, "en", { name: "Restart Test", email: "restart@example.com", content: "kept?" });
        const { data: viewed } = await callOk(first, addPageView, "en", { id: 1 });
        await first.cleanup();
        // The same folder, and the same PostgreSQL database when the messages are there.
        const second = await startTestUpstream({ dataDir, ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}) });
        const [row] = await storeRows(second, "SELECT name, email, content FROM leave_words WHERE id = ?", [data.id]);
        expect(row).toEqual({ name: "Restart Test", email: "restart@example.com", content: "kept?" });
        expect((await callOk(second, queryNewsById, "en", { id: 1 })).data.article.views).toBe(viewed.views);
        await second.cleanup();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
