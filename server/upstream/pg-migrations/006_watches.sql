-- Part watches, subscriptions by e-mail and the e-mails of notices, revisions and lifecycle changes on
-- PostgreSQL: the same tables and meanings as SQLite's migrations 060, 061 and 066 (server/upstream/migrations/),
-- in one step; times are milliseconds since the epoch (BIGINT). Only what changes at run time is here: the
-- notices, documents and parts they name stay in each host's SQLite content index
-- (docs/decisions/044-store-interface-and-postgresql.md, "Watches and notices (step 5)").
CREATE TABLE watchers (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id INTEGER UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  created_at BIGINT NOT NULL,
  confirmed_at BIGINT,
  unsubscribed_at BIGINT
);
-- One subscription by e-mail per address: two hosts confirming for one address at once make one watcher.
CREATE UNIQUE INDEX watchers_guest_email ON watchers (email) WHERE user_id IS NULL;

CREATE TABLE part_watches (
  watcher_id INTEGER NOT NULL REFERENCES watchers (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (watcher_id, product_id)
);
CREATE INDEX part_watches_by_product ON part_watches (product_id, watcher_id);

CREATE TABLE watch_confirmations (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  -- JSON array of the shown parts' product ids the request named.
  parts TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  token TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  confirmed_at BIGINT
);
CREATE INDEX watch_confirmations_by_email ON watch_confirmations (email, created_at);
CREATE INDEX watch_confirmations_by_client ON watch_confirmations (ip_hash, created_at);

-- One e-mail per event (a notice's number, a revision's id, a lifecycle state's key) and watcher, ever.
CREATE TABLE notice_mails (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notice_number TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'notice' CHECK (kind IN ('notice', 'revision', 'lifecycle')),
  details TEXT,
  watcher_id INTEGER NOT NULL REFERENCES watchers (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  language TEXT NOT NULL,
  parts TEXT NOT NULL,
  unsubscribe_token TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  UNIQUE (notice_number, watcher_id)
);
-- One e-mail per event and mailbox (an account's watcher and a subscription by e-mail of one address): looked
-- up by address without regard to case, as SQLite's COLLATE NOCASE.
CREATE INDEX notice_mails_by_email ON notice_mails (notice_number, lower(email));
-- A watcher's e-mails: what an unsubscribe drops from the outbox and a watcher's deletion cascades to.
CREATE INDEX notice_mails_by_watcher ON notice_mails (watcher_id);

-- The notice and confirmation e-mails' outbox: the columns, lease and retry schedule of order_mail_outbox
-- (migration 002), in a table of its own so each row can cascade with its watcher or request (an unsent e-mail
-- goes with an unsubscribe or an erased account) while the order outbox keeps its NOT NULL order columns.
CREATE TABLE watch_mail_outbox (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notice_mail_id INTEGER REFERENCES notice_mails (id) ON DELETE CASCADE,
  watch_confirmation_id INTEGER REFERENCES watch_confirmations (id) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  last_error TEXT,
  created_at BIGINT NOT NULL,
  sent_at BIGINT,
  message_id TEXT NOT NULL UNIQUE,
  CHECK ((notice_mail_id IS NULL) <> (watch_confirmation_id IS NULL))
);
CREATE INDEX watch_mail_outbox_due ON watch_mail_outbox (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX watch_mail_outbox_notice_mail ON watch_mail_outbox (notice_mail_id) WHERE notice_mail_id IS NOT NULL;
CREATE INDEX watch_mail_outbox_watch_confirmation ON watch_mail_outbox (watch_confirmation_id) WHERE watch_confirmation_id IS NOT NULL;
