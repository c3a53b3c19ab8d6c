// The signed one-click unsubscribe token of a watcher (docs/decisions/034-part-watches-and-notice-mail.md):
// "w1.<watcher id>.<base64url HMAC-SHA256 over 'qingyun-unsubscribe:w1:<id>:<created_at>'>", keyed with
// NOTICE_MAIL_SECRET. The watcher's creation time is signed too, so a link of a deleted watcher never
// matches a later one that reuses nothing but the number. Replaying a valid link is harmless: it unsubscribes
// what is already unsubscribed.
import { createHmac, timingSafeEqual } from "node:crypto";

const prefix = "w1";
const maxTokenLength = 200;

function mac(secret: string, watcherId: number, createdAt: number): Buffer {
  return createHmac("sha256", secret).update(`qingyun-unsubscribe:${prefix}:${watcherId}:${createdAt}`).digest();
}

export function signWatchToken(secret: string, watcherId: number, createdAt: number): string {
  if (!secret) throw new Error("NOTICE_MAIL_SECRET is empty");
  return `${prefix}.${watcherId}.${mac(secret, watcherId, createdAt).toString("base64url")}`;
}

/** The watcher id a token names, before its signature is checked (null: not a token's shape). */
export function watchTokenId(token: unknown): number | null {
  if (typeof token !== "string" || token.length > maxTokenLength) return null;
  const match = /^w1\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? Number(match[1]) : null;
}

/** Whether the token was signed for this watcher (constant-time comparison). */
export function verifyWatchToken(secret: string, token: string, watcherId: number, createdAt: number): boolean {
  if (!secret || watchTokenId(token) !== watcherId) return false;
  const given = Buffer.from(token.slice(token.lastIndexOf(".") + 1), "base64url");
  const expected = mac(secret, watcherId, createdAt);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
