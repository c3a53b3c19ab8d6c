// Sessions: the cookie holds a random id, the store only its SHA-256 hash, so a copy of the store cannot be
// replayed as a cookie. Created at every sign-in, revoked at sign-out; kept by the account store (store.ts).
import { createHash, randomBytes } from "node:crypto";
import type { CookieOptions, Request } from "express";
import { sessionMaxAgeMs } from "../../../shared/cookies.ts";
import type { AccountStore } from "./store.ts";

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** A new session id (32 random bytes, base64url) for the cookie, and the hash the store keeps. */
export function newSessionId(): { id: string; idHash: string } {
  const id = randomBytes(32).toString("base64url");
  return { id, idHash: hashSessionId(id) };
}

/** The raw session id the request carries under the cookie's name (sessionCookieName), if it looks like one. */
export function readSessionCookie(req: Request, name: string): string | undefined {
  const id = (req.cookies as Record<string, string | undefined> | undefined)?.[name];
  return id && id.length <= 200 ? id : undefined;
}

/** The signed-in user of a request, or null: the session cookie looked up in the account store. */
export function createSessionResolver(accounts: AccountStore, cookieName: string) {
  return async (req: Request): Promise<number | null> => {
    const id = readSessionCookie(req, cookieName);
    return id ? accounts.sessionUser(id) : null;
  };
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
