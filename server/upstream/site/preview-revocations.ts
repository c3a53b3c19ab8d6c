// The revocation list of preview tokens: staff revoke a token (CLI or staff API) before it expires; the site
// asks, through queryPreviewRevoked, before it honours the token or the cookie that carries it. Kept in the SQLite
// file (here; the orders CLI's revocations too) or in PostgreSQL, shared by every upstream host
// (preview-revocations-postgres.ts; docs/decisions/044-store-interface-and-postgresql.md).
import type { Router } from "express";
import { queryPreviewRevoked } from "../../../shared/contract/index.ts";
import { previewTokenId, verifyPreviewToken } from "../../../shared/http/preview-token.ts";
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";

export interface PreviewRevocations {
  /**
   * Revokes a token signed with `secret` that has not expired yet; returns when it would have expired.
   * A token that does not verify is refused (E40000002): revoking a typo would look like success.
   */
  revoke(secret: string, token: string): Promise<{ expiresAt: number }>;
  isRevoked(tokenId: string): Promise<boolean>;
}

/** The token to revoke, checked (the same refusal on both stores): its id (SHA-256) and when it expires. */
export async function tokenToRevoke(secret: string, token: string, t: number): Promise<{ tokenId: string; expiresAt: number }> {
  const valid = await verifyPreviewToken(secret, token.trim(), t);
  if (!valid)
    throw new ApiError("E40000002", { message: "Not a preview token of this site that is still valid (already expired, mistyped, or signed with another secret)." });
  return { tokenId: await previewTokenId(token.trim()), expiresAt: valid.expiresAt };
}

export function createPreviewRevocations(db: Database, now: () => number): PreviewRevocations {
  const insert = db.prepare("INSERT INTO preview_revocations (token_id, expires_at, revoked_at) VALUES (?, ?, ?) ON CONFLICT (token_id) DO NOTHING");
  const find = db.prepare("SELECT 1 AS revoked FROM preview_revocations WHERE token_id = ?");
  const prune = db.prepare("DELETE FROM preview_revocations WHERE expires_at < ?");
  return {
    async revoke(secret, token) {
      const { tokenId, expiresAt } = await tokenToRevoke(secret, token, now());
      const t = now();
      prune.run(t);
      insert.run(tokenId, expiresAt, t);
      return { expiresAt };
    },
    isRevoked: async (tokenId) => find.get(tokenId) !== undefined,
  };
}

export function mountPreviewRevocationRoutes(router: Router, revocations: PreviewRevocations, options: MountOptions) {
  mountCall(router, queryPreviewRevoked, async ({ body }) => ({ revoked: await revocations.isRevoked(body.tokenId) }), options);
}
