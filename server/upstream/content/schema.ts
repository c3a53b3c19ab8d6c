// The shape of the content files (see FORMAT.md); every file is checked at start so a typo stops the
// upstream with the file and field named instead of surfacing as a broken page.
import { z } from "zod";
import { changeClasses, documentTypes, jobTypes, lifecycleStates, newsCategories, noticeNumber, noticePolicy, noticeTypes, serviceNames } from "../../../shared/contract/content.ts";
import { modelVersion } from "../../../shared/contract/models.ts";
import { partValidation } from "../../../shared/contract/model-validation.ts";

const L = z.strictObject({ zh: z.string().min(1), en: z.string().min(1) });
const LList = z
  .strictObject({ zh: z.array(z.string().min(1)), en: z.array(z.string().min(1)) })
  .refine((list) => list.zh.length === list.en.length, "zh and en lists must have the same length");

const mediaPath = z.string().regex(/^\/media\/[\w./-]+\.(svg|png|jpe?g|webp|mp4|m4v)$/, "a /media/… file");
const link = z.string().regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, "a site path or https URL");

const sectionItemFile = z.strictObject({
  title: L.optional(),
  text: L.optional(),
  image: mediaPath.optional(),
  link: link.optional(),
  value: L.optional(),
});

const sectionFile = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.enum(["text", "cards", "table", "figures", "timeline", "contact"]),
  heading: L.optional(),
  body: LList.optional(),
  items: z.array(sectionItemFile).optional(),
  table: z.strictObject({ columns: z.array(L), rows: z.array(z.array(L)) }).optional(),
});

export const pageFile = z.strictObject({
  templateCode: z.string().regex(/^[a-z0-9-]+$/),
  url: z.string().regex(/^\//),
  title: L,
  description: L,
  banner: z.strictObject({ image: mediaPath, title: L, subtitle: L }).optional(),
  sections: z.array(sectionFile),
});

const menuItemFile = z.strictObject({
  category: L,
  desc: L.optional(),
  link: link.optional(),
  url: mediaPath.optional(),
  pcUrl: mediaPath.optional(),
  mobUrl: mediaPath.optional(),
  alt: L.optional(),
});

export const menusFile = z
  .object({ year: z.string().regex(/^\d{4}$/) })
  .catchall(z.union([z.strictObject({ display: z.boolean(), data: z.array(menuItemFile) }), z.string()]));

const paramValue = z.union([z.number(), z.string(), L]);

export const categoryFile = z.strictObject({
  id: z.number().int().positive(),
  parentId: z.number().int().positive().nullable(),
  status: z.enum(["on", "off"]),
  sort: z.number().int(),
  name: L,
  summary: L,
  image: mediaPath.optional(),
  paramTable: z
    .array(
      z.strictObject({
        fieldId: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
        paramName: L,
        screenName: L.nullable(),
        sortable: z.boolean(),
        unit: z.string().optional(),
      }),
    )
    .optional(),
});
export type CategoryFile = z.infer<typeof categoryFile>;

export const productFile = z.strictObject({
  id: z.number().int().positive(),
  parentId: z.number().int().positive(),
  partNumber: z.string().regex(/^[A-Z0-9-]+$/),
  status: z.enum(["on", "off"]),
  sort: z.number().int(),
  isNew: z.boolean().optional(),
  name: L,
  summary: L,
  description: LList,
  features: LList,
  applications: LList,
  params: z.record(z.string(), paramValue),
  documents: z.array(z.string()),
});
export type ProductFile = z.infer<typeof productFile>;

// ---- Services, documents, news and jobs (loaded by library.ts) ----

export const serviceFile = z.strictObject({
  name: z.enum(serviceNames),
  title: L,
  summary: L,
  image: mediaPath,
  sections: z.array(sectionFile),
});
export type ServiceFile = z.infer<typeof serviceFile>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a YYYY-MM-DD date");

const documentVersion = z.string().regex(/^[0-9A-Za-z.-]{1,20}$/);

/** One published revision of a document; its stable id (for notices and mails) is `documentId@revision`. */
const documentRevisionFile = z.strictObject({
  revision: documentVersion,
  date: isoDate,
  changes: LList,
});

export const documentFile = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/),
    type: z.enum(documentTypes),
    title: L,
    summary: L,
    version: documentVersion,
    date: isoDate,
    productIds: z.array(z.number().int().positive()),
    pages: z.strictObject({ en: z.array(z.string().min(1)).min(1) }),
    // Oldest first; the last entry is the current revision (FORMAT.md, documents.json).
    revisions: z.array(documentRevisionFile).min(1),
    // The ids this document was published under before it moved; their URLs answer 301 to this one's.
    formerIds: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/)).optional(),
  })
  .superRefine((document, ctx) => {
    const revisions = document.revisions;
    const seen = new Set<string>();
    revisions.forEach((entry, index) => {
      if (seen.has(entry.revision)) ctx.addIssue({ code: "custom", path: ["revisions", index, "revision"], message: `revision ${entry.revision} listed twice` });
      seen.add(entry.revision);
      const previous = revisions[index - 1];
      // Two may share a day (a correction issued the day of the revision it corrects); the list's order is theirs.
      if (previous !== undefined && entry.date < previous.date) {
        ctx.addIssue({ code: "custom", path: ["revisions", index, "date"], message: "revisions are listed oldest first" });
      }
    });
    const last = revisions.at(-1);
    if (last !== undefined && (last.revision !== document.version || last.date !== document.date)) {
      ctx.addIssue({ code: "custom", path: ["revisions"], message: "the last revision is the current one: its revision and date equal version and date" });
    }
  });
