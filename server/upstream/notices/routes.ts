// Change and discontinuation notices by page (filters: part, family, type, year) and one by number.
import type { Router } from "express";
import { queryNoticeByNumber, queryNoticeByPage } from "../../../shared/contract/index.ts";
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { createTreeReader } from "../catalog/product-tree.ts";
import { createNoticeStore } from "./store.ts";

export function mountNoticeRoutes(router: Router, db: Database, options: MountOptions) {
  const notices = createNoticeStore(db);
  const tree = createTreeReader(db);

  mountCall(
    router,
    queryNoticeByPage,
    ({ body, language }) => {
      let productId: number | undefined;
      if (body.partNumber !== undefined) {
        // A part that is not shown has no notices to list: the page says so rather than failing.
        const id = tree.idOfPartNumber(body.partNumber);
        productId = id !== null && tree.visibleChain(id) ? id : -1;
      }
      if (body.familyId !== undefined && !tree.visibleChain(body.familyId)) throw new ApiError("E40030002");
      return notices.page({ productId, familyId: body.familyId, type: body.type, year: body.year }, language, body.pageIndex, body.pageSize);
    },
    options,
  );

  mountCall(
    router,
    queryNoticeByNumber,
    ({ body, language }) => {
      const notice = notices.byNumber(body.number, language);
      if (!notice) throw new ApiError("E40030011");
      return notice;
    },
    options,
  );
}
