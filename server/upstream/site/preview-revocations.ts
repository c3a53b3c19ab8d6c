// The revocation list of preview tokens: staff revoke a token (CLI or staff API) before it expires; the site
// asks, through queryPreviewRevoked, before it honours the token or the cookie that carries it.
import type { Router } from "express";
import { queryPreviewRevoked } from "../../../shared/contract/index.ts";
import { previewTokenId, verifyPreviewToken } from "../../../shared/http/preview-token.ts";
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";

export function createPreviewRevocations(db: Database, now: () => number) {
  const insert = db.prepare("INSERT INTO preview_revocations (token_id, expires_at, revoked_at) VALUES (?, ?, ?) ON CONFLICT (token_id) DO NOTHING");
  const find = db.prepare("SELECT 1 AS revoked FROM preview_revocations WHERE token_id = ?");
  const prune = db.prepare("DELETE FROM preview_revocations WHERE expires_at < ?");
  return {
    /**
     * Revokes a token signed with `secret` that has not expired yet; returns when it would have expired.
     * A token that does not verify is refused (E40000002): revoking a typo would look like success.
     */
    async revoke(secret: string, token: string): Promise<{ expiresAt: number }> {
      const valid = await verifyPreviewToken(secret, token.trim(), now());
      if (!valid)
        throw new ApiError("E40000002", { message: "Not a preview token of this site that is still valid (already expired, mistyped, or signed with another secret)." });
      const t = now();
      prune.run(t);
      insert.run(await previewTokenId(token.trim()), valid.expiresAt, t);
      return valid;
    },
    isRevoked: (tokenId: string): boolean => find.get(tokenId) !== undefined,
  };
}

export type PreviewRevocations = ReturnType<typeof createPreviewRevocations>;

export function mountPreviewRevocationRoutes(router: Router, revocations: PreviewRevocations, options: MountOptions) {
  mountCall(router, queryPreviewRevoked, ({ body }) => ({ revoked: revocations.isRevoked(body.tokenId) }), options);
}
