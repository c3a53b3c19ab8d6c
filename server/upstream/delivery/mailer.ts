// E-mail sign-in codes over SMTP with nodemailer, in the language of the request.
import nodemailer from "nodemailer";
import type { Language } from "../../../shared/languages.ts";
import type { CodeSender } from "./code-sender.ts";

export interface SmtpConfig {
  /** smtp://user:pass@host:port or smtps://…; wins over host/port/user/pass. */
  url: string | undefined;
  host: string | undefined;
  port: number;
  user: string | undefined;
  pass: string | undefined;
  from: string;
}

const texts: Record<Language, { subject: string; body: (code: string) => string }> = {
  zh: {
    subject: "青云功率半导体登录验证码",
    body: (code) => `您的登录验证码为 ${code}，5 分钟内有效，仅可使用一次。\n如非本人操作，请忽略本邮件。\n\n青云功率半导体有限公司`,
  },
  en: {
    subject: "Your Qingyun Power Semiconductor sign-in code",
    body: (code) =>
      `Your sign-in code is ${code}. It is valid for 5 minutes and can be used once.\nIf you did not ask for it, you can ignore this e-mail.\n\nQingyun Power Semiconductor Co., Ltd.`,
  },
};

/** One e-mail to one person; plain text (every mail client shows it, nothing to sanitise). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The Message-ID header ("<id@domain>"), when a retry must carry the same one as the first try. */
  messageId?: string;
  /** Extra headers (a notice e-mail's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailSender {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

function smtpTransport(config: SmtpConfig) {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  return config.url
    ? nodemailer.createTransport({ url: config.url, ...timeouts })
    : nodemailer.createTransport({
        host: config.host,
        port: config.port,
        // Port 465 is implicit TLS; the others upgrade with STARTTLS when the server offers it.
        secure: config.port === 465,
        auth: config.user ? { user: config.user, pass: config.pass ?? "" } : undefined,
        ...timeouts,
      });
}

/** Order e-mails and other notices: SMTP when configured, else one log line per message (development). */
export function createMailSender(config: SmtpConfig | null, log: (message: string) => void): MailSender {
  if (!config) {
    return { name: "console", send: async ({ to, subject, text }) => log(`[mail] to ${to}: ${subject}\n${text}`) };
  }
  const transport = smtpTransport(config);
  return {
    name: "smtp",
    async send({ to, subject, text, messageId, headers }) {
      await transport.sendMail({ from: config.from, to, subject, text, ...(messageId ? { messageId } : {}), ...(headers ? { headers } : {}) });
    },
  };
}

export function createSmtpSender(config: SmtpConfig): CodeSender {
  const transport = smtpTransport(config);
  return {
    name: "smtp",
    async send({ to, code, language }) {
      const text = texts[language];
      await transport.sendMail({ from: config.from, to, subject: text.subject, text: text.body(code) });
    },
  };
}
