// Site page data (menus, footer, content pages), the product tree and the session check.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { linkString } from "./common.ts";

/** A menu item as SPEC §3 describes it, already in the request's language. */
const menuItem = z.object({
  category: z.string(),
  desc: z.string().default(""),
  link: linkString.default(""),
  url: z.string().default(""),
  pcUrl: z.string().default(""),
  mobUrl: z.string().default(""),
  alt: z.string().default(""),
});
export type MenuItem = z.infer<typeof menuItem>;

const menuCollection = z.object({ display: z.boolean(), data: z.array(menuItem) });
export type MenuCollection = z.infer<typeof menuCollection>;

const menuData = z.object({
  kind: z.literal("menu"),
  collections: z.record(z.string(), menuCollection),
  year: z.string(),
});
export type MenuData = z.infer<typeof menuData>;

/** One block of a content page. */
const sectionItem = z.object({
  title: z.string().default(""),
  text: z.string().default(""),
  image: z.string().optional(),
  link: linkString.optional(),
  value: z.string().optional(),
});
const section = z.object({
  id: z.string(),
  kind: z.enum(["text", "cards", "table", "figures", "timeline", "contact"]),
  heading: z.string().default(""),
  body: z.array(z.string()).default([]),
  items: z.array(sectionItem).default([]),
  table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }).optional(),
});
export type Section = z.infer<typeof section>;

const pageData = z.object({
  kind: z.literal("page"),
  templateCode: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
  banner: z.object({ image: z.string(), title: z.string(), subtitle: z.string() }).optional(),
  sections: z.array(section),
});
export type PageData = z.infer<typeof pageData>;

const sitePageEntry = z.object({
  templateCode: z.string(),
  data: z.discriminatedUnion("kind", [menuData, pageData]),
});

export const querySitePageData = defineCall({
  name: "querySitePageData",
  path: "/open/proxy/{provider}/basic/sitePageData/querySitePageData",
  summary: "Site page data by templateCode or url: menus and footer (templateCode 'menu') or a content page.",
  body: z.strictObject({
    templateCode: z.string().min(1).max(100).optional(),
    url: z.string().min(1).max(300).optional(),
  }),
  data: z.array(sitePageEntry),
  extra: { env: z.enum(["published", "draft"]), year: z.string() },
});

/** A node of the flat product tree (level 1 family, 2 series, 3 product). */
const siteListNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  status: z.enum(["on", "off"]),
  level: z.number().int().min(1),
  sort: z.number().int(),
  partNumber: z.string().nullable(),
  /** Family and series pictures and one-line summaries, for menus and the home page. */
  image: z.string().nullable(),
  summary: z.string().nullable(),
  /** A category's visible parts in all (itself and every ancestor on); only in a menu-sized answer. */
  partCount: z.number().int().nonnegative().optional(),
});
export type SiteListNode = z.infer<typeof siteListNode>;

export const siteListTypes = { products: 1 } as const;

/** The most parts per category a menu-sized tree may ask for. */
export const MAX_PARTS_PER_CATEGORY = 20;

export const querySiteList = defineCall({
  name: "querySiteList",
  path: "/open/proxy/{provider}/basic/siteList/querySiteList",
  summary:
    "The product tree as a flat list (type 1 = products); the site arranges it into a tree. With partsPerCategory a menu-sized tree whose size does not grow with the catalog: every category (with partCount, its visible parts in all) and only the first partsPerCategory visible parts directly under each category (by sort, then id); 0 gives the categories alone.",
  body: z.strictObject({ type: z.literal(1), partsPerCategory: z.number().int().min(0).max(MAX_PARTS_PER_CATEGORY).optional() }),
  data: z.array(siteListNode),
});

export const userInfo = z.object({
  userId: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const isLogin = defineCall({
  name: "isLogin",
  path: "/open/user/auth/isLogin",
  summary:
    "Whether the session cookie belongs to a signed-in user: the user's info, or data null when not signed in (an answer, not an error, so a visitor's page logs no failed request).",
  data: userInfo.nullable(),
});
