// How sign-in codes reach people: an SMS sender and an e-mail sender, chosen from the environment.
// The console senders (the embedded default) write one line per code; nothing else ever logs a code.
import type { UpstreamOptions } from "../config.ts";
import type { UpstreamEnv } from "../../../shared/env/upstream-env.ts";
import type { CodeSender } from "./code-sender.ts";
import { createAliyunSmsSender } from "./aliyun-sms.ts";
import { createSmtpSender, type SmtpConfig } from "./mailer.ts";

export type CodeLog = NonNullable<UpstreamOptions["codeLog"]>;

function createConsoleSender(channel: "sms" | "email", codeLog: CodeLog): CodeSender {
  return {
    name: "console",
    send: async ({ to, code }) => codeLog({ channel, to, code }),
  };
}

/** The default code log: one clear line through the upstream's logger. */
export function logCodeLine(log: (message: string) => void): CodeLog {
  return ({ channel, to, code }) => log(`[sign-in code] ${channel === "sms" ? "SMS" : "e-mail"} to ${to}: ${code} (console sender, valid 5 minutes)`);
}

export interface CodeSenders {
  sms: CodeSender;
  email: CodeSender;
}

/**
 * SMS: SMS_PROVIDER=console (default) or aliyun (needs the four ALIYUN_SMS_* credentials).
 * E-mail: SMTP when SMTP_URL or SMTP_HOST is set, else the console.
 */
export function createCodeSenders(env: UpstreamEnv, codeLog: CodeLog, now: () => number): CodeSenders {
  let sms: CodeSender = createConsoleSender("sms", codeLog);
  if (env.SMS_PROVIDER === "aliyun") {
    const { ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE } = env;
    if (!ALIYUN_SMS_ACCESS_KEY_ID || !ALIYUN_SMS_ACCESS_KEY_SECRET || !ALIYUN_SMS_SIGN_NAME || !ALIYUN_SMS_TEMPLATE_CODE) {
      throw new Error("SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE");
    }
    sms = createAliyunSmsSender({
      accessKeyId: ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: ALIYUN_SMS_ACCESS_KEY_SECRET,
      signName: ALIYUN_SMS_SIGN_NAME,
      templateCode: ALIYUN_SMS_TEMPLATE_CODE,
      endpoint: env.ALIYUN_SMS_ENDPOINT,
      regionId: env.ALIYUN_SMS_REGION,
      now,
    });
  }
  const smtp = smtpConfig(env);
  const email = smtp ? createSmtpSender(smtp) : createConsoleSender("email", codeLog);
  return { sms, email };
}

/** The SMTP settings when SMTP_URL or SMTP_HOST is set, else null (the console stands in). */
export function smtpConfig(env: UpstreamEnv): SmtpConfig | null {
  if (!env.SMTP_URL && !env.SMTP_HOST) return null;
  return { url: env.SMTP_URL, host: env.SMTP_HOST, port: env.SMTP_PORT, user: env.SMTP_USER, pass: env.SMTP_PASS, from: env.MAIL_FROM };
}
