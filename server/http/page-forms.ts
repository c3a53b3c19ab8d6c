// Form posts to pages (the sign-in form without JavaScript), as two steps of their own before the document
// handler (docs/decisions/031-request-path.md): a post another site made is refused (CSRF), then the form body
// is read, bounded and kept for the handler, which only turns it into its Fetch Request.
import type { NextFunction, Request, Response } from "express";
import type { Language } from "../../shared/languages.ts";
import { requestLanguage } from "./request-language.ts";
import type { Resources } from "../../shared/locales.ts";
import { isCrossSite } from "./security.ts";
import { readBody } from "./request-body.ts";
import { refuseRequest } from "./refusal.ts";

declare global {
  namespace Express {
    interface Locals {
      /** The form a page post carried, read by pageFormBody (absent on every other request). */
      pageForm?: Buffer;
    }
  }
}

/** Form posts to page actions are small. */
const MAX_FORM_BYTES = 16 * 1024;

function isPagePost(req: Request, res: Response): boolean {
  return req.method === "POST" && requestLanguage(req, res).prefix !== undefined;
}

/** CSRF: a form post to a page that another site made is refused. */
export function pageFormSameOrigin(origin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isPagePost(req, res) && isCrossSite(req, origin)) return void res.status(403).type("text/plain").send("Forbidden");
    next();
  };
}

/** The form body of a page post: urlencoded only (415), at most MAX_FORM_BYTES (413), kept in res.locals.pageForm. */
export function pageFormBody(resources: Record<Language, Resources>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isPagePost(req, res)) return next();
    if (!req.is("application/x-www-form-urlencoded")) return void (await refuseRequest(req, res, 415, resources));
    const read = await readBody(req, MAX_FORM_BYTES);
    if (read.kind === "aborted") return;
    if (read.kind === "too large") return void (await refuseRequest(req, res, 413, resources));
    res.locals.pageForm = read.body;
    next();
  };
}
