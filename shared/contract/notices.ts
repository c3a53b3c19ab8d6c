// Change notices: product/process change notices (PCN, JEDEC J-STD-046) and product discontinuation
// notices (PDN, J-STD-048), by page with filters and one by number. docs/decisions/026-lifecycle-and-change-notices.md.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { documentMeta } from "./documents.ts";
import { paged, pagingInput } from "./envelope.ts";

export const noticeTypes = ["change", "discontinuation"] as const;
export type NoticeType = (typeof noticeTypes)[number];

/** J-STD-046's two classes: a major change may affect form, fit, function, quality or reliability; a minor one does not. */
export const changeClasses = ["major", "minor"] as const;
export type ChangeClass = (typeof changeClasses)[number];

/**
 * Our notice periods, which the content is validated against and the notices page states: a major change is
 * announced this many days before it takes effect (J-STD-046's 90 days), the last order date of a discontinued
 * part is this many months after its PDN, and the last delivery this many months after the last order.
 */
export const noticePolicy = { majorChangeDays: 90, lastOrderMonths: 12, lastDeliveryMonths: 6, acceptedAfterDays: 30 } as const;

/** PCN-2026-001, PDN-2025-003. A plain pattern too, so a page can check a URL without the schema (and zod). */
export const noticeNumberPattern = /^(PCN|PDN)-\d{4}-\d{3}$/;
export const noticeNumber = z.string().regex(noticeNumberPattern, "a notice number (PCN-YYYY-NNN or PDN-YYYY-NNN)");

const noticePart = z.object({ id: z.number().int(), partNumber: z.string() });

export const noticeListItem = z.object({
  number: noticeNumber,
  type: z.enum(noticeTypes),
  /** YYYY-MM-DD */
  issued: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The shown parts it affects, in catalogue order. */
  parts: z.array(noticePart),
  changeClass: z.enum(changeClasses).nullable(),
  effective: z.string().nullable(),
  lastOrder: z.string().nullable(),
  lastDelivery: z.string().nullable(),
});
export type NoticeListItem = z.infer<typeof noticeListItem>;

const noticeDetail = noticeListItem.extend({
  changes: z.array(z.string()),
  reason: z.array(z.string()),
  responseDays: z.number().int().positive(),
  /** The day the response window closes (issued + responseDays). */
  respondBy: z.string(),
  qualification: documentMeta.nullable(),
  replacements: z.array(noticePart),
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

export const queryNoticeByPage = defineCall({
  name: "queryNoticeByPage",
  path: "/front/queryNoticeByPage",
  summary: "Change and discontinuation notices by page, newest first, optionally of one part, one product family, one type and one year.",
  body: z.strictObject({
    partNumber: z.string().trim().min(1).max(64).optional(),
    /** A product-tree node (family or series): notices affecting any part below it. */
    familyId: z.number().int().positive().optional(),
    type: z.enum(noticeTypes).optional(),
    year: z.number().int().min(2000).max(2100).optional(),
    ...pagingInput.shape,
  }),
  data: paged(noticeListItem).extend({
    /** The years that have notices, newest first (for the year filter). */
    years: z.array(z.number().int()),
  }),
});
export type NoticePage = z.infer<typeof queryNoticeByPage.data>;

export const queryNoticeByNumber = defineCall({
  name: "queryNoticeByNumber",
  path: "/front/queryNoticeByNumber",
  summary: "One change or discontinuation notice with everything it says.",
  body: z.strictObject({ number: noticeNumber }),
  data: noticeDetail,
});
