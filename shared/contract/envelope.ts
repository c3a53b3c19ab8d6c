// The response envelope every upstream call answers with (DESIGN.md "The upstream and its contract").
import { z } from "zod";

export const SUCCESS_CODE = "0";

const envelopeBase = z.object({
  success: z.boolean(),
  code: z.string(),
  message: z.string(),
});

/** `{ success, code, message, data }` with the given data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return envelopeBase.extend({ data });
}

/** An error answer: data is always null. */
export const errorEnvelope = envelopeBase.extend({ success: z.literal(false), data: z.null() });

/** Paged data: `{ list, total, pageIndex, pageSize }`. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().nonnegative(),
    pageIndex: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}

/** Paging input shared by every *ByPage call; bounds are enforced by the upstream. */
export const MAX_PAGE_SIZE = 100;

/** The largest JSON body the API reads (the site's /api guard and the upstream alike); E41300001 names it. */
export const apiBodyLimitBytes = 100 * 1024;
export const pagingInput = z.object({
  pageIndex: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});
