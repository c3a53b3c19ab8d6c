// The console's session cookie: 12 h, HttpOnly, SameSite=Strict, host-only and on https __Host- prefixed and
// Secure, so it is bound to the console's origin and never sent to the public site (another name or port's
// cookie jar entry is separate, and the site never reads this name). Its value is a random token; the store
// keeps only its hash.
import type { CookieOptions, Request, Response } from "express";
import { staffSessionMs } from "../../shared/staff/staff-roles.ts";

export function sessionCookie(origin: string) {
  const secure = origin.startsWith("https:");
  const name = secure ? "__Host-qy_staff" : "qy_staff";
  const ceremonyName = secure ? "__Host-qy_staff_ceremony" : "qy_staff_ceremony";
  const base: CookieOptions = { httpOnly: true, sameSite: "strict", secure, path: "/" };
  return {
    read: (req: Request): string | undefined => (req.cookies as Record<string, string> | undefined)?.[name],
    set: (res: Response, token: string) => res.cookie(name, token, { ...base, maxAge: staffSessionMs }),
    clear: (res: Response) => res.clearCookie(name, base),
    /** The pending passkey ceremony's id (5 minutes): which challenge this browser was given. */
    readCeremony: (req: Request): string | undefined => (req.cookies as Record<string, string> | undefined)?.[ceremonyName],
    setCeremony: (res: Response, id: string) => res.cookie(ceremonyName, id, { ...base, maxAge: 5 * 60_000 }),
    clearCeremony: (res: Response) => res.clearCookie(ceremonyName, base),
  };
}
