// Loader of the content pages (about, terms, privacy, quality, applications…): one templateCode each.
import { data, type LoaderFunctionArgs } from "react-router-dom";
import { querySitePageData } from "../../../shared/contract/index.ts";
import type { PageData } from "../../../shared/contract/site.ts";
import type { Language } from "../../../shared/languages.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";

/** A page is found by its templateCode, or by its URL (the path without the language prefix). */
export type PageKey = { templateCode: string } | { url: string };

export function contentLoader(language: Language, key: (params: LoaderFunctionArgs["params"]) => PageKey | null) {
  return async ({ params, context }: LoaderFunctionArgs): Promise<PageData> => {
    const page = key(params);
    if (!page) throw data(null, { status: 404 });
    try {
      const response = await pageClient(context, language).request(querySitePageData, page);
      const found = response.data[0]?.data;
      if (found?.kind !== "page") throw data(null, { status: 404 });
      return found;
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }
  };
}
