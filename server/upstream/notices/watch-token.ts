// The signed links of notice e-mail (docs/decisions/034-part-watches-and-notice-mail.md), one shape for two
// kinds: "w1" names a watcher (unsubscribe and manage its watches), "c1" a subscription request by e-mail (the
// double opt-in's confirmation). "<kind>.<id>.<base64url HMAC-SHA256 over 'qingyun-<purpose>:<kind>:<id>:<created_at>'>",
// keyed with NOTICE_MAIL_SECRET. The row's creation time is signed too, so a link of a deleted row never
// matches a later one that reuses nothing but the number, and the kind is signed, so one kind's link is never
// the other's. Replaying a valid "w1" link is harmless: it unsubscribes what is already unsubscribed.
import { createHmac, timingSafeEqual } from "node:crypto";

type TokenKind = "w1" | "c1";

const purposes: Record<TokenKind, string> = { w1: "unsubscribe", c1: "confirm" };
const maxTokenLength = 200;
const shape = /^(w1|c1)\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, kind: TokenKind, id: number, createdAt: number): Buffer {
  return createHmac("sha256", secret).update(`qingyun-${purposes[kind]}:${kind}:${id}:${createdAt}`).digest();
}

function signToken(kind: TokenKind, secret: string, id: number, createdAt: number): string {
  if (!secret) throw new Error("NOTICE_MAIL_SECRET is empty");
  return `${kind}.${id}.${mac(secret, kind, id, createdAt).toString("base64url")}`;
}

/** The row id a token of this kind names, before its signature is checked (null: not that kind's shape). */
function tokenId(kind: TokenKind, token: unknown): number | null {
  if (typeof token !== "string" || token.length > maxTokenLength) return null;
  const match = shape.exec(token);
  return match && match[1] === kind ? Number(match[2]) : null;
}

/** Whether the token was signed for this row (constant-time comparison). */
function verifyToken(kind: TokenKind, secret: string, token: string, id: number, createdAt: number): boolean {
  if (!secret || tokenId(kind, token) !== id) return false;
  const given = Buffer.from(token.slice(token.lastIndexOf(".") + 1), "base64url");
  const expected = mac(secret, kind, id, createdAt);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const signWatchToken = (secret: string, watcherId: number, createdAt: number) => signToken("w1", secret, watcherId, createdAt);
export const watchTokenId = (token: unknown) => tokenId("w1", token);
export const verifyWatchToken = (secret: string, token: string, watcherId: number, createdAt: number) => verifyToken("w1", secret, token, watcherId, createdAt);

export const signConfirmToken = (secret: string, requestId: number, createdAt: number) => signToken("c1", secret, requestId, createdAt);
export const confirmTokenId = (token: unknown) => tokenId("c1", token);
export const verifyConfirmToken = (secret: string, token: string, requestId: number, createdAt: number) => verifyToken("c1", secret, token, requestId, createdAt);
