// Documents by page and by id, the PDF download, and the download form of SPEC §3.
import type { Request, Response, Router } from "express";
import { downloadConsent } from "../../../shared/forms/consent.ts";
import {
  addDownloadRecord,
  attachDownloadPath,
  attachDownloadPathPattern,
  attachRevisionPath,
  attachRevisionPathPattern,
  documentId,
  documentRevisionName,
  formLimits,
  queryAttachHistory,
  queryAttachInfo,
  queryAttachPage,
} from "../../../shared/contract/index.ts";
import type { Database } from "../db.ts";
import type { LeadStore } from "../leads/store.ts";
import { createDocumentStore } from "./store.ts";
import { createRevisionStore } from "./revisions.ts";
import { checkEmail, checkName, checkPhone, checkRequired, clientHash } from "../site/forms.ts";
import { ApiError, mountCall, requestLanguage, sendError, type MountOptions } from "../http.ts";

/** `leads` keeps the download form's requests (the file or PostgreSQL); the documents are the content's. */
export function mountDocumentRoutes(router: Router, db: Database, leads: Pick<LeadStore, "addDownload">, options: MountOptions & { now: () => number }) {
  const store = createDocumentStore(db);
  const revisions = createRevisionStore(db, store);

  mountCall(
    router,
    queryAttachPage,
    ({ body, language }) =>
      store.page(
        {
          type: body.type,
          productId: body.productId,
          categoryId: body.categoryId,
          partNumber: body.partNumber,
          keyword: body.keyword || undefined,
        },
        language,
        body.pageIndex,
        body.pageSize,
      ),
    options,
  );

  mountCall(
    router,
    queryAttachInfo,
    ({ body, language }) => {
      const meta = store.byId(body.id, language);
      if (!meta) throw new ApiError("E40030005");
      return meta;
    },
    options,
  );

  mountCall(
    router,
    queryAttachHistory,
    ({ body, language }) => {
      const history = revisions.history(body.id, language);
      if (!history) throw new ApiError("E40030005");
      return history;
    },
    options,
  );

  const exists = db.prepare("SELECT 1 FROM document_files WHERE id = ?");
  mountCall(
    router,
    addDownloadRecord,
    async ({ body, language, req, userId }) => {
      if (!exists.get(body.attachId)) throw new ApiError("E40030005");
      const name = checkName(body.name);
      const phone = checkPhone(body.phone);
      const email = checkEmail(body.email);
      const company = checkRequired(body.company, formLimits.company, "E40022011");
      const position = checkRequired(body.position, formLimits.position, "E40022012");
      const productDemand = checkRequired(body.productDemand, formLimits.productDemand, "E40030010");
      // The store counts the client's hourly limit and stores the request in one transaction, with what was
      // agreed, in the words the form showed in this language, and to which policy version; the account is the
      // session's, never one its typed phone or e-mail names.
      const id = await leads.addDownload({
        documentId: body.attachId,
        name,
        phone,
        email,
        company,
        position,
        productDemand,
        language,
        ipHash: clientHash(req),
        userId,
        consent: body.consent ? { text: downloadConsent.text[language], policyVersion: body.consent.policyVersion } : null,
      });
      return { id, downloadPath: attachDownloadPath(body.attachId) };
    },
    options,
  );

  /** Sends a PDF with the caching and download headers every document answer has. */
  function sendPdf(req: Request, res: Response, file: { fileName: string; sha256: string; pdf: Uint8Array }) {
    const etag = `"${file.sha256}"`;
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.headers["if-none-match"] === etag) return void res.status(304).end();
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
    res.status(200).end(Buffer.from(file.pdf));
  }

  // A moved document's old URL: 301 to the same file under its new id (decision 040). The path is the upstream's
  // own; the site's proxy puts its /api prefix before it.
  function sendMoved(req: Request, res: Response, path: string) {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.redirect(301, `${req.baseUrl}${path}`);
  }

  // The PDF itself: a plain GET a browser can follow, so it is not an envelope call.
  router.get(attachDownloadPathPattern.replace("{id}", ":id"), (req, res) => {
    const language = requestLanguage(req);
    const id = documentId.safeParse(req.params.id);
    const file = id.success ? store.file(id.data) : undefined;
    if (!file) {
      const to = id.success ? revisions.movedTo(id.data) : undefined;
      return to ? sendMoved(req, res, attachDownloadPath(to)) : sendError(res, "E40030005", language);
    }
    sendPdf(req, res, file);
  });

  // One revision's PDF at its permanent URL; an earlier one says, in its first page and a Link header (RFC 5829
  // latest-version), that a newer one exists.
  router.get(attachRevisionPathPattern.replace("{id}", ":id").replace("{revision}", ":revision"), (req, res) => {
    const language = requestLanguage(req);
    const id = documentId.safeParse(req.params.id);
    const revision = documentRevisionName.safeParse(req.params.revision);
    if (!id.success) return sendError(res, "E40030005", language);
    if (!store.file(id.data)) {
      const to = revisions.movedTo(id.data);
      return to ? sendMoved(req, res, revision.success ? attachRevisionPath(to, revision.data) : attachDownloadPath(to)) : sendError(res, "E40030005", language);
    }
    const file = revision.success ? revisions.file(id.data, revision.data) : undefined;
    if (!file) return sendError(res, "E40040001", language);
    if (file.supersededBy) res.setHeader("Link", `<${file.supersededBy.revision}>; rel="latest-version"`);
    sendPdf(req, res, file);
  });
}
