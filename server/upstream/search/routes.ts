// The site search call (SPEC §2 search page).
import type { Router } from "express";
import { searchSite as searchSiteCall } from "../../../shared/contract/index.ts";
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { searchSite } from "./query.ts";

export function mountSearchRoutes(router: Router, db: Database, options: MountOptions) {
  mountCall(
    router,
    searchSiteCall,
    ({ body, language }) => {
      // SPEC §5: search runs only when the text is non-empty.
      if (!body.text.trim()) throw new ApiError("E40030008");
      return searchSite(db, {
        text: body.text,
        language,
        type: body.type,
        pageIndex: body.pageIndex,
        pageSize: body.pageSize,
        otherLanguage: body.otherLanguage,
        groupSize: body.groupSize,
      });
    },
    options,
  );
}
