// Atom 1.0 feeds (RFC 4287) of the change and discontinuation notices, for readers who prefer a feed to
// e-mail: GET /{lang}/support/notices/feed.atom (every notice) and /{lang}/support/notices/feed.atom?part=X
// (one part's; an unknown part answers 404). The newest 50, newest first; the notices list page and each
// product page link theirs with <link rel="alternate">. docs/decisions/034-part-watches-and-notice-mail.md.
import type { NextFunction, Request, Response } from "express";
import type { StartedConfig } from "../config/index.ts";
import type { Logger } from "../metrics/logger.ts";
import type { SiteCaches } from "../cache/index.ts";
import { queryNoticeByPage, querySiteListDataByPage, type NoticeListItem } from "../../shared/contract/index.ts";
import { htmlLang, isLanguage, languageAlternation, localizePath, type Language } from "../../shared/languages.ts";
import { noticeDetailPath, productDetailPath } from "../../shared/paths.ts";
import { noticesFeedHref } from "../../shared/notices-feed.ts";
import { ApiCallError } from "../../client/api/page-client.ts";
import { visitorPageClient } from "../upstream-client.ts";
import { sendPlainNotFound } from "../http/not-found.ts";

const feedPattern = new RegExp(`^/(${languageAlternation})/support/notices/feed\\.atom$`);
const partPattern = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const entries = 50;

const titles: Record<Language, { all: string; part: (part: string) => string; company: string }> = {
  zh: { all: "青云功率半导体 产品变更与停产通知", part: (part) => `${part} 的产品变更与停产通知`, company: "青云功率半导体有限公司" },
  en: {
    all: "Qingyun Power Semiconductor product change and discontinuation notices",
    part: (part) => `Product change and discontinuation notices of ${part}`,
    company: "Qingyun Power Semiconductor Co., Ltd.",
  },
};

const xml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all (control characters but tab and line ends, U+FFFE, U+FFFF).
    .replace(/[^\P{Cc}\t\n\r]|[\ufffe\uffff]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** A notice's day as an Atom date (RFC 3339): the notices carry days, issued at midnight China time. */
const atomDate = (day: string) => `${day}T00:00:00+08:00`;

export function noticesAtom(options: { config: StartedConfig; logger: Logger; caches?: SiteCaches | undefined }) {
  const { config } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = feedPattern.exec(req.path);
    if (!match || !isLanguage(match[1])) return next();
    const language = match[1];
    const part = typeof req.query.part === "string" ? req.query.part : undefined;
    if (req.query.part !== undefined && (part === undefined || !partPattern.test(part))) {
      return sendPlainNotFound(res);
    }
    const api = visitorPageClient(req, res, { config, caches: options.caches, language, signal: AbortSignal.timeout(config.upstreamTimeoutMs) });
    try {
      let partNumber: string | undefined;
      if (part !== undefined) {
        const found = await api.call(querySiteListDataByPage, { partNumber: part }).catch((error: unknown) => {
          if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) return null;
          throw error;
        });
        if (!found?.product) {
          return sendPlainNotFound(res);
        }
        partNumber = found.product.partNumber;
      }
      const page = await api.call(queryNoticeByPage, { ...(partNumber ? { partNumber } : {}), pageIndex: 1, pageSize: entries });
      const origin = config.publicOrigin;
      const self = new URL(localizePath(noticesFeedHref(partNumber), language), origin).href;
      const alternate = new URL(localizePath(partNumber ? productDetailPath(partNumber) : "/support/notices", language), origin).href;
      const t = titles[language];
      const updated = page.list[0] ? atomDate(page.list[0].issued) : "2000-01-01T00:00:00+08:00";
      const entry = (notice: NoticeListItem) => {
        const url = new URL(localizePath(noticeDetailPath(notice.number), language), origin).href;
        return [
          "<entry>",
          `<id>${xml(url)}</id>`,
          `<title>${xml(`${notice.number}: ${notice.title}`)}</title>`,
          `<link rel="alternate" type="text/html" href="${xml(url)}"/>`,
          `<updated>${atomDate(notice.issued)}</updated>`,
          `<published>${atomDate(notice.issued)}</published>`,
          `<summary>${xml(`${notice.summary} (${notice.parts.map((p) => p.partNumber).join(", ")})`)}</summary>`,
          ...notice.parts.map((p) => `<category term="${xml(p.partNumber)}"/>`),
          "</entry>",
        ].join("");
      };
      const body = [
        '<?xml version="1.0" encoding="utf-8"?>',
        `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${htmlLang[language]}">`,
        `<id>${xml(self)}</id>`,
        `<title>${xml(partNumber ? t.part(partNumber) : t.all)}</title>`,
        `<updated>${updated}</updated>`,
        `<author><name>${xml(t.company)}</name></author>`,
        `<link rel="self" type="application/atom+xml" href="${xml(self)}"/>`,
        `<link rel="alternate" type="text/html" href="${xml(alternate)}"/>`,
        ...page.list.map(entry),
        "</feed>",
      ].join("\n");
      res.status(200).type("application/atom+xml; charset=utf-8").setHeader("Cache-Control", "public, max-age=300");
      res.send(body);
    } catch (error) {
      next(error);
    }
  };
}
