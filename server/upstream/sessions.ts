// Session lookup: the cookie holds a random id, the database only its SHA-256 hash.
import { createHash } from "node:crypto";
import type { Request } from "express";
import { sessionCookie } from "../../shared/cookies.ts";
import type { Database } from "./db.ts";

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

export function createSessionResolver(db: Database, now: () => number) {
  const find = db.prepare(
    "SELECT user_id AS userId FROM sessions WHERE id_hash = ? AND revoked_at IS NULL AND expires_at > ?",
  );
  return (req: Request): number | null => {
    const id = (req.cookies as Record<string, string | undefined> | undefined)?.[sessionCookie];
    if (!id || id.length > 200) return null;
    const row = find.get(hashSessionId(id), now()) as { userId: number } | undefined;
    return row?.userId ?? null;
  };
}
