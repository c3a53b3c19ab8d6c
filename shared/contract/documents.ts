// Technical documents (datasheets, application notes, models, certificates, brochures): by page, by id,
// the PDF download path, and the optional download form of SPEC §3.
import { z } from "zod";
import { downloadConsent } from "../forms/consent.ts";
import { textInput } from "./common.ts";
import { defineCall } from "./define.ts";
import { paged, pagingInput } from "./envelope.ts";
import { formLimits } from "./forms.ts";

export const documentTypes = ["datasheet", "applicationNote", "simulationModel", "certificate", "brochure"] as const;
export type DocumentType = (typeof documentTypes)[number];

/** A document id; a plain pattern too, so a page's loader checks a URL without loading zod (decision 006). */
export const documentIdPattern = /^[a-z0-9][a-z0-9-]{0,99}$/;
export const documentId = z.string().regex(documentIdPattern, "a document id (lowercase letters, digits, -)");

/** GET path of a document's PDF on the upstream (relative to the API base, e.g. /api in the browser). */
export const attachDownloadPathPattern = "/front/attach/download/{id}";
export function attachDownloadPath(id: string): string {
  return attachDownloadPathPattern.replace("{id}", encodeURIComponent(id));
}

/** GET path of one revision's PDF, current or earlier; its URL is permanent (docs/decisions/040-document-revisions.md). */
export const attachRevisionPathPattern = "/front/attach/download/{id}/rev/{revision}";
export function attachRevisionPath(id: string, revision: string): string {
  return attachRevisionPathPattern.replace("{id}", encodeURIComponent(id)).replace("{revision}", encodeURIComponent(revision));
}

/** A revision as content writes it ("1.2", "2026.1"). */
export const documentRevisionPattern = /^[0-9A-Za-z.-]{1,20}$/;
export const documentRevisionName = z.string().regex(documentRevisionPattern, "a document revision (1.2)");

const documentProduct = z.object({ id: z.number().int(), partNumber: z.string() });

export const documentMeta = z.object({
  id: documentId,
  type: z.enum(documentTypes),
  title: z.string(),
  summary: z.string(),
  version: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** The file is always a PDF; its text is English. */
  fileName: z.string(),
  fileSize: z.number().int().positive(),
  pageCount: z.number().int().positive(),
  downloadPath: z.string(),
  /** The visible products the document applies to, in catalogue order. In a product's own answer (its detail's
   * documents, a list row's datasheet) only that product: a family's application note names thousands of
   * parts, and a product's page shows none of the others. */
  products: z.array(documentProduct),
});
export type DocumentMeta = z.infer<typeof documentMeta>;

export const queryAttachPage = defineCall({
  name: "queryAttachPage",
  path: "/front/queryAttachPage",
  summary: "Documents by page, newest first; filters: type, product (id or part number), product category (family or series), keyword.",
  body: z.strictObject({
    type: z.enum(documentTypes).optional(),
    productId: z.number().int().positive().optional(),
    /** Documents of any product under this category of the product tree (a family or a series). */
    categoryId: z.number().int().positive().optional(),
    partNumber: z.string().trim().min(1).max(64).optional(),
    keyword: z.string().trim().max(100).optional(),
    ...pagingInput.shape,
  }),
  data: paged(documentMeta).extend({
    /** Documents per type under the same product and keyword filters (for tabs). */
    typeCounts: z.record(z.enum(documentTypes), z.number().int().nonnegative()),
  }),
});
export type DocumentPage = z.infer<typeof queryAttachPage.data>;

export const queryAttachInfo = defineCall({
  name: "queryAttachInfo",
  path: "/front/queryAttachInfo",
  summary: "One document's metadata by id.",
  body: z.strictObject({ id: documentId }),
  data: documentMeta,
});

const documentRevision = z.object({
  revision: documentRevisionName,
  /** YYYY-MM-DD */
  date: z.string(),
  /** What changed in this revision, in the request's language. */
  changes: z.array(z.string()),
  downloadPath: z.string(),
});
export type DocumentRevision = z.infer<typeof documentRevision>;

export const queryAttachHistory = defineCall({
  name: "queryAttachHistory",
  path: "/front/queryAttachHistory",
  summary:
    "One document with its revision history, newest first (the first is the current one). An id the document moved from answers the document under its new id, which the caller's URL follows.",
  body: z.strictObject({ id: documentId }),
  data: z.object({ document: documentMeta, revisions: z.array(documentRevision).min(1) }),
});
export type DocumentHistory = z.infer<typeof queryAttachHistory.data>;

/** The download form of SPEC §3; every field is required-style and length-limited. */
const downloadRecordInput = z.strictObject({
  attachId: documentId,
  name: textInput(formLimits.name, { trim: true }),
  phone: z.string().trim().max(formLimits.phone),
  email: z.string().trim().max(formLimits.email),
  company: textInput(formLimits.company, { trim: true }),
  position: textInput(formLimits.position, { trim: true }),
  productDemand: textInput(formLimits.productDemand, { trim: true }),
  /** The consent the form showed (shared/forms/consent.ts): recorded with the entry, with its time. */
  consent: z.strictObject({ policyVersion: z.literal(downloadConsent.policyVersion) }).optional(),
});

export const addDownloadRecord = defineCall({
  name: "addDownloadRecord",
  path: "/front/addDownloadRecord",
  summary: "Stores the download form (name, phone, email, company, position, product demand) for a document.",
  body: downloadRecordInput,
  data: z.object({ id: z.number().int(), downloadPath: z.string() }),
});
