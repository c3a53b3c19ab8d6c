// The sales inbox's notice of a new contact message: plain text only (the visitor's words are never HTML in
// any mail client), in both languages (the inbox is shared by the team), with the link to the lead in the
// staff console when its origin is known (STAFF_ORIGIN).
import { localizePath } from "../../../shared/languages.ts";
import { staffLeadPath } from "../../../shared/staff/staff-paths.ts";
import type { MailMessage } from "../delivery/mailer.ts";

export interface LeaveWordForMail {
  leaveWordId: number;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  content: string;
  language: string;
  createdAt: number;
}

const chinaTime = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

export function composeSalesMail(to: string, lead: LeaveWordForMail, staffOrigin: string | undefined): MailMessage {
  const who = lead.company ? `${lead.name} (${lead.company})` : lead.name;
  const link = staffOrigin ? new URL(localizePath(staffLeadPath("message", lead.leaveWordId), "zh"), staffOrigin).href : null;
  const contact = [lead.phone, lead.email].filter(Boolean).join(" / ");
  return {
    to,
    subject: `新留言 New contact message #${lead.leaveWordId}: ${who}`,
    text: [
      `网站收到一条新留言（${lead.language === "zh" ? "中文" : "英文"}页面，${chinaTime(lead.createdAt)} 北京时间）。`,
      `A new contact message arrived from the ${lead.language === "zh" ? "Chinese" : "English"} site (${chinaTime(lead.createdAt)} China time).`,
      "",
      `姓名 Name: ${lead.name}`,
      `公司 Company: ${lead.company ?? "—"}`,
      `联系方式 Contact: ${contact}`,
      "",
      "留言 Message:",
      lead.content,
      "",
      link ? `在员工控制台处理 Open it in the staff console: ${link}` : "员工控制台未配置（STAFF_ORIGIN）。The staff console is not configured (STAFF_ORIGIN).",
      "",
      "青云功率半导体有限公司 Qingyun Power Semiconductor Co., Ltd.",
    ].join("\n"),
  };
}
