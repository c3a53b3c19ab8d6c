-- Preview tokens staff revoked before they expire (POST /staff/preview-tokens/revoke), as SQLite's migration 027:
-- the SHA-256 of the token, never the token; a row is pruned once its token has expired.
CREATE TABLE preview_revocations (
  token_id TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT NOT NULL
);
CREATE INDEX preview_revocations_expiry ON preview_revocations (expires_at);
