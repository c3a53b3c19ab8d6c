// Sign-in limits against a client with many addresses (docs/decisions/002-sign-in-limits-per-client.md):
// an IPv6 subscriber holds a /64, so addresses of one /64 are one client for code requests, failure
// counts, locks and the form limits; and a number has a budget across all clients that, once addresses
// spread over many /64s have spent it, slows strangers down without locking the owner out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLeaveWord, callPath } from "../../shared/contract/index.ts";
import { freshIp, freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { storeKinds } from "./stores.ts";

const SEND = "/open/message/sendSmsVerifyCode";
const SIGN_IN = "/open/user/auth/authAndRegisterBySms";
const LEAVE_WORD = callPath(addLeaveWord, "qingyun");
const MINUTE = 60_000;

describe.each(storeKinds)("accounts on %s", (store) => {
  let u: AccountUpstream;
  beforeAll(async () => {
    u = await startAccountUpstream({ store, env: { CODE_REQUESTS_PER_IP_PER_HOUR: "12" } });
  });
  afterAll(() => u.cleanup());

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  let network = 0;
  /** A fresh /64 (2001:db8:N::/64 of the documentation range) and an address maker inside it. */
  function freshNetwork(): (host: number) => string {
    network += 1;
    const prefix = `2001:db8:${network.toString(16)}:${(process.pid % 0xffff).toString(16)}`;
    return (host) => `${prefix}:${((host * 7919) % 0xffff).toString(16)}:${host.toString(16)}:0:1`;
  }

  describe("addresses of one IPv6 /64 are one client", () => {
    it("20 addresses of a /64 get one code for a number, not 20", async () => {
      const phone = freshPhone();
      const address = freshNetwork();
      const answers = [];
      for (let host = 1; host <= 20; host++) answers.push((await u.call(SEND, { phone }, { ip: address(host) })).status);
      expect(answers[0]).toBe(200);
      expect(answers.slice(1)).toEqual(Array(19).fill(429));
      expect(u.deliveries.filter((delivery) => delivery.to === phone)).toHaveLength(1);
    });

    it("the per-address code limit counts the /64 across numbers", async () => {
      const address = freshNetwork();
      for (let host = 1; host <= 12; host++) expect((await u.call(SEND, { phone: freshPhone() }, { ip: address(host) })).status).toBe(200);
      const over = await u.call(SEND, { phone: freshPhone() }, { ip: address(13) });
      expect(over.json.code).toBe("E42900001");
      // Another /64 is another client.
      expect((await u.call(SEND, { phone: freshPhone() }, { ip: freshNetwork()(1) })).status).toBe(200);
      u.clock.advance(61 * MINUTE);
    });

    it("wrong guesses from many addresses of a /64 count as one client's: the code dies after 5, the /64 locks after 10", async () => {
      const phone = freshPhone();
      const address = freshNetwork();
      let host = 0;
      const answers: string[] = [];
      for (let round = 0; round < 2; round++) {
        expect((await u.call(SEND, { phone }, { ip: address(++host) })).status).toBe(200);
        const code = u.lastCode(phone);
        for (let i = 0; i < 5; i++) answers.push((await u.call(SIGN_IN, { phone, code: wrong(code) }, { ip: address(++host) })).json.code);
        u.clock.advance(MINUTE);
      }
      expect(answers).toEqual([...Array(4).fill("E40021004"), "E40021006", ...Array(4).fill("E40021004"), "E40021005"]);
      expect((await u.call(SIGN_IN, { phone, code: "123456" }, { ip: address(++host) })).json.code).toBe("E40021005");
      expect((await u.call(SEND, { phone }, { ip: address(++host) })).json.code).toBe("E40021005");
      // The owner, elsewhere, is not locked.
      const owner = freshIp();
      expect((await u.call(SEND, { phone }, { ip: owner })).status).toBe(200);
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) }, { ip: owner })).status).toBe(200);
    });

    it("the contact form's hourly limit counts the /64, and an IPv4-mapped address is its IPv4 address", async () => {
      const address = freshNetwork();
      const message = (i: number) => ({ name: "Anna Smith", email: "anna@example.org", content: `Question ${i} about QCM040120K4` });
      for (let host = 1; host <= 10; host++) expect((await u.call(LEAVE_WORD, message(host), { ip: address(host) })).status).toBe(200);
      expect((await u.call(LEAVE_WORD, message(11), { ip: address(11) })).json.code).toBe("E42900001");
      const v4 = freshIp();
      for (let i = 1; i <= 10; i++) expect((await u.call(LEAVE_WORD, message(i), { ip: i % 2 ? v4 : `::ffff:${v4}` })).status).toBe(200);
      expect((await u.call(LEAVE_WORD, message(11), { ip: `::ffff:${v4}` })).json.code).toBe("E42900001");
      u.clock.advance(61 * MINUTE);
    });
  });

  describe("a number's budget across clients spread over many /64s", () => {
    it("after 10 codes in an hour strangers wait 10 minutes per code; the owner's device still gets one at once", async () => {
      const phone = freshPhone();
      // The owner signed in once from their own network.
      const owner = freshIp();
      expect((await u.call(SEND, { phone }, { ip: owner })).status).toBe(200);
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) }, { ip: owner })).status).toBe(200);
      u.clock.advance(MINUTE);

      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push((await u.call(SEND, { phone }, { ip: freshNetwork()(1) })).status);
      // The owner's one code and 9 of the strangers' fill the hour's budget of 10; the rest wait.
      expect(statuses.filter((status) => status === 200)).toHaveLength(9);
      const slowed = await u.call(SEND, { phone }, { ip: freshNetwork()(1) });
      expect(slowed.status).toBe(429);
      expect(slowed.json.code).toBe("E40021007");
      expect(Number(slowed.headers.get("retry-after"))).toBe(600);

      // The owner is not locked out: their own device gets a code now and signs in.
      expect((await u.call(SEND, { phone }, { ip: owner })).status).toBe(200);
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) }, { ip: owner })).status).toBe(200);
      // A new device of the owner's is on the slow path too, but it gets there: one code per 10 minutes.
      u.clock.advance(10 * MINUTE);
      const newDevice = freshNetwork()(1);
      expect((await u.call(SEND, { phone }, { ip: newDevice })).status).toBe(200);
      expect((await u.call(SEND, { phone }, { ip: freshNetwork()(1) })).status).toBe(429);
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) }, { ip: newDevice })).status).toBe(200);
    });

    it("after 20 codes in a day strangers wait an hour per code", async () => {
      const phone = freshPhone();
      let sent = 0;
      for (let i = 0; i < 40 && sent < 20; i++) {
        if ((await u.call(SEND, { phone }, { ip: freshNetwork()(1) })).status === 200) sent += 1;
        u.clock.advance(10 * MINUTE);
      }
      expect(sent).toBe(20);
      const slowed = await u.call(SEND, { phone }, { ip: freshNetwork()(1) });
      expect(slowed.json.code).toBe("E40021007");
      expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(40 * 60);
      u.clock.advance(24 * 60 * MINUTE);
      expect((await u.call(SEND, { phone }, { ip: freshNetwork()(1) })).status).toBe(200);
    });

    it("after 20 wrong guesses in an hour a stranger's code dies at its first wrong guess; a right code still signs in", async () => {
      const phone = freshPhone();
      const wrongAnswers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const ip = freshNetwork()(1);
        expect((await u.call(SEND, { phone }, { ip })).status).toBe(200);
        const code = u.lastCode(phone);
        for (let k = 0; k < 4; k++) wrongAnswers.push((await u.call(SIGN_IN, { phone, code: wrong(code) }, { ip })).json.code);
      }
      expect(wrongAnswers).toEqual(Array(20).fill("E40021004"));
      const ip = freshNetwork()(1);
      u.clock.advance(10 * MINUTE);
      expect((await u.call(SEND, { phone }, { ip })).status).toBe(200);
      const code = u.lastCode(phone);
      expect((await u.call(SIGN_IN, { phone, code: wrong(code) }, { ip })).json.code).toBe("E40021006");
      expect((await u.call(SIGN_IN, { phone, code }, { ip })).json.code).toBe("E40021006");
      // The owner asking from their own network, slowly, gets a code that works.
      const owner = freshNetwork()(1);
      expect((await u.call(SEND, { phone }, { ip: owner })).json.code).toBe("E40021007");
      u.clock.advance(10 * MINUTE);
      expect((await u.call(SEND, { phone }, { ip: owner })).status).toBe(200);
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) }, { ip: owner })).status).toBe(200);
    });
  });
});
