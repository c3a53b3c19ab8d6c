// GET /{lang}/productAndService/crossReference.csv?parts=…: a bill of materials' cross-reference as CSV, and
// ?part=…: one part's whole comparison, a row per compared parameter of each candidate with the source of their
// value and the basis of ours in its own cell; headers and words in the page's language. The query is read by
// shared/query/cross-reference.ts as the page reads it, so the file always holds the page's rows.
import type { NextFunction, Request, Response } from "express";
import type { StartedConfig } from "../config/index.ts";
import type { Logger } from "../metrics/logger.ts";
import type { Resources } from "../../shared/locales.ts";
import { queryCrossReference, queryCrossReferenceBatch, type CrossReferenceData } from "../../shared/contract/index.ts";
import { conditionText, localizeCitation, withParamUnit } from "../../shared/cross-reference/citation.ts";
import { parseCrossReferenceQuery } from "../../shared/query/cross-reference.ts";
import { crossReferenceCsvPattern } from "../../shared/paths.ts";
import { htmlLang, isLanguage, type Language } from "../../shared/languages.ts";
import { toCsv } from "../../shared/text/csv.ts";
import { ApiCallError } from "../../client/api/page-client.ts";
import { visitorPageClient } from "../upstream-client.ts";
import type { SiteCaches } from "../cache/index.ts";

/** The file's path; the site mounts its rate limit on it. */
export const crossReferenceCsvPath = crossReferenceCsvPattern;

type Dictionary = { [key: string]: string | Dictionary };
type Strings = {
  page?: Record<string, unknown>;
  tier?: Record<string, string>;
  manufacturer?: Record<string, string>;
  lookup?: Record<string, string>;
  [key: string]: unknown;
};

/** "{{name}}" placeholders of a locale string filled in (the file is written without an i18next instance). */
const fill = (template: string | undefined, values: Record<string, string | number>) =>
  (template ?? "").replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

/** A locale string by its dotted key ("note.tcNotStated"), filled in; the key itself where the file has none. */
function translate(text: Strings, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = text;
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Dictionary)[part] : undefined;
  return typeof node === "string" ? fill(node, values) : key;
}

/** One part's comparison: a line per compared parameter of each candidate, each value beside its source. */
function comparisonCsv(result: CrossReferenceData, text: Strings): string {
  const part = result.part!;
  const label = (key: string, values?: Record<string, string>) => translate(text, `citation.${key}`, values);
  const header = [
    "export.colCandidate",
    "export.colTier",
    "page.colParam",
    "export.colTheirs",
    "export.colTheirSource",
    "export.colOurs",
    "export.colOurBasis",
    "page.colResult",
    "page.colNote",
  ].map((key) => translate(text, key, { theirs: part.partNumber }));
  const value = (param: string, cell: { value: unknown; conditions: Record<string, number | undefined>; max?: true }) => {
    if (cell.value === null) return translate(text, "page.none");
    const plain = typeof cell.value === "boolean" ? translate(text, cell.value ? "page.yes" : "page.no") : withParamUnit(param, cell.value as number | string);
    const shown = cell.max ? translate(text, "page.maxValue", { value: plain }) : plain;
    const conditions = conditionText(cell.conditions);
    return conditions ? `${shown} (${conditions})` : shown;
  };
  const documents = new Map(part.documents.map((doc) => [doc.id, doc]));
  const lines = result.candidates.flatMap((candidate) =>
    candidate.rows.map((row) => {
      const doc = row.theirs.source ? documents.get(row.theirs.source.doc) : undefined;
      const where = row.theirs.source?.where ? localizeCitation(row.theirs.source.where, label) : "";
      const source = doc ? [doc.title, [doc.revision, doc.date].filter(Boolean).join(", "), where, doc.url].filter(Boolean).join(" · ") : "";
      return [
        candidate.product.partNumber,
        translate(text, `tier.${candidate.tier}`),
        translate(text, `param.${row.param}`),
        value(row.param, row.theirs),
        row.theirs.decoded ? [translate(text, "decoded"), source].filter(Boolean).join(" · ") : source,
        value(row.param, row.ours),
        row.ours.value === null ? "" : translate(text, `basis.${row.ours.basis}`),
        translate(text, `status.${row.status}`),
        row.note ? translate(text, `note.${row.note.key}`, row.note.values ?? {}) : "",
      ];
    }),
  );
  return toCsv([header, ...lines]);
}

export function crossReferenceCsv(options: { config: StartedConfig; logger: Logger; resources: Record<Language, Resources>; caches?: SiteCaches | undefined }) {
  const { config, logger } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // The full path: mounted on its own path, the handler's req.path is relative to it.
    const url = new URL(req.originalUrl, "http://site");
    const match = crossReferenceCsvPath.exec(url.pathname);
    if (!match || !isLanguage(match[1])) return next();
    const language = match[1];
    const query = parseCrossReferenceQuery(url.searchParams);
    if (!query.bom.length && !query.part) {
      res.status(400).type("text/plain").send("Bad request");
      return;
    }
    const api = visitorPageClient(req, res, { config, caches: options.caches, language, signal: AbortSignal.timeout(config.upstreamTimeoutMs) });
    const send = (csv: string, name: string) => {
      res.status(200);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${name}-${language}.csv"`);
      res.setHeader("Content-Language", htmlLang[language]);
      res.setHeader("Cache-Control", "private, no-cache");
      res.send(csv);
    };
    try {
      const text = (options.resources[language]["cross-reference"] ?? {}) as Strings;
      if (!query.bom.length) {
        const result = await api.call(queryCrossReference, { part: query.part });
        if (!result.part) {
          res
            .status(404)
            .type("text/plain")
            .send(translate(text, "page.notFound", { part: query.part }));
          return;
        }
        // The part's own number (as the table spells it) names the file: letters, digits, "-" and "_" only.
        send(comparisonCsv(result, text), `qingyun-cross-reference-${result.part.partNumber}`);
        return;
      }
      const { rows } = await api.call(queryCrossReferenceBatch, { parts: query.bom });
      const page = (text.page ?? {}) as Record<string, string> & { match?: Record<string, string> };
      const header = [page.bomQuery, page.bomMatch, page.partLabel, page.bomManufacturer, page.bomBest, page.bomTier, page.bomCandidates].map((label) => label ?? "");
      const body = rows.map((row) => [
        row.query,
        [
          page.match?.[row.match ?? "none"] ?? row.match ?? "",
          row.stripped ? fill(text.lookup?.stripped, { suffix: row.stripped }) : "",
          row.suggestion ? fill(text.lookup?.didYouMean, { part: row.suggestion.partNumber }) : "",
        ]
          .filter(Boolean)
          .join(" · "),
        row.part?.partNumber ?? "",
        row.part ? (text.manufacturer?.[row.part.manufacturer] ?? row.part.manufacturer) : "",
        row.best?.partNumber ?? "",
        row.best ? (text.tier?.[row.best.tier] ?? row.best.tier) : "",
        row.counts["drop-in"] + row.counts.functional + row.counts["needs-review"],
      ]);
      send(toCsv([header, ...body]), "qingyun-cross-reference");
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 400) {
        res.status(400).type("text/plain").send("Bad request");
        return;
      }
      logger.error({ err: error, url: req.originalUrl }, "cross-reference csv failed");
      res.status(502).type("text/plain").send("The cross-reference is not available right now");
    }
  };
}