export type DocumentFile = z.infer<typeof documentFile>;

export const newsFile = z.strictObject({
  id: z.number().int().positive(),
  category: z.enum(newsCategories),
  date: isoDate,
  image: mediaPath,
  title: L,
  summary: L,
  body: LList,
  tags: LList,
  views: z.number().int().nonnegative(),
});
export type NewsFile = z.infer<typeof newsFile>;

export const jobFile = z.strictObject({
  id: z.number().int().positive(),
  type: z.enum(jobTypes),
  title: L,
  location: L,
  department: L,
  headcount: z.number().int().positive(),
  date: isoDate,
  /** Last day applications are taken (China time); left out while the position is open until filled. */
  closingDate: isoDate.optional(),
  description: L,
  duties: LList,
  requirements: LList,
  email: z.string().email(),
});
export type JobFile = z.infer<typeof jobFile>;

// ---- Lifecycle of the parts (catalog/lifecycle.json; docs/decisions/026-lifecycle-and-change-notices.md) ----

const lifecycleStep = z.strictObject({ state: z.enum(lifecycleStates), since: isoDate });

/** One part's state: the dates each state asks for are required, the others refused, and the history runs forward in time. */
export const lifecycleFile = z
  .strictObject({
    partNumber: z.string().regex(/^[A-Z0-9-]+$/),
    state: z.enum(lifecycleStates),
    since: isoDate,
    history: z.array(lifecycleStep).optional(),
    expectedRelease: isoDate.optional(),
    lastOrder: isoDate.optional(),
    lastDelivery: isoDate.optional(),
    replacement: z.string().regex(/^[A-Z0-9-]+$/).optional(),
  })
  .superRefine((entry, context) => {
    const fail = (message: string) => context.addIssue({ code: "custom", message: `${entry.partNumber}: ${message}` });
    if (entry.state === "preview" && !entry.expectedRelease) fail("a preview part needs its expectedRelease");
    if (entry.state !== "preview" && entry.expectedRelease) fail("only a preview part has an expectedRelease");
    if ((entry.state === "nrnd" || entry.state === "ltb" || entry.state === "obsolete") && !entry.replacement) fail(`a ${entry.state} part needs its replacement`);
    if ((entry.state === "preview" || entry.state === "active") && entry.replacement) fail(`a ${entry.state} part has no replacement`);
    if (entry.replacement === entry.partNumber) fail("a part cannot replace itself");
    const ltbSeen = entry.state === "ltb" || (entry.state === "obsolete" && entry.history?.some((step) => step.state === "ltb"));
    if (ltbSeen && (!entry.lastOrder || !entry.lastDelivery)) fail("a last-time buy needs its lastOrder and lastDelivery");
    if (!ltbSeen && (entry.lastOrder || entry.lastDelivery)) fail("only a last-time buy has lastOrder and lastDelivery");
    if (entry.lastOrder && entry.lastDelivery && entry.lastDelivery < entry.lastOrder) fail("lastDelivery comes before lastOrder");
    const steps = [...(entry.history ?? []), { state: entry.state, since: entry.since }];
    for (let index = 1; index < steps.length; index++) {
      const [before, after] = [steps[index - 1]!, steps[index]!];
      if (after.since <= before.since) fail(`${after.state} (${after.since}) must begin after ${before.state} (${before.since})`);
      if (lifecycleStates.indexOf(after.state) <= lifecycleStates.indexOf(before.state)) fail(`${before.state} cannot be followed by ${after.state}`);
    }
  });
