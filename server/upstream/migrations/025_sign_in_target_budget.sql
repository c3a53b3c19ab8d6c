-- The clients (address networks, hashed as in verify_codes) that signed in with a number or e-mail address:
-- the owner's own devices. When strangers have spent a number's budget across all clients, these still get
-- a code at the usual pace (accounts/codes.ts, docs/decisions/002-sign-in-limits-per-client.md).
CREATE TABLE sign_in_clients (
  channel TEXT NOT NULL,
  target TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  signed_in_at INTEGER NOT NULL,
  PRIMARY KEY (channel, target, ip_hash)
);
-- Rows older than 60 days are pruned at each code request.
CREATE INDEX sign_in_clients_age ON sign_in_clients (signed_in_at);
