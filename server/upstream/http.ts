// Mounting a contract call on the upstream: content-type and body checks, strict validation, the
// session requirement, and the envelope for every answer, success or failure.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { z } from "zod";
import {
  SUCCESS_CODE,
  callPath,
  errorCodes,
  errorMessage,
  hiddenCharactersCode,
  requestBodySchema,
  type CallDefinition,
  type ErrorCode,
} from "../../shared/contract/index.ts";
import { fallbackLanguage, isLanguage, type Language } from "../../shared/languages.ts";
import { storeFailure } from "./db.ts";
import { postgresFailure } from "./postgres.ts";
import { apiBodyLimitBytes } from "../../shared/contract/envelope.ts";

/** A failure with a stable code from the error table; `message` overrides the table's text if given. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly options: { message?: string; retryAfterSeconds?: number };
  constructor(code: ErrorCode, options: { message?: string; retryAfterSeconds?: number } = {}) {
    super(code);
    this.code = code;
    this.options = options;
  }
}

/** The language an answer is written in: the body's language, else the query's, else the API fallback (shared/languages.ts). */
export function requestLanguage(req: Request): Language {
  const fromBody = (req.body as { language?: unknown } | undefined)?.language;
  if (isLanguage(fromBody)) return fromBody;
  const fromQuery = req.query.language;
  return isLanguage(fromQuery) ? fromQuery : fallbackLanguage.api;
}

export function sendError(res: Response, code: ErrorCode, language: Language, options: ApiError["options"] = {}) {
  if (options.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(Math.ceil(options.retryAfterSeconds)));
  res.status(errorCodes[code].status).json({
    success: false,
    code,
    message: options.message ?? errorMessage(code, language),
    data: null,
  });
}

export function sendData(res: Response, data: unknown, extra: Record<string, unknown> = {}) {
  res.status(200).json({ success: true, code: SUCCESS_CODE, message: "ok", data, ...extra });
}

/** What a handler receives: validated input and the request's context. */
export interface CallContext<C extends CallDefinition> {
  body: z.output<ReturnType<typeof requestBodySchema>> & z.output<C["body"]>;
  query: z.output<C["query"]>;
  language: Language;
  req: Request;
  res: Response;
  /** Set when the call needs a session (auth: true) or when one is present. */
  userId: number | null;
}

export interface MountOptions {
  provider: string;
  /** Resolves the session cookie to a user id, or null (the account store may be PostgreSQL: async). */
  resolveUser: (req: Request) => Promise<number | null>;
}

/** Registers one call; the handler's result becomes `data` unless it returns `{ data, extra }` with extra fields. */
export function mountCall<C extends CallDefinition>(router: Router, call: C, handler: (context: CallContext<C>) => unknown, options: MountOptions) {
  const bodySchema = requestBodySchema(call);
  const querySchema = call.query.strict ? call.query.strict() : call.query;
  const path = callPath(call, options.provider);
  const method = call.method === "GET" ? "get" : "post";
  router[method](path, async (req: Request, res: Response, next: NextFunction) => {
    const language = requestLanguage(req);
    try {
      // A GET carries no JSON body, so none of the common body fields either: its input is its query alone.
      const body = call.method === "GET" ? { success: true as const, data: {} } : bodySchema.safeParse(req.body ?? {});
      if (!body.success) throw validationError(body.error, language);
      const queryInput = Object.fromEntries(Object.entries(req.query).filter(([key]) => key !== "language"));
      const query = querySchema.safeParse(queryInput);
      if (!query.success) throw validationError(query.error, language);
      const userId = await options.resolveUser(req);
      if (call.auth && userId === null) throw new ApiError("E40100001");
      const result = await handler({
        body: body.data as CallContext<C>["body"],
        query: query.data as CallContext<C>["query"],
        language,
        req,
        res,
        userId,
      });
      if (res.headersSent) return;
      if (isDataWithExtra(result)) sendData(res, result.data, result.extra);
      else sendData(res, result);
    } catch (error) {
      next(error);
    }
  });
}

function isDataWithExtra(value: unknown): value is { data: unknown; extra: Record<string, unknown> } {
  return typeof value === "object" && value !== null && "extra" in value && "data" in value && Object.keys(value).length === 2;
}

function validationError(error: z.ZodError, language: Language): ApiError {
  const unknown = error.issues.find((issue) => issue.code === "unrecognized_keys");
  if (unknown && unknown.code === "unrecognized_keys") {
    return new ApiError("E40000003", { message: `${errorMessage("E40000003", language)} (${unknown.keys.join(", ")})` });
  }
  const issue = error.issues[0]!;
  const where = issue.path.length ? issue.path.join(".") : "body";
  // A stored text field with a C1 control or a bidi override: its own code, in the request's language.
  if (issue.message === hiddenCharactersCode) {
    return new ApiError(hiddenCharactersCode, { message: `${errorMessage(hiddenCharactersCode, language)} (${where})` });
  }
  return new ApiError("E40000002", { message: `${errorMessage("E40000002", language)}: ${where} — ${issue.message}` });
}

/**
 * JSON body parsing with the envelope for every failure: 415 for a non-JSON content type on a body,
 * 413 over 100 KB, 400 for malformed JSON.
 */
export function jsonBody() {
  const parse = express.json({ limit: apiBodyLimitBytes, strict: true, type: () => true });
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const hasBody = length > 0 || req.headers["transfer-encoding"] !== undefined;
    if (req.method === "GET" || req.method === "HEAD" || !hasBody) {
      req.body = {};
      return next();
    }
    if (!req.is("application/json")) return sendError(res, "E41500001", requestLanguage(req));
    parse(req, res, next);
  };
}

/** How long a client should wait after the store refused a write: a full disk takes an operator, a lock a moment. */
const storeRetryAfterSeconds = { full: 60, busy: 2 } as const;

/** Last middleware: maps errors to the envelope and never leaks a stack trace. */
export function errorHandler(log: (error: unknown) => void) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const language = requestLanguage(req);
    if (res.headersSent) return;
    if (error instanceof ApiError) return sendError(res, error.code, language, error.options);
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") return sendError(res, "E41300001", language);
    if (type === "entity.parse.failed") return sendError(res, "E40000001", language);
    if (type === "encoding.unsupported" || type === "charset.unsupported") return sendError(res, "E41500001", language);
    // A full disk, a held lock or an unreachable PostgreSQL is the operator's to fix, not a bug: the client is
    // told to come back, and the log keeps the store's own words ("database or disk is full"), once.
    const store = storeFailure(error) ?? postgresFailure(error);
    log(error);
    if (store) return sendError(res, "E50300001", language, { retryAfterSeconds: storeRetryAfterSeconds[store] });
    sendError(res, "E50000001", language);
  };
}
