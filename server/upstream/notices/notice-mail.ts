// The e-mail of a published notice, document revision or lifecycle change to one watcher
// (docs/decisions/034-part-watches-and-notice-mail.md, 040-document-revisions.md): plain text in the watcher's
// language, the watched parts it names, the page to read, the page that manages the watches, and a signed
// unsubscribe link that works without signing in, also offered as RFC 8058 one-click unsubscribe
// (List-Unsubscribe with List-Unsubscribe-Post), which mail clients show as a button.
import { localizePath, type Language } from "../../../shared/languages.ts";
import { unsubscribePath } from "../../../shared/paths.ts";
import { emailWatchPaths } from "../../../shared/email-watch-paths.ts";
import type { Database } from "../db.ts";
import type { MailMessage } from "../delivery/mailer.ts";
import { noticeDetailPath, productDetailPath } from "../../../shared/paths.ts";
import { documentRevisionPagePath } from "../../../shared/document-paths.ts";
import type { LifecycleDetails, PublicationKind, RevisionDetails } from "./publications.ts";

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
  kind: PublicationKind;
  /** A revision's or lifecycle change's e-mail: what it says, in the watcher's language (JSON, publications.ts). */
  details: string | null;
  /** A notice's e-mail: its type and the stored notice (content/notices.ts) in the watcher's language (JSON). */
  type: "change" | "discontinuation" | null;
  data: string | null;
  /** 1 when the watcher subscribed by e-mail without an account: its watches are managed by its signed link. */
  byEmail: number;
}

/** Due notice e-mails, joined to the notice in the watcher's language; claimed like every outbox row. */
export function dueNoticeMailQuery(db: Database) {
  return db.prepare(
    `SELECT o.id, o.attempts, o.message_id AS messageId, m.notice_number AS noticeNumber, m.email, m.language, m.parts,
       m.unsubscribe_token AS unsubscribeToken, m.kind, m.details, n.type, n.data, coalesce(w.user_id IS NULL, 0) AS byEmail
     FROM order_mail_outbox o JOIN notice_mails m ON m.id = o.notice_mail_id
     LEFT JOIN notices n ON m.kind = 'notice' AND n.number = m.notice_number AND n.language = m.language
     LEFT JOIN watchers w ON w.id = m.watcher_id
     -- A notice no longer in the loaded content has nothing to say: its row waits, as before the other kinds.
     WHERE o.state = 'pending' AND o.next_attempt_at <= ? AND (m.kind <> 'notice' OR n.number IS NOT NULL)
     ORDER BY o.next_attempt_at, o.id LIMIT ?`,
  );
}

/** The links of a watcher's e-mail: the page a token unsubscribes at (GET shows a button, POST is one-click). */
function unsubscribeUrl(publicOrigin: string, language: Language, token: string): string {
  return new URL(`${localizePath(unsubscribePath, language)}?token=${encodeURIComponent(token)}`, publicOrigin).href;
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
    revisionSubject: (title: string, revision: string) => `文档新版本：${title}，版本 ${revision}`,
    revisionIntro: "您关注的以下型号的文档发布了新版本：",
    revisionFacts: (revision: string, date: string) => `版本 ${revision}，发布于 ${date}。变更内容：`,
    readRevision: "查看此版本及版本历史（含下载）：",
    lifecycleSubject: (part: string, state: string) => `生命周期变更：${part} 现为“${state}”`,
    lifecycleIntro: "您关注的型号的生命周期状态已变更：",
    lifecycleFacts: (part: string, state: string, since: string) => `${part}：${state}（自 ${since} 起）`,
    expectedRelease: "预计量产日期",
    replacement: "替代型号",
    readPart: "查看型号页面：",
    states: { preview: "预览", active: "量产", nrnd: "不推荐用于新设计", ltb: "最后订货", obsolete: "已停产" },
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
    revisionSubject: (title: string, revision: string) => `New document revision: ${title}, revision ${revision}`,
    revisionIntro: "A document of parts you watch has a new revision:",
    revisionFacts: (revision: string, date: string) => `Revision ${revision} of ${date}. What changed:`,
    readRevision: "This revision and the document's history, with downloads:",
    lifecycleSubject: (part: string, state: string) => `Lifecycle change: ${part} is now "${state}"`,
    lifecycleIntro: "The lifecycle state of a part you watch has changed:",
    lifecycleFacts: (part: string, state: string, since: string) => `${part}: ${state} (since ${since})`,
    expectedRelease: "Expected release",
    replacement: "Replacement",
    readPart: "The part's page:",
    states: { preview: "Preview", active: "Active", nrnd: "Not recommended for new designs", ltb: "Last-time buy", obsolete: "Obsolete" },
  },
} as const;

/** Builds the e-mail around what it says: the event's lines and page, then the watch links every e-mail carries. */
function watcherMail(row: DueNoticeMail, publicOrigin: string, subject: string, lines: string[], read: string, path: string): MailMessage {
  const t = texts[row.language];
  const unsubscribe = unsubscribeUrl(publicOrigin, row.language, row.unsubscribeToken);
  return {
    to: row.email,
    subject,
    text: [
      ...lines,
      "",
      read,
      new URL(localizePath(path, row.language), publicOrigin).href,
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

export function composeNoticeMail(row: DueNoticeMail, publicOrigin: string): MailMessage {
  const t = texts[row.language];
  const parts = (JSON.parse(row.parts) as string[]).map((part) => `  • ${part}`);
  if (row.kind === "revision") {
    const revision = JSON.parse(row.details!) as RevisionDetails;
    return watcherMail(
      row,
      publicOrigin,
      t.revisionSubject(revision.title, revision.revision),
      [t.revisionIntro, ...parts, "", revision.title, t.revisionFacts(revision.revision, revision.date), ...revision.changes.map((change) => `  – ${change}`)],
      t.readRevision,
      documentRevisionPagePath(revision.documentId, revision.revision),
    );
  }
  if (row.kind === "lifecycle") {
    const change = JSON.parse(row.details!) as LifecycleDetails;
    const state = t.states[change.state];
    const dates = [
      change.expectedRelease ? `${t.expectedRelease}: ${change.expectedRelease}` : null,
      change.lastOrder ? `${t.lastOrder}: ${change.lastOrder}` : null,
      change.lastDelivery ? `${t.lastDelivery}: ${change.lastDelivery}` : null,
      change.replacement ? `${t.replacement}: ${change.replacement}` : null,
    ].filter((line): line is string => line !== null);
    return watcherMail(
      row,
      publicOrigin,
      t.lifecycleSubject(change.partNumber, state),
      [t.lifecycleIntro, "", t.lifecycleFacts(change.partNumber, state, change.since!), ...dates],
      t.readPart,
      productDetailPath(change.partNumber),
    );
  }
  const notice = JSON.parse(row.data!) as { title: string; summary: string; effective: string | null; lastOrder: string | null; lastDelivery: string | null };
  const dates = [
    notice.effective ? `${t.effective}: ${notice.effective}` : null,
    notice.lastOrder ? `${t.lastOrder}: ${notice.lastOrder}` : null,
    notice.lastDelivery ? `${t.lastDelivery}: ${notice.lastDelivery}` : null,
  ].filter((line): line is string => line !== null);
  return watcherMail(
    row,
    publicOrigin,
    t.subject(row.type!, row.noticeNumber, notice.title),
    [t.intro, ...parts, "", notice.summary, ...(dates.length ? ["", ...dates] : [])],
    t.read,
    noticeDetailPath(row.noticeNumber),
  );
}
