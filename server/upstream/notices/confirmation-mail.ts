// The double opt-in e-mail of a subscription by e-mail (migration 061,
// docs/decisions/034-part-watches-and-notice-mail.md): plain text in the request's language, the parts asked
// for, the signed confirmation link and how long it is good for, and what to do if the reader never asked.
import { emailWatchConfirmHours } from "../../../shared/contract/index.ts";
import { localizePath, type Language } from "../../../shared/languages.ts";
import { emailWatchPaths } from "../../../shared/email-watch-paths.ts";
import type { Database } from "../db.ts";
import type { MailMessage } from "../delivery/mailer.ts";

export interface DueConfirmationMail {
  id: number;
  attempts: number;
  messageId: string | null;
  email: string;
  language: Language;
  token: string;
  /** JSON array of the part numbers asked for. */
  parts: string;
}

/** Due confirmation e-mails with the part numbers they name; claimed like every outbox row. */
export function dueConfirmationMailQuery(db: Database) {
  return db.prepare(
    `SELECT o.id, o.attempts, o.message_id AS messageId, c.email, c.language, c.token,
       (SELECT json_group_array(s.part_number) FROM json_each(c.parts) j JOIN site_list s ON s.id = j.value) AS parts
     FROM order_mail_outbox o JOIN watch_confirmations c ON c.id = o.watch_confirmation_id
     WHERE o.state = 'pending' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.id LIMIT ?`,
  );
}

/** The page a confirmation link opens (GET shows what it would watch; its button confirms). */
function confirmWatchUrl(publicOrigin: string, language: Language, token: string): string {
  return new URL(`${localizePath(emailWatchPaths.confirm, language)}?token=${encodeURIComponent(token)}`, publicOrigin).href;
}

const texts = {
  zh: {
    subject: "请确认订阅青云功率半导体的产品变更通知",
    intro: "有人（希望是您本人）请求在以下型号发布变更或停产通知时，向此邮箱发送邮件：",
    confirm: `确认订阅，请在 ${emailWatchConfirmHours} 小时内打开此链接并点击“确认订阅”：`,
    ignore: "如果这不是您的请求，请忽略本邮件：未经确认，我们不会向此邮箱发送任何通知。",
    signature: "青云功率半导体有限公司",
  },
  en: {
    subject: "Please confirm your Qingyun Power Semiconductor notice subscription",
    intro: "Someone (we hope you) asked us to e-mail this address when a change or discontinuation notice names these parts:",
    confirm: `To confirm, open this link within ${emailWatchConfirmHours} hours and press "Confirm subscription":`,
    ignore: "If you did not ask for this, ignore this e-mail: without your confirmation this address gets no notices.",
    signature: "Qingyun Power Semiconductor Co., Ltd.",
  },
} as const;

export function composeConfirmationWatchMail(row: DueConfirmationMail, publicOrigin: string): MailMessage {
  const t = texts[row.language];
  const parts = (JSON.parse(row.parts) as Array<string | null>).filter((part): part is string => part !== null);
  return {
    to: row.email,
    subject: t.subject,
    text: [t.intro, ...parts.map((part) => `  • ${part}`), "", t.confirm, confirmWatchUrl(publicOrigin, row.language, row.token), "", t.ignore, "", t.signature].join(
      "\n",
    ),
  };
}
