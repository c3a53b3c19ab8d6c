-- Preview tokens staff revoked before they expire (npm run orders -- preview-revoke, POST /staff/preview-tokens/revoke):
-- the SHA-256 of the token, never the token. A row is useless once the token has expired, and is pruned then.
CREATE TABLE preview_revocations (
  token_id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER NOT NULL
);
