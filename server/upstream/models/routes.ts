// A model file by its permanent, versioned path: a plain GET (no form, no session) that a browser, a script
// or a simulator's library manager can follow. An unknown part, version or file name is a 404 envelope.
import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Router } from "express";
import {
  modelFamilyPackPathPattern,
  modelFileName,
  modelFilePathPattern,
  modelPartNumber,
  modelVersion,
  queryModelFamilyPacks,
  tdbSchemaPath,
} from "../../../shared/contract/models.ts";
import { mountCall, requestLanguage, sendError, type MountOptions } from "../http.ts";
import type { FamilyPacks } from "./family-packs.ts";
import { writeZip } from "./zip.ts";
import type { ModelStore } from "./store.ts";
import { tdbSchema } from "./tdb.ts";

/** The header that names a newer version of a file requested at an older one. */
export const newerVersionHeader = "X-Model-Newer-Version";

export function mountModelRoutes(router: Router, store: ModelStore, packs: FamilyPacks, options: MountOptions) {
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
  // A family's pack, written as it is sent (family-packs.ts): one file in memory at a time, whatever the family's size.
  // Mounted before the files' route, whose pattern its path would also match (families/{family}/{version}).
  mountCall(router, queryModelFamilyPacks, ({ language }) => packs.list(language), options);
  const packPattern = modelFamilyPackPathPattern.replace("{family}", ":family").replace("{version}", ":version");
  router.get(packPattern, async (req, res) => {
    const language = requestLanguage(req);
    const family = /^[1-9]\d{0,8}$/.test(String(req.params.family)) ? Number(req.params.family) : null;
    const version = modelVersion.safeParse(req.params.version);
    const pack = family !== null && version.success ? packs.pack(family, version.data) : null;
    if (!pack) return sendError(res, "E40027002", language);
    res.setHeader("ETag", pack.etag);
    // Not immutable like a file: a part taken off the site leaves the pack of its version.
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (pack.newest !== version.data) res.setHeader(newerVersionHeader, pack.newest);
    if (req.headers["if-none-match"] === pack.etag) return void res.status(304).end();
    res.setHeader("Content-Type", "application/zip");
    res.setHeader("Content-Disposition", `attachment; filename="${pack.fileName}"`);
    res.status(200);
    if (req.method === "HEAD") return void res.end();
    // A visitor who leaves stops the writing; a slow one holds it at the socket's buffer.
    const closed = once(res, "close").then(() => {
      throw new Error("closed");
    });
    closed.catch(() => undefined);
    try {
      await writeZip(pack.entries(), pack.date, (chunk) => {
        if (res.destroyed) throw new Error("closed");
        if (!res.write(chunk)) return Promise.race([once(res, "drain").then(() => undefined), closed]);
      });
      res.end();
    } catch (error) {
      // Closed by the visitor: nothing to report. Anything else is a fault, after the headers went out.
      if (res.destroyed) return;
      res.destroy();
      throw error;
    }
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
    res.status(200).end(file.read());
  });
}
