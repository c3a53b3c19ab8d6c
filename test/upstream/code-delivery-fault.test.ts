// A new code whose delivery fails must not replace the last code that did arrive: the visitor still holds that
// one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCodeRules } from "../../shared/contract/index.ts";
import { freshIp, freshPhone, startAccountUpstream, type AccountUpstream, type Delivery } from "./account-helpers.ts";
import { storeKinds } from "./stores.ts";

describe.each(storeKinds)("accounts on %s", (store) => {
  let u: AccountUpstream;
  const delivered: Delivery[] = [];
  /** When set, the console sender throws like a gateway that is down. */
  let gatewayDown = false;

  beforeAll(async () => {
    u = await startAccountUpstream({
      store,
      dataDir: ":memory:",
      codeLog: (delivery) => {
        if (gatewayDown) throw new Error("SMS gateway unreachable");
        delivered.push(delivery);
      },
    });
  });
  afterAll(() => u.cleanup());

  const lastDelivered = (to: string) => delivered.findLast((delivery) => delivery.to === to)!.code;

  describe("a failed delivery of a new code", () => {
    it("keeps the previous valid code working", async () => {
      const phone = freshPhone();
      const ip = freshIp();
      expect((await u.call("/open/message/sendSmsVerifyCode", { phone }, { ip })).status).toBe(200);
      const first = lastDelivered(phone);

      u.clock.advance(verifyCodeRules.resendAfterSeconds * 1000);
      gatewayDown = true;
      const failed = await u.call("/open/message/sendSmsVerifyCode", { phone }, { ip });
      gatewayDown = false;
      expect(failed.status).toBe(502);
      expect(failed.json.code).toBe("E40021011");

      const signIn = await u.call("/open/user/auth/authAndRegisterBySms", { phone, code: first }, { ip });
      expect(signIn.status).toBe(200);
      expect(signIn.json.data.phone).toBe(phone);
    });

    it("still lets a delivered new code replace the previous one", async () => {
      const phone = freshPhone();
      const ip = freshIp();
      await u.call("/open/message/sendSmsVerifyCode", { phone }, { ip });
      const first = lastDelivered(phone);
      u.clock.advance(verifyCodeRules.resendAfterSeconds * 1000);
      await u.call("/open/message/sendSmsVerifyCode", { phone }, { ip });
      const second = lastDelivered(phone);
      if (first !== second) {
        expect((await u.call("/open/user/auth/authAndRegisterBySms", { phone, code: first }, { ip })).json.code).toBe("E40021004");
      }
      expect((await u.call("/open/user/auth/authAndRegisterBySms", { phone, code: second }, { ip })).status).toBe(200);
    });
  });
});
