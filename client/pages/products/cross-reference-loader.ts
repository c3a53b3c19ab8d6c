// Data of /productAndService/crossReference: one competitor part with our candidates (?part=), a bill of
// materials (?parts=), or the parameter search of an unknown number (?type=…, redirected to the finder).
import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import { queryCrossReference, queryCrossReferenceBatch, type CrossReferenceBatchRow, type CrossReferenceData } from "../../../shared/contract/index.ts";
import { routeLanguage, localizePath } from "../../../shared/languages.ts";
import { parseCrossReferenceQuery, type CrossReferenceQuery } from "../../../shared/query/cross-reference.ts";
import type { ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { pageClient } from "../../api/loader-context.ts";
import { parameterSearchPath } from "../../../shared/cross-reference/cross-reference-finder.ts";
import { loadOperatingPoint, loadOperatingPointRedirect } from "../../features/estimator/load-operating-point.ts";

export interface CrossReferencePageData {
  query: CrossReferenceQuery;
  result: CrossReferenceData;
  /** The bill of materials' rows; null without one. */
  bom: CrossReferenceBatchRow[] | null;
  operatingPoint: ParsedOperatingPoint | null;
}

export async function crossReferenceLoader({ request, context, pattern }: LoaderFunctionArgs): Promise<CrossReferencePageData> {
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  // The estimator panel's GET form comes back as one short op= parameter.
  const opTarget = await loadOperatingPointRedirect(url);
  if (opTarget) throw redirect(opTarget, 302);
  const query = parseCrossReferenceQuery(url.searchParams);
  const api = pageClient(context, language);
  const [result, batch] = await Promise.all([
    api.call(queryCrossReference, query.part ? { part: query.part, ...(query.op ? { op: query.op } : {}) } : {}),
    query.bom.length ? api.call(queryCrossReferenceBatch, { parts: query.bom }) : null,
  ]);
  if (query.search) {
    const family = result.families.find((candidate) => candidate.deviceType === query.search!.type);
    if (family) throw redirect(localizePath(parameterSearchPath(query.search, family.familyId), language), 302);
  }
  return { query, result, bom: batch?.rows ?? null, operatingPoint: await loadOperatingPoint(url) };
}
