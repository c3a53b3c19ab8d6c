// Site page data, the product tree and isLogin; and the contact form: validated, rate-limited per client,
// committed before success is answered.
import type { Router } from "express";
import { addLeaveWord, isLogin, querySiteList, querySitePageData } from "../../../shared/contract/index.ts";
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { perContentLoad } from "../catalog/product-tree.ts";
import type { AccountStore } from "../accounts/store.ts";
import type { LeadStore } from "../leads/store.ts";
import { checkContent, checkEmail, checkName, checkPhone, clientHash } from "./forms.ts";

export function mountSiteRoutes(router: Router, db: Database, options: MountOptions & { now: () => number; accounts: Pick<AccountStore, "user"> }) {
  const byTemplate = db.prepare("SELECT template_code AS templateCode, data FROM site_pages WHERE template_code = ? AND language = ? AND page_type = ?");
  const byUrl = db.prepare("SELECT template_code AS templateCode, data FROM site_pages WHERE url = ? AND language = ? AND page_type = ?");
  mountCall(
    router,
    querySitePageData,
    ({ body }) => {
      if (!body.templateCode && !body.url) throw new ApiError("E40000002");
      const row = (
        body.templateCode ? byTemplate.get(body.templateCode, body.language, body.sitePageDataType) : byUrl.get(body.url!, body.language, body.sitePageDataType)
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
  const columns = (table: string) =>
    `${table}.id, ${table}.parent_id AS parentId, ${table}.name_zh, ${table}.name_en, ${table}.status, ${table}.level, ${table}.sort, ${table}.part_number AS partNumber, json_extract(${table}.data, '$.image') AS image, json_extract(${table}.data, '$.summary.zh') AS summary_zh, json_extract(${table}.data, '$.summary.en') AS summary_en`;
  // The menu-sized tree: every category, and per category only its first visible parts, so the menus
  // (and every page that carries them) stay the same size whatever the catalog holds. Each category's first
  // parts come from the index of its children in order (migration 068), a few rows per category: numbering
  // every part of the catalog took 145-230 ms of the upstream thread per call at 10,000 parts.
  const menuNodes = db.prepare(
    `SELECT ${columns("s")} FROM site_list s WHERE s.type = ?1 AND s.part_number IS NULL
     UNION ALL
     SELECT ${columns("s")} FROM site_list p JOIN site_list s ON s.id IN (
       SELECT c.id FROM site_list c WHERE c.parent_id = p.id AND c.type = ?1 AND c.part_number IS NOT NULL AND c.status = 'on'
       ORDER BY c.sort, c.id LIMIT ?2
     )
     WHERE p.type = ?1 AND p.part_number IS NULL
     ORDER BY level, sort, id`,
  );
  // A category's visible parts in all, from the materialised tree (product-tree.ts): each visible part counted
  // once under every ancestor it is reached from. Thousands of rows, so once per content load.
  const partCounts = () =>
    perContentLoad(
      db,
      "site-list:part-counts",
      () =>
        new Map(
          (
            db
              .prepare(
                // Below a visible category every node of site_tree is visible (reached through on-status nodes);
                // below a hidden one none is.
                `SELECT p.id, CASE WHEN EXISTS (SELECT 1 FROM site_visible v WHERE v.id = p.id)
                   THEN (SELECT COUNT(*) FROM site_tree t WHERE t.ancestor_id = p.id AND t.product = 1 AND t.node_id <> p.id) ELSE 0 END AS count
                 FROM site_list p WHERE p.part_number IS NULL`,
              )
              .all() as Array<{ id: number; count: number }>
          ).map((row) => [row.id, row.count]),
        ),
    );
  mountCall(
    router,
    querySiteList,
    ({ body }) => {
      const menuSized = body.partsPerCategory !== undefined;
      const rows = (menuSized ? menuNodes.all(body.type, body.partsPerCategory!) : nodes.all(body.type)) as Array<Record<string, unknown>>;
      const counts = menuSized ? partCounts() : null;
      return rows.map(({ name_zh, name_en, summary_zh, summary_en, ...node }) => ({
        ...node,
        name: body.language === "zh" ? name_zh : name_en,
        summary: (body.language === "zh" ? summary_zh : summary_en) ?? null,
        image: node.image ?? null,
        ...(counts && node.partNumber === null ? { partCount: counts.get(node.id as number) ?? 0 } : {}),
      }));
    },
    options,
  );

  mountCall(
    router,
    isLogin,
    // "Not signed in" is an ordinary answer to this question, not an error: 200 with data null.
    ({ userId }) => (userId === null ? null : options.accounts.user(userId)),
    options,
  );
}

// The contact form.
export interface LeaveWordOptions extends MountOptions {
  /** SALES_MAIL_TO: told of every new message through the outbox (unset: nobody is e-mailed). */
  salesMailTo?: string | undefined;
  /** A notice was queued: deliver it now rather than at the next poll (never awaited). */
  onQueued?: () => void;
}

export function mountLeaveWordRoutes(router: Router, leads: Pick<LeadStore, "addMessage">, options: LeaveWordOptions) {
  mountCall(
    router,
    addLeaveWord,
    async ({ body, language, req, userId }) => {
      const name = checkName(body.name);
      const phone = body.phone ? checkPhone(body.phone) : null;
      const email = body.email ? checkEmail(body.email) : null;
      if (!phone && !email) throw new ApiError("E40030009");
      const company = body.company?.trim().replace(/\s+/g, " ") || null;
      const content = checkContent(body.content);
      // The store counts the client's hourly limit, stores the message and queues the sales inbox's notice in one
      // transaction; the account is the session's, never one its typed phone or e-mail names.
      const id = await leads.addMessage({ name, phone, email, company, content, language, ipHash: clientHash(req), userId, salesMailTo: options.salesMailTo });
      if (options.salesMailTo) options.onQueued?.();
      return { id };
    },
    options,
  );
}
