// Data of the support pages (/support/{name?}): the content page of the name, and for the document centre
// the filtered, paged documents and the product families to filter by; for the application-note and
// simulation-model pages every document of that type. Whether the visitor is in the WeChat browser comes
// from the request's User-Agent on the server and from navigator in the browser.
import { data, type LoaderFunctionArgs } from "react-router-dom";
import { queryAttachPage, queryModelFamilyPacks, querySiteList, querySitePageData, siteListTypes } from "../../../shared/contract/index.ts";
import type { ModelFamilyPack } from "../../../shared/contract/models.ts";
import type { DocumentPage, DocumentType } from "../../../shared/contract/documents.ts";
import type { PageData } from "../../../shared/contract/site.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { isWeChatBrowser } from "../../../shared/http/user-agent.ts";
import { DOCUMENTS_PAGE_SIZE, parseDocumentList, parseSupportPage, type DocumentListState, type SupportPage } from "../../../shared/query/support.ts";
import { pageClient } from "../../api/loader-context.ts";
import { listedDocument, type ListedDocument } from "../../../shared/catalog/document-products.ts";
import { documentLoader, type DocumentPageData } from "./document-detail.tsx";
import { modelValidationLoader, type ModelValidationPageData } from "./model-validation.tsx";

/** A family pack as the page lists it: the number of its parts, not their part numbers (thousands in a vendor's
 * catalog, which the page's hydration data would carry for a count). */
export type ListedPack = Omit<ModelFamilyPack, "parts"> & { partCount: number };
const listedPack = ({ parts, ...pack }: ModelFamilyPack): ListedPack => ({ ...pack, partCount: parts.length });

export interface Family {
  id: number;
  name: string;
}

export interface DocumentCentreData {
  state: DocumentListState;
  result: Omit<DocumentPage, "list"> & { list: ListedDocument[] };
  families: Family[];
}

export interface SupportData {
  page: SupportPage;
  /** True on the bare /support, which shows the document centre under its own URL. */
  bare: boolean;
  content: PageData;
  wechat: boolean;
  centre: DocumentCentreData | null;
  /** Every document of the page's type (application notes, simulation models). */
  library: ListedDocument[] | null;
  /** The simulation-models page's family packs (model-packs.tsx). */
  packs: ListedPack[] | null;
}

/** The document type each library page lists. */
export const libraryTypes: Partial<Record<SupportPage, DocumentType>> = {
  "application-notes": "applicationNote",
  "simulation-models": "simulationModel",
};

function userAgentOf(request: Request): string | null {
  // Node has a navigator too, so "in the browser" is decided by window.
  return typeof window === "undefined" ? request.headers.get("user-agent") : window.navigator.userAgent;
}

export async function loader(args: LoaderFunctionArgs): Promise<SupportData | DocumentPageData | ModelValidationPageData> {
  const { request, context } = args;
  const language = routeLanguage(args.pattern);
  const splat = args.params["*"] ?? "";
  // A document's page or a revision's (document-detail.tsx); any other deeper path is no page.
  if (splat.startsWith("documents/")) return documentLoader(request, context, language);
  // A part's model validation page (model-validation.tsx).
  if (splat.startsWith("models/")) return modelValidationLoader(request, context, language);
  const url = new URL(request.url);
  const page = splat.includes("/") ? null : parseSupportPage(splat || undefined);
  if (!page) throw data(null, { status: 404 });
  const api = pageClient(context, language);
  const wechat = isWeChatBrowser(userAgentOf(request));
  const contentRequest = api.request(querySitePageData, { templateCode: `support-${page}` });
  // Awaited below; this only keeps a failure from counting as unhandled while the lists load.
  contentRequest.catch(() => undefined);

  let centre: DocumentCentreData | null = null;
  let library: ListedDocument[] | null = null;
  // Asked beside the library; a failure fails the page like the library's would.
  const packsRequest = page === "simulation-models" ? api.call(queryModelFamilyPacks) : null;
  packsRequest?.catch(() => undefined);
  if (page === "documents") {
    const state = parseDocumentList(url.searchParams);
    // Categories only (partsPerCategory 0): the filter lists families.
    const tree = await api.call(querySiteList, { type: siteListTypes.products, partsPerCategory: 0 });
    const families = tree
      .filter((node) => node.level === 1 && node.status === "on")
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((node) => ({ id: node.id, name: node.name }));
    // An unknown family falls back to all families, like any other invalid value in the URL.
    if (state.family !== null && !families.some((family) => family.id === state.family)) state.family = null;
    const result = await api.call(queryAttachPage, {
      ...(state.type ? { type: state.type } : {}),
      ...(state.family !== null ? { categoryId: state.family } : {}),
      ...(state.keyword ? { keyword: state.keyword } : {}),
      pageIndex: state.page,
      pageSize: DOCUMENTS_PAGE_SIZE,
    });
    if (state.page > 1 && result.list.length === 0) throw data(null, { status: 404 });
    centre = { state, result: { ...result, list: result.list.map(listedDocument) }, families };
  } else {
    const type = libraryTypes[page];
    if (type) {
      library = (await api.call(queryAttachPage, { type, pageIndex: 1, pageSize: 100 })).list.map(listedDocument);
      // Application notes are numbered (AN-001 …): a library reads in that order, not by release date.
      // (A sorted copy: the answer may be the shared, frozen one of the upstream cache.)
      if (type === "applicationNote") library = [...library].sort((a, b) => a.title.localeCompare(b.title, "en", { numeric: true }));
    }
  }

  const found = (await contentRequest).data[0]?.data;
  if (found?.kind !== "page") throw data(null, { status: 404 });
  return { page, bare: !splat, content: found, wechat, centre, library, packs: packsRequest ? (await packsRequest).map(listedPack) : null };
}
