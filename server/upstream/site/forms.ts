// Checks of the visitor forms (contact form, download form) with the SPEC §5 messages, and the
// per-client hourly limit that keeps scripts from filling the tables.
import { createHash } from "node:crypto";
import type { Request } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { formLimits, type ErrorCode } from "../../../shared/contract/index.ts";
import { isValidName, isValidText, normalizeEmail, normalizeMainlandMobile } from "../../../shared/forms/validation.ts";
import type { Database } from "../db.ts";
import { ApiError } from "../http.ts";

/** A person's name (shared/forms/validation.ts rules), inner whitespace collapsed. */
export function checkName(value: string): string {
  if (!isValidName(value)) throw new ApiError("E40022009");
  return value.trim().replace(/\s+/g, " ");
}

/** A mainland mobile number in its normalised 11-digit form. */
export function checkPhone(value: string): string {
  const phone = normalizeMainlandMobile(value);
  if (!phone) throw new ApiError("E40021001");
  return phone;
}

/** An e-mail address, stored lower-case. */
export function checkEmail(value: string): string {
  const email = normalizeEmail(value);
  if (!email) throw new ApiError("E40021002");
  return email;
}

/** Message text: something a person wrote (at least one letter or digit). */
export function checkContent(value: string): string {
  if (!isValidText(value, formLimits.content) || !/[\p{L}\p{N}]/u.test(value)) throw new ApiError("E40022010");
  return value.trim();
}

/** A required single-line field: non-empty after trimming, inner whitespace collapsed. */
export function checkRequired(value: string, maxLength: number, code: ErrorCode): string {
  if (!isValidText(value, maxLength)) throw new ApiError(code);
  return value.trim().replace(/\s+/g, " ");
}

/**
 * SHA-256 of the client: its IPv4 address, or the /64 network of its IPv6 address (X-Forwarded-For is trusted
 * from UPSTREAM_TRUST_PROXY only, see app.ts). One IPv6 subscriber holds a whole /64 (RFC 6177), so keying on
 * the /128 would hand one client 2^64 budgets (docs/decisions/002-sign-in-limits-per-client.md). IPv4-mapped
 * IPv6 (::ffff:198.51.100.7) is its IPv4 address.
 */
export function clientHash(req: Request): string {
  return createHash("sha256")
    .update(req.ip ? ipKeyGenerator(req.ip, 64) : "unknown")
    .digest("hex");
}

const HOUR_MS = 60 * 60 * 1000;

/** Where the client's last hour starts. */
export const hourAgo = (now: number) => now - HOUR_MS;

/** The refusal of a form past its client's hourly limit (429 with Retry-After until the oldest of the hour's
 * forms is an hour old), from the client's count and oldest form in the last hour; null when it may write. */
export function hourlyRefusal(lastHour: { n: number; oldest: number | null }, now: number, limit: number): ApiError | null {
  if (lastHour.n < limit) return null;
  return new ApiError("E42900001", { retryAfterSeconds: Math.max(1, ((lastHour.oldest ?? now) + HOUR_MS - now) / 1000) });
}

/** Refuses a write when the client already made `limit` of them in the last hour (call inside the write's transaction). */
export function enforceHourlyLimit(db: Database, table: "leave_words" | "download_records" | "watch_confirmations", ipHash: string, now: number, limit: number) {
  const row = db.prepare(`SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM ${table} WHERE ip_hash = ? AND created_at > ?`).get(ipHash, hourAgo(now)) as {
    n: number;
    oldest: number | null;
  };
  const refusal = hourlyRefusal(row, now, limit);
  if (refusal) throw refusal;
}
