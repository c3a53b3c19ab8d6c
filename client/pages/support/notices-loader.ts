// Data of /support/notices: one page of the change notices for the URL's filters (shared/query/notices.ts),
// and the product families the family filter offers. An unknown family falls back to every family; a page
// past the end goes to the last page.
import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import { queryNoticeByPage, querySiteList, siteListTypes, type NoticePage } from "../../../shared/contract/index.ts";
import { routeLanguage, localizePath } from "../../../shared/languages.ts";
import { NOTICES_PAGE_SIZE, parseNoticeList, writeNoticeList, type NoticeListState } from "../../../shared/query/notices.ts";
import { noticesPath } from "../../../shared/paths.ts";
import { pageClient } from "../../api/loader-context.ts";

export interface NoticesData {
  state: NoticeListState;
  result: NoticePage;
  families: Array<{ id: number; name: string }>;
}

export async function noticesLoader({ request, context, pattern }: LoaderFunctionArgs): Promise<NoticesData> {
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  const api = pageClient(context, language);
  const parsed = parseNoticeList(url.searchParams);
  // Categories only (partsPerCategory 0): the families are the top level.
  const tree = await api.call(querySiteList, { type: siteListTypes.products, partsPerCategory: 0 });
  const families = tree.filter((node) => node.parentId === null && node.status === "on").map((node) => ({ id: node.id, name: node.name }));
  const state = { ...parsed, family: families.some((family) => family.id === parsed.family) ? parsed.family : null };
  const result = await api.call(queryNoticeByPage, {
    ...(state.part ? { partNumber: state.part } : {}),
    ...(state.family !== null ? { familyId: state.family } : {}),
    ...(state.type ? { type: state.type } : {}),
    ...(state.year !== null ? { year: state.year } : {}),
    pageIndex: state.page,
    pageSize: NOTICES_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil(result.total / NOTICES_PAGE_SIZE));
  if (state.page > pages) throw redirect(`${localizePath(noticesPath, language)}${writeNoticeList({ ...state, page: pages })}`, 302);
  return { state, result, families };
}
