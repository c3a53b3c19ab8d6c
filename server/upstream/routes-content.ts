// Mounts the content calls (products, documents, news, jobs, contact form, search) and the OpenAPI document.
import type { Router } from "express";
import type { Database } from "./db.ts";
import type { MountOptions } from "./http.ts";
import { mountProductRoutes } from "./routes-products.ts";
import { mountDocumentRoutes } from "./routes-documents.ts";
import { mountNewsRoutes } from "./news/routes-news.ts";
import { mountJobRoutes } from "./routes-jobs.ts";
import { mountLeaveWordRoutes } from "./routes-leave-word.ts";
import { mountSearchRoutes } from "./routes-search.ts";
import { mountCrossReferenceRoutes } from "./routes-cross-reference.ts";
import { mountOpenApi } from "./openapi.ts";

export interface ContentMountOptions extends MountOptions {
  now: () => number;
  /** Decides the Secure flag of the visitor cookie. */
  publicOrigin: string;
  /** The content folder (the competitor table of the cross-reference is read from it). */
  contentDir?: string | undefined;
}

export function mountContentRoutes(router: Router, db: Database, options: ContentMountOptions) {
  mountProductRoutes(router, db, options);
  mountDocumentRoutes(router, db, options);
  mountNewsRoutes(router, db, options);
  mountJobRoutes(router, db, options);
  mountLeaveWordRoutes(router, db, options);
  mountSearchRoutes(router, db, options);
  mountCrossReferenceRoutes(router, db, options);
  mountOpenApi(router, options.provider);
}
