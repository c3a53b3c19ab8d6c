// Site page data, the product tree and isLogin.
import type { Router } from "express";
import { isLogin, querySiteList, querySitePageData } from "../../shared/contract/index.ts";
import type { Database } from "./db.ts";
import { ApiError, mountCall, type MountOptions } from "./http.ts";

export function mountSiteRoutes(router: Router, db: Database, options: MountOptions & { now: () => number }) {
  const byTemplate = db.prepare(
    "SELECT template_code AS templateCode, data FROM site_pages WHERE template_code = ? AND language = ? AND page_type = ?",
  );
  const byUrl = db.prepare(
    "SELECT template_code AS templateCode, data FROM site_pages WHERE url = ? AND language = ? AND page_type = ?",
  );
  mountCall(
    router,
    querySitePageData,
    ({ body }) => {
      if (!body.templateCode && !body.url) throw new ApiError("E40000002");
      const row = (
        body.templateCode
          ? byTemplate.get(body.templateCode, body.language, body.sitePageDataType)
          : byUrl.get(body.url!, body.language, body.sitePageDataType)
      ) as { templateCode: string; data: string } | undefined;
      if (!row) throw new ApiError("E40400001");
      return {
        data: [{ templateCode: row.templateCode, data: JSON.parse(row.data) }],
        extra: {
          env: body.sitePageDataType === 2 ? "draft" : "published",
          year: String(new Date(options.now()).getUTCFullYear()),
        },
      };
    },
    options,
  );

  const nodes = db.prepare(
    "SELECT id, parent_id AS parentId, name_zh, name_en, status, level, sort, part_number AS partNumber, json_extract(data, '$.image') AS image, json_extract(data, '$.summary.zh') AS summary_zh, json_extract(data, '$.summary.en') AS summary_en FROM site_list WHERE type = ? ORDER BY level, sort, id",
  );
  mountCall(
    router,
    querySiteList,
    ({ body }) =>
      (nodes.all(body.type) as Array<Record<string, unknown>>).map(({ name_zh, name_en, summary_zh, summary_en, ...node }) => ({
        ...node,
        name: body.language === "zh" ? name_zh : name_en,
        summary: (body.language === "zh" ? summary_zh : summary_en) ?? null,
        image: node.image ?? null,
      })),
    options,
  );

  const user = db.prepare("SELECT id AS userId, phone, email FROM users WHERE id = ?");
  mountCall(
    router,
    isLogin,
    // "Not signed in" is an ordinary answer to this question, not an error: 200 with data null.
    ({ userId }) => (userId === null ? null : (user.get(userId) ?? null)),
    options,
  );
}
