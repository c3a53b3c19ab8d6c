// Preview-token revocations in PostgreSQL: a token revoked through one upstream host is refused by the site
// whichever host it asks. Each write is one statement (the revocation is idempotent, and pruning expired rows
// races with nothing), so no lock is needed (docs/decisions/044-store-interface-and-postgresql.md).
import type pg from "pg";
import { tokenToRevoke, type PreviewRevocations } from "./preview-revocations.ts";

export function createPostgresPreviewRevocations(pool: pg.Pool, now: () => number): PreviewRevocations {
  return {
    async revoke(secret, token) {
      const { tokenId, expiresAt } = await tokenToRevoke(secret, token, now());
      const t = now();
      await pool.query("DELETE FROM preview_revocations WHERE expires_at < $1", [t]);
      await pool.query("INSERT INTO preview_revocations (token_id, expires_at, revoked_at) VALUES ($1, $2, $3) ON CONFLICT (token_id) DO NOTHING", [
        tokenId,
        expiresAt,
        t,
      ]);
      return { expiresAt };
    },
    async isRevoked(tokenId) {
      return (await pool.query("SELECT 1 FROM preview_revocations WHERE token_id = $1", [tokenId])).rowCount !== 0;
    },
  };
}