export type LifecycleFile = z.infer<typeof lifecycleFile>;

// ---- Change notices, PCN and PDN (notices.json; docs/decisions/026-lifecycle-and-change-notices.md) ----

/** The day `months` calendar months after `date` (YYYY-MM-DD), clamped to the month's end. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

const partNumber = z.string().regex(/^[A-Z0-9-]+$/);

export const noticeFile = z
  .strictObject({
    number: noticeNumber,
    type: z.enum(noticeTypes),
    issued: isoDate,
    parts: z.array(partNumber).min(1),
    title: L,
    summary: L,
    /** What changes, then why. */
    changes: LList,
    reason: LList,
    /** J-STD-046's class of a product or process change; change notices only. */
    changeClass: z.enum(changeClasses).optional(),
    /** The qualification data or report: a document of documents.json. */
    qualification: z.string().optional(),
    effective: isoDate.optional(),
    lastOrder: isoDate.optional(),
    lastDelivery: isoDate.optional(),
    /** Days the customer has to answer (object to a change, place a last-time-buy forecast). */
    responseDays: z.number().int().min(1).max(365),
    replacements: z.array(partNumber).optional(),
  })
  .superRefine((notice, context) => {
    const fail = (message: string) => context.addIssue({ code: "custom", message: `${notice.number}: ${message}` });
    if (notice.number.slice(0, 3) !== (notice.type === "change" ? "PCN" : "PDN")) fail(`a ${notice.type} notice is numbered ${notice.type === "change" ? "PCN" : "PDN"}-…`);
    if (!notice.number.includes(`-${notice.issued.slice(0, 4)}-`)) fail("the number's year is the year issued");
    if (new Set(notice.parts).size !== notice.parts.length) fail("a part is named twice");
    if (notice.type === "change") {
      if (!notice.changeClass) fail("a change notice states its J-STD-046 class");
      if (!notice.effective) fail("a change notice states when the change takes effect");
      if (notice.lastOrder || notice.lastDelivery || notice.replacements) fail("only a discontinuation has last order, last delivery and replacements");
      const earliest = new Date(Date.parse(`${notice.issued}T00:00:00Z`) + noticePolicy.majorChangeDays * 86_400_000).toISOString().slice(0, 10);
      if (notice.changeClass === "major" && notice.effective && notice.effective < earliest) fail(`a major change takes effect ${noticePolicy.majorChangeDays} days after the notice at the earliest (${earliest})`);
      if (notice.effective && notice.effective < notice.issued) fail("the change cannot take effect before the notice");
    } else {
      if (notice.changeClass || notice.effective) fail("a discontinuation has no change class or effective date");
      if (!notice.lastOrder || !notice.lastDelivery) fail("a discontinuation states the last order and last delivery dates");
      if (!notice.replacements?.length) fail("a discontinuation names the replacement");
      const lastOrder = addMonths(notice.issued, noticePolicy.lastOrderMonths);
      if (notice.lastOrder && notice.lastOrder < lastOrder) fail(`the last order date is ${noticePolicy.lastOrderMonths} months after the notice at the earliest (${lastOrder})`);
      const lastDelivery = notice.lastOrder ? addMonths(notice.lastOrder, noticePolicy.lastDeliveryMonths) : "";
      if (notice.lastDelivery && notice.lastDelivery < lastDelivery) fail(`the last delivery date is ${noticePolicy.lastDeliveryMonths} months after the last order at the earliest (${lastDelivery})`);
    }
  });
export type NoticeFile = z.infer<typeof noticeFile>;

/**
 * content/models/validation/{version}.json: each part's ngspice validation at that model version, written by
 * scripts/models-validation.ts and compared with a fresh run by test/upstream/models-ngspice.test.ts.
 */
export const modelValidationFile = z.strictObject({
  version: modelVersion,
  /** The ngspice that gave the figures ("ngspice-39"). */
  simulator: z.string().min(1),
  parts: z.array(partValidation).min(1),
});
