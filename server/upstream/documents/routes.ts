// Documents by page and by id, the PDF download, and the download form of SPEC §3.
import type { Router } from "express";
import { downloadConsent } from "../../../shared/forms/consent.ts";
import {
  addDownloadRecord,
  attachDownloadPath,
  attachDownloadPathPattern,
  documentId,
  formLimits,
  queryAttachInfo,
  queryAttachPage,
} from "../../../shared/contract/index.ts";
import type { Database } from "../db.ts";
import { transaction } from "../db.ts";
import { createDocumentStore } from "./store.ts";
import { checkEmail, checkName, checkPhone, checkRequired, clientHash, enforceHourlyLimit } from "../site/forms.ts";
import { ApiError, mountCall, requestLanguage, sendError, type MountOptions } from "../http.ts";

/** Download forms one client may send per hour: generous for real visitors, a wall for scripts. */
const DOWNLOAD_FORMS_PER_HOUR = 30;

export function mountDocumentRoutes(router: Router, db: Database, options: MountOptions & { now: () => number }) {
  const store = createDocumentStore(db);

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

  const exists = db.prepare("SELECT 1 FROM document_files WHERE id = ?");
  const insert = db.prepare(
    `INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at,
       consent_text, policy_version, consented_at, user_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  mountCall(
    router,
    addDownloadRecord,
    ({ body, language, req, userId }) => {
      if (!exists.get(body.attachId)) throw new ApiError("E40030005");
      const name = checkName(body.name);
      const phone = checkPhone(body.phone);
      const email = checkEmail(body.email);
      const company = checkRequired(body.company, formLimits.company, "E40022011");
      const position = checkRequired(body.position, formLimits.position, "E40022012");
      const productDemand = checkRequired(body.productDemand, formLimits.productDemand, "E40030010");
      const ipHash = clientHash(req);
      const now = options.now();
      const id = transaction(db, () => {
        enforceHourlyLimit(db, "download_records", ipHash, now, DOWNLOAD_FORMS_PER_HOUR);
        // What was agreed, in the words the form showed in this language, and to which policy version.
        const consent = body.consent ? [downloadConsent.text[language], body.consent.policyVersion, now] : [null, null, null];
        // The account of the session that sent it, never one its typed phone or e-mail names (migration 026).
        return insert.run(body.attachId, name, phone, email, company, position, productDemand, language, ipHash, now, ...consent, userId).lastInsertRowid;
      });
      return { id: Number(id), downloadPath: attachDownloadPath(body.attachId) };
    },
    options,
  );

  // The PDF itself: a plain GET a browser can follow, so it is not an envelope call.
  router.get(attachDownloadPathPattern.replace("{id}", ":id"), (req, res) => {
    const language = requestLanguage(req);
    const id = documentId.safeParse(req.params.id);
    const file = id.success ? store.file(id.data) : undefined;
    if (!file) return sendError(res, "E40030005", language);
    const etag = `"${file.sha256}"`;
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.headers["if-none-match"] === etag) return void res.status(304).end();
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
    res.status(200).end(Buffer.from(file.pdf));
  });
}
