// Loader of the content pages (about, terms, privacy, quality, applications…): one templateCode each.
import { data, type LoaderFunctionArgs } from "react-router-dom";
import { querySitePageData } from "../../../shared/contract/index.ts";
import type { PageData } from "../../../shared/contract/site.ts";
import type { Language } from "../../../shared/languages.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";

export function contentLoader(language: Language, templateCode: (params: LoaderFunctionArgs["params"]) => string | null) {
  return async ({ params, context }: LoaderFunctionArgs): Promise<PageData> => {
    const code = templateCode(params);
    if (!code) throw data(null, { status: 404 });
    try {
      const response = await pageClient(context, language).request(querySitePageData, { templateCode: code });
      const page = response.data[0]?.data;
      if (page?.kind !== "page") throw data(null, { status: 404 });
      return page;
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }
  };
}

/** A route parameter that may name a content page: lowercase words joined by dashes. */
export function slug(value: string | undefined, fallback: string): string | null {
  const name = value ?? fallback;
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name) ? name : null;
}
