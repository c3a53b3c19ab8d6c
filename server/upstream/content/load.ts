// Loads the content files into the database at start, replacing the previous load in one transaction,
// so a restart always serves exactly what the repository holds.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { languages } from "../../../shared/languages.ts";
import { transaction, type Database } from "../db.ts";
import { localize } from "./localize.ts";
import { categoryFile, lifecycleFile, menusFile, noticeFile, pageFile, productFile } from "./schema.ts";
import { checkNotices, storeNotices } from "./notices.ts";
import { lifecycleByProduct, storeLifecycle } from "./lifecycle.ts";
import { readLibraryFiles, storeLibrary } from "./library.ts";
import { lossDataByProduct, lossDataFile } from "./loss-data.ts";
import { characteristicsFile, orderingFile, packagesFile, partDataByProduct } from "./part-data.ts";
import { rebuildSearchIndex } from "../search/build.ts";
import { materialiseProductTree } from "../catalog/product-tree.ts";

/** The content shipped with the repository; `CONTENT_DIR` points elsewhere (a generated benchmark catalog). */
export const shippedContentDir = path.dirname(fileURLToPath(import.meta.url));

/** Reads and validates one JSON file of a content folder; the error names the file and the first bad field. */
export function readContent<S extends z.ZodType>(relativePath: string, schema: S, contentDir = shippedContentDir): z.output<S> {
  const file = path.join(contentDir, relativePath);
  const json: unknown = JSON.parse(readFileSync(file, "utf8"));
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Content file ${relativePath}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return parsed.data;
}

/** The menu collections of SPEC §3 in one language, as querySitePageData answers them for templateCode "menu". */
function menuDocument(menus: z.output<typeof menusFile>, language: (typeof languages)[number]) {
  const collections: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(menus)) {
    if (typeof value === "object") collections[name] = localize(value, language);
  }
  return { kind: "menu", collections, year: menus.year };
}

export function loadSiteContent(db: Database, contentDir = shippedContentDir): { pages: number; nodes: number } {
  const read = <S extends z.ZodType>(relativePath: string, schema: S) => readContent(relativePath, schema, contentDir);
  const menus = read("menus.json", menusFile);
  const pageFiles = readdirSync(path.join(contentDir, "pages"))
    .filter((name) => name.endsWith(".json"))
    .map((name) => read(`pages/${name}`, pageFile));
  const categories = read("catalog/categories.json", categoryFile.array());
  const products = read("catalog/products.json", productFile.array());
  const library = readLibraryFiles(read);
  const losses = lossDataByProduct(read("catalog/loss-data.json", lossDataFile), products, categories);
  const partData = partDataByProduct(
    {
      characteristics: read("catalog/characteristics.json", characteristicsFile),
      ordering: read("catalog/ordering.json", orderingFile),
      packages: read("catalog/packages.json", packagesFile),
    },
    products,
  );
  const lifecycles = lifecycleByProduct(read("catalog/lifecycle.json", lifecycleFile.array()), products);
  const notices = read("notices.json", noticeFile.array());
  checkNotices(notices, products, library.documents);

  return transaction(db, () => {
    db.exec("DELETE FROM site_pages; DELETE FROM site_list;");
    const insertPage = db.prepare(
      "INSERT INTO site_pages (template_code, language, page_type, url, data) VALUES (?, ?, ?, ?, ?)",
    );
    for (const language of languages) {
      // The draft (type 2) starts as a copy of the published page; staff edit drafts before publishing.
      for (const pageType of [1, 2]) {
        insertPage.run("menu", language, pageType, null, JSON.stringify(menuDocument(menus, language)));
        for (const page of pageFiles) {
          const data = { kind: "page", ...localize<object>(page, language) };
          insertPage.run(page.templateCode, language, pageType, page.url, JSON.stringify(data));
        }
      }
    }
    const insertNode = db.prepare(
      "INSERT INTO site_list (id, parent_id, type, level, sort, status, part_number, name_zh, name_en, data) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)",
    );
    const levels = new Map<number, number>();
    for (const category of categories) {
      const level = category.parentId === null ? 1 : (levels.get(category.parentId) ?? 0) + 1;
      if (level < 1 || (category.parentId !== null && !levels.has(category.parentId))) {
        throw new Error(`Content file catalog/categories.json: category ${category.id} names unknown parent ${category.parentId}`);
      }
      levels.set(category.id, level);
      insertNode.run(category.id, category.parentId, level, category.sort, category.status, null, category.name.zh, category.name.en, JSON.stringify(category));
    }
    for (const product of products) {
      const parentLevel = levels.get(product.parentId);
      if (parentLevel === undefined) {
        throw new Error(`Content file catalog/products.json: product ${product.partNumber} names unknown parent ${product.parentId}`);
      }
      insertNode.run(product.id, product.parentId, parentLevel + 1, product.sort, product.status, product.partNumber, product.name.zh, product.name.en, JSON.stringify({ ...product, loss: losses.get(product.id) ?? null, partData: partData.get(product.id), lifecycle: lifecycles.get(product.id) }));
    }
    // Services, documents, news, jobs and the search index over all of it (content library, search/).
    storeLibrary(db, library, { categories, products, losses }, insertPage);
    storeLifecycle(db, lifecycles);
    storeNotices(db, notices, products);
    materialiseProductTree(db);
    rebuildSearchIndex(db);
    return { pages: pageFiles.length, nodes: categories.length + products.length };
  });
}
