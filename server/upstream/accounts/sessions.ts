// Sessions: the cookie holds a random id, the database only its SHA-256 hash, so a copy of the database
// cannot be replayed as a cookie. Created at every sign-in, revoked at sign-out.
import { createHash, randomBytes } from "node:crypto";
import type { CookieOptions, Request } from "express";
import { sessionMaxAgeMs } from "../../../shared/cookies.ts";
import type { Database } from "../db.ts";

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The raw session id the request carries under the cookie's name (sessionCookieName), if it looks like one. */
export function readSessionCookie(req: Request, name: string): string | undefined {
  const id = (req.cookies as Record<string, string | undefined> | undefined)?.[name];
  return id && id.length <= 200 ? id : undefined;
}

export function createSessionResolver(db: Database, now: () => number, cookieName: string) {
  const find = db.prepare("SELECT user_id AS userId FROM sessions WHERE id_hash = ? AND revoked_at IS NULL AND expires_at > ?");
  return (req: Request): number | null => {
    const id = readSessionCookie(req, cookieName);
    if (!id) return null;
    const row = find.get(hashSessionId(id), now()) as { userId: number } | undefined;
    return row?.userId ?? null;
  };
}

/** Starts a session for a user; returns the new id (32 random bytes, base64url) for the cookie. */
export function createSession(db: Database, userId: number, now: number): string {
  const id = randomBytes(32).toString("base64url");
  db.prepare("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(hashSessionId(id), userId, now, now + sessionMaxAgeMs);
  return id;
}

/** Revokes a live session; false when it was unknown, expired or already revoked. */
export function revokeSession(db: Database, id: string, now: number): boolean {
  const result = db.prepare("UPDATE sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL AND expires_at > ?").run(now, hashSessionId(id), now);
  return Number(result.changes) > 0;
}

/** Flags of the session cookie: HttpOnly, SameSite=Lax, Path=/, no Domain, Secure behind an https origin (as its
 * `__Host-` name requires), 60 days. */
export function sessionCookieOptions(publicOrigin: string): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: publicOrigin.startsWith("https:"),
    maxAge: sessionMaxAgeMs,
  };
}
