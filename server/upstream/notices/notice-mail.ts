// The e-mail of a published notice to one watcher (docs/decisions/034-part-watches-and-notice-mail.md):
// plain text in the watcher's language, the watched parts it names, the notice's page, the page that manages
// the watches, and a signed unsubscribe link that works without signing in, also offered as RFC 8058
// one-click unsubscribe (List-Unsubscribe with List-Unsubscribe-Post), which mail clients show as a button.
import { localizePath, type Language } from "../../../shared/languages.ts";
import { emailWatchPaths } from "../../../shared/email-watch-paths.ts";
import type { Database } from "../db.ts";
import type { MailMessage } from "../delivery/mailer.ts";

export interface DueNoticeMail {
  id: number;
  attempts: number;
  messageId: string | null;
  noticeNumber: string;
  email: string;
  language: Language;
  /** JSON array of part numbers. */
  parts: string;
  unsubscribeToken: string;
  type: "change" | "discontinuation";
  /** JSON of the stored notice (content/notices.ts), in the watcher's language. */
  data: string;
  /** 1 when the watcher subscribed by e-mail without an account: its watches are managed by its signed link. */
  byEmail: number;
}

/** Due notice e-mails, joined to the notice in the watcher's language; claimed like every outbox row. */
export function dueNoticeMailQuery(db: Database) {
  return db.prepare(
    `SELECT o.id, o.attempts, o.message_id AS messageId, m.notice_number AS noticeNumber, m.email, m.language, m.parts,
       m.unsubscribe_token AS unsubscribeToken, n.type, n.data, coalesce(w.user_id IS NULL, 0) AS byEmail
     FROM order_mail_outbox o JOIN notice_mails m ON m.id = o.notice_mail_id JOIN notices n ON n.number = m.notice_number AND n.language = m.language
     LEFT JOIN watchers w ON w.id = m.watcher_id
     WHERE o.state = 'pending' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.id LIMIT ?`,
  );
}

/** The links of a watcher's e-mail: the page a token unsubscribes at (GET shows a button, POST is one-click). */
function unsubscribeUrl(publicOrigin: string, language: Language, token: string): string {
  return new URL(`${localizePath("/unsubscribe", language)}?token=${encodeURIComponent(token)}`, publicOrigin).href;
}
/** An account's watches are on its account page; a subscription by e-mail's on the page its signed link opens. */
function manageWatchesUrl(publicOrigin: string, language: Language, byEmail: boolean, token: string): string {
  if (byEmail) return new URL(`${localizePath(emailWatchPaths.manage, language)}?token=${encodeURIComponent(token)}`, publicOrigin).href;
  return new URL(localizePath("/user/watches", language), publicOrigin).href;
}

const texts = {
  zh: {
    subject: (type: string, number: string, title: string) => `${type === "change" ? "产品变更通知" : "产品停产通知"} ${number}：${title}`,
    intro: "您关注的以下型号有新的通知：",
    effective: "生效日期",
    lastOrder: "最后订货日期",
    lastDelivery: "最后交货日期",
    read: "阅读完整通知：",
    manage: "管理您关注的型号：",
    unsubscribe: "退订全部通知（无需登录）：",
    why: "您收到此邮件，是因为您在青云功率半导体网站关注了上述型号。",
    signature: "青云功率半导体有限公司",
  },
  en: {
    subject: (type: string, number: string, title: string) => `${type === "change" ? "Product change notice" : "Product discontinuation notice"} ${number}: ${title}`,
    intro: "There is a new notice on parts you watch:",
    effective: "Effective",
    lastOrder: "Last order date",
    lastDelivery: "Last delivery date",
    read: "Read the whole notice:",
    manage: "Manage the parts you watch:",
    unsubscribe: "Unsubscribe from all notices (no sign-in needed):",
    why: "You receive this e-mail because you watch these parts on the Qingyun Power Semiconductor website.",
    signature: "Qingyun Power Semiconductor Co., Ltd.",
  },
} as const;

export function composeNoticeMail(row: DueNoticeMail, publicOrigin: string): MailMessage {
  const t = texts[row.language];
  const notice = JSON.parse(row.data) as { title: string; summary: string; effective: string | null; lastOrder: string | null; lastDelivery: string | null };
  const parts = JSON.parse(row.parts) as string[];
  const unsubscribe = unsubscribeUrl(publicOrigin, row.language, row.unsubscribeToken);
  const dates = [
    notice.effective ? `${t.effective}: ${notice.effective}` : null,
    notice.lastOrder ? `${t.lastOrder}: ${notice.lastOrder}` : null,
    notice.lastDelivery ? `${t.lastDelivery}: ${notice.lastDelivery}` : null,
  ].filter((line): line is string => line !== null);
  return {
    to: row.email,
    subject: t.subject(row.type, row.noticeNumber, notice.title),
    text: [
      t.intro,
      ...parts.map((part) => `  • ${part}`),
      "",
      notice.summary,
      ...(dates.length ? ["", ...dates] : []),
      "",
      t.read,
      new URL(localizePath(`/support/notices/${row.noticeNumber}`, row.language), publicOrigin).href,
      "",
      t.manage,
      manageWatchesUrl(publicOrigin, row.language, row.byEmail === 1, row.unsubscribeToken),
      t.unsubscribe,
      unsubscribe,
      "",
      t.why,
      t.signature,
    ].join("\n"),
    headers: {
      // RFC 8058: the https URL answers a POST of "List-Unsubscribe=One-Click" without any other step.
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
