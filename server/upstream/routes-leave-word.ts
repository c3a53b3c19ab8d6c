// The contact form: validated, rate-limited per client, committed before success is answered.
import type { Router } from "express";
import { addLeaveWord } from "../../shared/contract/index.ts";
import { transaction, type Database } from "./db.ts";
import { checkContent, checkEmail, checkName, checkPhone, clientHash, enforceHourlyLimit } from "./forms.ts";
import { ApiError, mountCall, type MountOptions } from "./http.ts";

const LEAVE_WORDS_PER_HOUR = 10;

export function mountLeaveWordRoutes(router: Router, db: Database, options: MountOptions & { now: () => number }) {
  const insert = db.prepare(
    "INSERT INTO leave_words (name, phone, email, company, content, language, ip_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  mountCall(
    router,
    addLeaveWord,
    ({ body, language, req }) => {
      const name = checkName(body.name);
      const phone = body.phone ? checkPhone(body.phone) : null;
      const email = body.email ? checkEmail(body.email) : null;
      if (!phone && !email) throw new ApiError("E40030009");
      const company = body.company?.trim().replace(/\s+/g, " ") || null;
      const content = checkContent(body.content);
      const ipHash = clientHash(req);
      const now = options.now();
      const id = transaction(db, () => {
        enforceHourlyLimit(db, "leave_words", ipHash, now, LEAVE_WORDS_PER_HOUR);
        return insert.run(name, phone, email, company, content, language, ipHash, now).lastInsertRowid;
      });
      return { id: Number(id) };
    },
    options,
  );
}
