// The staff API (orders must move, or "progress" means nothing): list and read every order, advance or reject
// one, issue preview tokens.
// Bearer token STAFF_TOKEN compared in constant time; without a configured token the API does not exist (404).
import { createHash, timingSafeEqual } from "node:crypto";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { z } from "zod";
import { MAX_PAGE_SIZE, hiddenCharactersCode, orderNumberPattern, textInput } from "../../../shared/contract/index.ts";
import { fallbackLanguage, languages, type Language } from "../../../shared/languages.ts";
import { orderStatusFilters } from "../../../shared/samples/order-status.ts";
import { previewTokenMinutes, signPreviewToken } from "../../../shared/http/preview-token.ts";
import { fieldLimits } from "../../../shared/forms/validation.ts";
import { ApiError, requestLanguage, sendData, sendError } from "../http.ts";
import type { PreviewRevocations } from "../site/preview-revocations.ts";
import { recordView } from "../samples/orders.ts";
import type { SampleStore } from "../samples/store.ts";

export interface StaffDeps {
  /** The orders, on the SQLite file or on PostgreSQL (docs/decisions/044-store-interface-and-postgresql.md). */
  orders: Pick<SampleStore, "page" | "detail" | "move">;
  now: () => number;
  staffToken: string | undefined;
  previewSecret: string | undefined;
  previewRevocations: PreviewRevocations;
  /** Called after each move (sends the applicant's e-mail without making the answer wait for it). */
  onMove?: () => void;
}

const listQuery = z.strictObject({
  status: z.enum(orderStatusFilters).default("all"),
  pageIndex: z.coerce.number<string>().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(MAX_PAGE_SIZE).default(20),
  language: z.enum(languages).default(fallbackLanguage.api),
});
const detailQuery = z.strictObject({ language: z.enum(languages).default(fallbackLanguage.api) });
const advanceBody = z.strictObject({
  note: textInput(fieldLimits.note).optional(),
  carrier: textInput(fieldLimits.carrier).optional(),
  trackingNumber: textInput(fieldLimits.trackingNumber).optional(),
  language: z.enum(languages).optional(),
});
const rejectBody = z.strictObject({ reason: textInput(fieldLimits.note), language: z.enum(languages).optional() });
const revokeBody = z.strictObject({ token: z.string().min(1).max(200) });
const previewBody = z.strictObject({ minutes: z.number().int().min(1).max(previewTokenMinutes.max).default(previewTokenMinutes.default) });

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    if (issue.message === hiddenCharactersCode) throw new ApiError(hiddenCharactersCode);
    throw new ApiError("E40000002", { message: `The request parameters are invalid: ${issue.path.join(".") || "body"} — ${issue.message}` });
  }
  return result.data;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

function staffGuard(staffToken: string | undefined) {
  const expected = staffToken ? digest(staffToken) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!expected) return sendError(res, "E40400001", requestLanguage(req));
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(req.headers.authorization ?? "");
    // Comparing digests keeps the comparison constant-time whatever the length of the offered token.
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="staff"');
      return sendError(res, "E40023001", requestLanguage(req));
    }
    next();
  };
}

export function mountStaffRoutes(router: Router, deps: StaffDeps) {
  const staff = express.Router();
  staff.use(staffGuard(deps.staffToken));

  const orderNumberOf = (req: Request) => {
    const value = String(req.params.orderNumber ?? "");
    if (!orderNumberPattern.test(value)) throw new ApiError("E40022006");
    return value;
  };
  const detail = async (orderNumber: string, language: Language) => {
    const found = await deps.orders.detail(orderNumber, language, null);
    if (!found) throw new ApiError("E40022006");
    return {
      order: { ...found.detail.order, userId: found.row.userId },
      records: found.history.map((record) => ({ ...recordView(record), actor: record.actor })),
    };
  };

  staff.get("/orders", async (req, res) => {
    const query = parse(listQuery, req.query);
    const page = await deps.orders.page({ userId: null, status: query.status, pageIndex: query.pageIndex, pageSize: query.pageSize }, query.language);
    sendData(res, { ...page, list: page.list.map(({ order, row }) => ({ ...order, userId: row.userId })) });
  });

  staff.get("/orders/:orderNumber", async (req, res) => {
    sendData(res, await detail(orderNumberOf(req), parse(detailQuery, req.query).language));
  });

  staff.post("/orders/:orderNumber/advance", async (req, res) => {
    const orderNumber = orderNumberOf(req);
    const body = parse(advanceBody, req.body ?? {});
    await deps.orders.move(orderNumber, "next", body, "staff-api");
    deps.onMove?.();
    sendData(res, await detail(orderNumber, body.language ?? fallbackLanguage.api));
  });

  staff.post("/orders/:orderNumber/reject", async (req, res) => {
    const orderNumber = orderNumberOf(req);
    const body = parse(rejectBody, req.body ?? {});
    await deps.orders.move(orderNumber, "rejected", { note: body.reason }, "staff-api");
    deps.onMove?.();
    sendData(res, await detail(orderNumber, body.language ?? fallbackLanguage.api));
  });

  // Revokes a token before it expires: the site stops honouring it, and the cookie it set, within seconds.
  staff.post("/preview-tokens/revoke", async (req, res) => {
    if (!deps.previewSecret) throw new ApiError("E50300001", { message: "PREVIEW_SECRET is not set: preview tokens are disabled." });
    const { token } = parse(revokeBody, req.body ?? {});
    const { expiresAt } = await deps.previewRevocations.revoke(deps.previewSecret, token);
    sendData(res, { revoked: true, expiresAt: new Date(expiresAt).toISOString() });
  });

  staff.post("/preview-tokens", async (req, res) => {
    if (!deps.previewSecret) throw new ApiError("E50300001", { message: "PREVIEW_SECRET is not set: preview tokens are disabled." });
    const { minutes } = parse(previewBody, req.body ?? {});
    const expiresAt = deps.now() + minutes * 60_000;
    sendData(res, { token: await signPreviewToken(deps.previewSecret, expiresAt), expiresAt: new Date(expiresAt).toISOString() });
  });

  router.use("/staff", staff);
}
