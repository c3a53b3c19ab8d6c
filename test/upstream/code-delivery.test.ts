// Delivering codes for real: e-mail over SMTP to a local sink (smtp-server), SMS through the Aliyun
// HTTP API to a local stand-in that checks the signature, delivery failures, and what reaches the log.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAndRegisterByEmail, responseSchema } from "../../shared/contract/index.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { startTestUpstream, type Answer, type TestUpstream } from "./helpers.ts";
import { storeKinds } from "./stores.ts";
import { signAliyunRpc } from "../../server/upstream/delivery/aliyun-sms.ts";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

describe.each(storeKinds)("codes and accounts on %s", (store) => {
  const mails: Mail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let smtpPort = 0;

  /** What the Aliyun stand-in received and what it answers next. */
  const aliyun = { requests: [] as URL[], answer: { status: 200, body: { Code: "OK", Message: "OK", RequestId: "req-1", BizId: "biz-1" } as object } };
  let aliyunServer: Server;

  const logLines: string[] = [];
  let upstream: TestUpstream;

  const SECRET = "aliyun-test-secret";

  async function post(p: string, body: Record<string, unknown>, language: "zh" | "en" = "en") {
    const response = await fetch(upstream.url + p, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ language, websiteCode: "qingyun", ...body }),
    });
    const answer: Answer = { status: response.status, headers: response.headers, json: await response.json() };
    return answer;
  }

  beforeAll(async () => {
    smtp = await startSmtpSink(({ to, raw }) => mails.push({ to, ...decodeMail(raw) }));
    smtpPort = smtp.port;

    aliyunServer = createServer((req, res) => {
      aliyun.requests.push(new URL(req.url ?? "/", "http://aliyun.test"));
      res.writeHead(aliyun.answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(aliyun.answer.body));
    });
    await new Promise<void>((resolve) => aliyunServer.listen(0, "127.0.0.1", resolve));
    const aliyunPort = (aliyunServer.address() as AddressInfo).port;

    upstream = await startTestUpstream(
      {
        store,
        env: {
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          MAIL_FROM: "Qingyun Power Semiconductor <no-reply@qingyun-power.com>",
          SMS_PROVIDER: "aliyun",
          ALIYUN_SMS_ACCESS_KEY_ID: "LTAI-test-id",
          ALIYUN_SMS_ACCESS_KEY_SECRET: SECRET,
          ALIYUN_SMS_SIGN_NAME: "青云功率",
          ALIYUN_SMS_TEMPLATE_CODE: "SMS_100200300",
          ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${aliyunPort}/`,
        },
      },
      // Every line the upstream logs, details included, to prove no code leaks into it.
      (message, detail) => logLines.push(`${message} ${detail instanceof Error ? `${detail.message} ${detail.stack}` : JSON.stringify(detail ?? "")}`),
    );
  });

  afterAll(async () => {
    await upstream.cleanup();
    await smtp.close();
    await new Promise<void>((resolve) => aliyunServer.close(() => resolve()));
  });

  describe("e-mail codes over SMTP", () => {
    it("refuses an invalid address with the SPEC §5 message", async () => {
      for (const email of ["nope", "a@b", "zhang san@example.com"]) {
        const response = await post("/open/message/sendVerifyCode", { email });
        expect(response.status).toBe(400);
        expect(response.json).toMatchObject({ code: "E40021002", message: "please enter a valid email address" });
      }
      expect((await post("/open/message/sendVerifyCode", { email: "x" }, "zh")).json.message).toBe("请输入正确的邮箱地址");
    });

    it("mails the code, and the code signs in (the account is created with the lower-case address)", async () => {
      const response = await post("/open/message/sendVerifyCode", { email: "Li.Ming@Example.com" });
      expect(response.status).toBe(200);
      const mail = mails.at(-1)!;
      expect(mail.to).toEqual(["li.ming@example.com"]);
      expect(mail.subject).toBe("Your Qingyun Power Semiconductor sign-in code");
      const code = /sign-in code is (\d{6})\./.exec(mail.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      const signIn = await post("/open/user/auth/authAndRegisterByEmail", { email: "li.ming@example.com", code: code! });
      expect(signIn.status).toBe(200);
      expect(responseSchema(authAndRegisterByEmail).parse(signIn.json).data).toMatchObject({ email: "li.ming@example.com", phone: null });
      expect(signIn.headers.getSetCookie().some((line) => line.startsWith(`${sessionCookie}=`))).toBe(true);
      expect(logLines.join("\n")).not.toContain(code!);
    });

    it("writes the mail in the request's language", async () => {
      await post("/open/message/sendVerifyCode", { email: "wang.fang@example.cn" }, "zh");
      const mail = mails.at(-1)!;
      expect(mail.subject).toBe("青云功率半导体登录验证码");
      expect(mail.text).toMatch(/您的登录验证码为 \d{6}，5 分钟内有效/);
    });

    it("refuses a wrong e-mail code and bad input", async () => {
      await post("/open/message/sendVerifyCode", { email: "zhao.lei@example.com" });
      const code = /(\d{6})/.exec(mails.at(-1)!.text)![1]!;
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      expect((await post("/open/user/auth/authAndRegisterByEmail", { email: "zhao.lei@example.com", code: wrong })).json.code).toBe("E40021004");
      expect((await post("/open/user/auth/authAndRegisterByEmail", { email: "bad", code })).json.code).toBe("E40021002");
      expect((await post("/open/user/auth/authAndRegisterByEmail", { email: "zhao.lei@example.com", code: "12" })).json.code).toBe("E40021003");
      expect((await post("/open/user/auth/authAndRegisterByEmail", { email: "zhao.lei@example.com" })).json.code).toBe("E40000002");
    });
  });

  describe("SMS codes through the Aliyun HTTP API", () => {
    it("sends a correctly signed SendSms request whose code signs in", async () => {
      const response = await post("/open/message/sendSmsVerifyCode", { phone: "+86 138 0013 8000" });
      expect(response.status).toBe(200);
      const request = aliyun.requests.at(-1)!;
      const params = Object.fromEntries(request.searchParams);
      const { Signature, ...signed } = params;
      expect(signed).toMatchObject({
        Action: "SendSms",
        Version: "2017-05-25",
        Format: "JSON",
        AccessKeyId: "LTAI-test-id",
        PhoneNumbers: "13800138000",
        SignName: "青云功率",
        TemplateCode: "SMS_100200300",
        SignatureMethod: "HMAC-SHA1",
        SignatureVersion: "1.0",
        RegionId: "cn-hangzhou",
      });
      expect(signed.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Signature).toBe(signAliyunRpc(signed, SECRET).signature);
      const { code } = JSON.parse(signed.TemplateParam!) as { code: string };
      expect(code).toMatch(/^\d{6}$/);

      const signIn = await post("/open/user/auth/authAndRegisterBySms", { phone: "13800138000", code });
      expect(signIn.status).toBe(200);
      expect(signIn.json.data.phone).toBe("13800138000");
      expect(logLines.join("\n")).not.toContain(code);
    });

    it("answers 502 when Aliyun refuses; the failed code neither works nor blocks a new request", async () => {
      aliyun.answer = { status: 200, body: { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发分钟级流控", RequestId: "req-2" } };
      const failed = await post("/open/message/sendSmsVerifyCode", { phone: "13900139000" });
      expect(failed.status).toBe(502);
      expect(failed.json).toMatchObject({ success: false, code: "E40021011" });
      const unsentCode = JSON.parse(aliyun.requests.at(-1)!.searchParams.get("TemplateParam")!).code as string;
      expect(logLines.some((line) => line.includes("isv.BUSINESS_LIMIT_CONTROL"))).toBe(true);
      expect(logLines.join("\n")).not.toContain(unsentCode);
      expect((await post("/open/user/auth/authAndRegisterBySms", { phone: "13900139000", code: unsentCode })).json.code).toBe("E40021004");

      aliyun.answer = { status: 200, body: { Code: "OK", Message: "OK", RequestId: "req-3" } };
      expect((await post("/open/message/sendSmsVerifyCode", { phone: "13900139000" })).status).toBe(200);
    });

    it("refuses to start with SMS_PROVIDER=aliyun and missing credentials", async () => {
      await expect(startTestUpstream({ dataDir: ":memory:", env: { SMS_PROVIDER: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "id" } })).rejects.toThrow(
        /^Invalid ALIYUN_SMS_ACCESS_KEY_SECRET: required when SMS_PROVIDER=aliyun/,
      );
    });
  });

  describe("the console sender", () => {
    it("writes one clear line with the number and the code through the upstream's logger", async () => {
      const lines: string[] = [];
      const local = await startTestUpstream({ dataDir: ":memory:" }, (message) => lines.push(message));
      try {
        const response = await fetch(`${local.url}/open/message/sendSmsVerifyCode`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ language: "en", websiteCode: "qingyun", phone: "13700137000" }),
        });
        expect(response.status).toBe(200);
        const codeLines = lines.filter((line) => line.includes("13700137000"));
        expect(codeLines).toHaveLength(1);
        expect(codeLines[0]).toMatch(/^\[sign-in code\] SMS to 13700137000: \d{6} \(console sender, valid 5 minutes\)$/);
      } finally {
        await local.cleanup();
      }
    });
  });
});
