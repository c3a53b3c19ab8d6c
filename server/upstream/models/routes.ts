// A model file by its permanent, versioned path: a plain GET (no form, no session) that a browser, a script
// or a simulator's library manager can follow. An unknown part, version or file name is a 404 envelope.
import { createHash } from "node:crypto";
import type { Router } from "express";
import { modelFileName, modelFilePathPattern, modelPartNumber, modelVersion, tdbSchemaPath } from "../../../shared/contract/models.ts";
import { requestLanguage, sendError } from "../http.ts";
import type { ModelStore } from "./store.ts";
import { tdbSchema } from "./tdb.ts";

/** The header that names a newer version of a file requested at an older one. */
export const newerVersionHeader = "X-Model-Newer-Version";

export function mountModelRoutes(router: Router, store: ModelStore) {
  // The schema of the machine-readable datasheets: its URL names its major version, under which it changes only
  // compatibly (an optional property added, as `lifecycle` in model pack 1.2): every file valid under an earlier
  // text stays valid, and a newer file still passes a cached earlier text, which allows keys it does not name. Its
  // bytes can change, though, so it is cached for a day and revalidated by its ETag, not "immutable".
  const schema = Buffer.from(`${JSON.stringify(tdbSchema, null, 2)}\n`);
  const schemaTag = `"${createHash("sha256").update(schema).digest("hex")}"`;
  router.get(tdbSchemaPath, (req, res) => {
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("ETag", schemaTag);
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.headers["if-none-match"] === schemaTag) return void res.status(304).end();
    res.setHeader("Content-Type", "application/schema+json");
    res.status(200).end(schema);
  });
  const pattern = modelFilePathPattern.replace("{part}", ":part").replace("{version}", ":version").replace("{file}", ":file");
  router.get(pattern, (req, res) => {
    const language = requestLanguage(req);
    const part = modelPartNumber.safeParse(req.params.part);
    const version = modelVersion.safeParse(req.params.version);
    const fileName = modelFileName.safeParse(req.params.file);
    const file = part.success && version.success && fileName.success ? store.file(part.data, version.data, fileName.data) : undefined;
    if (!file) return sendError(res, "E40030027", language);
    const etag = `"${file.sha256}"`;
    res.setHeader("ETag", etag);
    // A version's bytes never change: cache for good.
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("X-Content-Type-Options", "nosniff");
    const newest = store.newestVersion(file.part);
    if (newest && newest !== file.version) res.setHeader(newerVersionHeader, newest);
    if (req.headers["if-none-match"] === etag) return void res.status(304).end();
    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Content-Disposition", `attachment; filename="${file.part}_v${file.version}${file.fileName.slice(file.part.length)}"`);
    res.status(200).end(file.bytes);
  });
}
