// Checks of the visitor forms (contact form, download form) with the SPEC §5 messages, and the
// per-client hourly limit that keeps scripts from filling the tables.
import { createHash } from "node:crypto";
import type { Request } from "express";
import type { ErrorCode } from "../../shared/contract/index.ts";
import { isValidEmail, normalizeMainlandMobile } from "../../shared/validation.ts";
import type { Database } from "./db.ts";
import { ApiError } from "./http.ts";

// Control characters and markup brackets never belong in a person's name.
const nameForbidden = /[\p{Cc}\p{Cf}<>]/u;

/** A person's name: 1–50 characters with at least one letter. */
export function checkName(value: string): string {
  const name = value.trim().replace(/\s+/g, " ");
  if (!name || nameForbidden.test(name) || !/\p{L}/u.test(name)) throw new ApiError("E40030011");
  return name;
}

/** A mainland mobile number in its normalised 11-digit form. */
export function checkPhone(value: string): string {
  const phone = normalizeMainlandMobile(value);
  if (!phone) throw new ApiError("E40030009");
  return phone;
}

export function checkEmail(value: string): string {
  const email = value.trim();
  if (!isValidEmail(email)) throw new ApiError("E40030010");
  return email.toLowerCase();
}

/** Message text: something a person wrote (a letter or digit), control characters other than newlines refused. */
export function checkContent(value: string): string {
  const content = value.trim();
  if (!/[\p{L}\p{N}]/u.test(content) || /[\p{Cc}--[\n\r\t]]/v.test(content)) throw new ApiError("E40030012");
  return content;
}

/** A required free-text field: non-empty after trimming, single line. */
export function checkRequired(value: string, code: ErrorCode): string {
  const text = value.trim().replace(/\s+/g, " ");
  if (!text || /\p{Cc}/u.test(text)) throw new ApiError(code);
  return text;
}

/** SHA-256 of the client address (X-Forwarded-For is trusted from loopback only, see app.ts). */
export function clientHash(req: Request): string {
  return createHash("sha256").update(req.ip ?? "unknown").digest("hex");
}

const HOUR_MS = 60 * 60 * 1000;

/** Refuses a write when the client already made `limit` of them in the last hour (call inside the write's transaction). */
export function enforceHourlyLimit(db: Database, table: "leave_words" | "download_records", ipHash: string, now: number, limit: number) {
  const row = db
    .prepare(`SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM ${table} WHERE ip_hash = ? AND created_at > ?`)
    .get(ipHash, now - HOUR_MS) as { n: number; oldest: number | null };
  if (row.n >= limit) {
    throw new ApiError("E42900001", { retryAfterSeconds: Math.max(1, ((row.oldest ?? now) + HOUR_MS - now) / 1000) });
  }
}
