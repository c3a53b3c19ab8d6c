-- Subscribing by e-mail without an account, double opt-in (docs/decisions/034-part-watches-and-notice-mail.md):
-- a request stores the parts asked for and mails a signed confirmation link; only following that link makes
-- (or adds to) the address's watcher, so nobody subscribes another person's address. A request is good for
-- 48 hours and for one confirmation; the rows count the per-address and per-client limits.
CREATE TABLE watch_confirmations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  -- JSON array of the shown parts' product ids the request named.
  parts TEXT NOT NULL,
  -- The client (forms.ts clientHash: IPv4 address or IPv6 /64) that asked: the per-client limit.
  ip_hash TEXT NOT NULL,
  -- The signed link the e-mail carries (notices/watch-token.ts), fixed when queued so every retry sends the
  -- same e-mail and the sender needs no secret.
  token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Set by the one confirmation: a replayed link is told it was used, and changes nothing.
  confirmed_at INTEGER
);
CREATE INDEX watch_confirmations_by_email ON watch_confirmations (email, created_at);
CREATE INDEX watch_confirmations_by_client ON watch_confirmations (ip_hash, created_at);

-- Publishing mails one e-mail per notice and mailbox: an account's watcher and a subscription by e-mail
-- with the same address get one e-mail between them (notices/publish.ts looks them up by address).
CREATE INDEX notice_mails_by_email ON notice_mails (notice_number, email);

-- The outbox carries the confirmation e-mails too (one queue, one lease and retry schedule): rebuilt as in
-- migration 060, rows, ids and Message-IDs kept.
CREATE TABLE order_mail_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER REFERENCES sample_orders (id),
  record_id INTEGER REFERENCES sample_order_records (id),
  leave_word_id INTEGER REFERENCES leave_words (id) ON DELETE CASCADE,
  recipient TEXT,
  notice_mail_id INTEGER REFERENCES notice_mails (id) ON DELETE CASCADE,
  -- A confirmation e-mail goes with its request (deleted with the account that owns the address) if unsent.
  watch_confirmation_id INTEGER REFERENCES watch_confirmations (id) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  message_id TEXT,
  CHECK ((order_id IS NOT NULL AND record_id IS NOT NULL AND leave_word_id IS NULL AND notice_mail_id IS NULL AND watch_confirmation_id IS NULL)
      OR (order_id IS NULL AND record_id IS NULL AND leave_word_id IS NOT NULL AND recipient IS NOT NULL AND notice_mail_id IS NULL AND watch_confirmation_id IS NULL)
      OR (order_id IS NULL AND record_id IS NULL AND leave_word_id IS NULL AND notice_mail_id IS NOT NULL AND watch_confirmation_id IS NULL)
      OR (order_id IS NULL AND record_id IS NULL AND leave_word_id IS NULL AND notice_mail_id IS NULL AND watch_confirmation_id IS NOT NULL))
);
INSERT INTO order_mail_outbox_new (id, order_id, record_id, leave_word_id, recipient, notice_mail_id, state, attempts, next_attempt_at, last_error, created_at, sent_at, message_id)
  SELECT id, order_id, record_id, leave_word_id, recipient, notice_mail_id, state, attempts, next_attempt_at, last_error, created_at, sent_at, message_id FROM order_mail_outbox;
DROP TABLE order_mail_outbox;
ALTER TABLE order_mail_outbox_new RENAME TO order_mail_outbox;
CREATE INDEX order_mail_outbox_due ON order_mail_outbox (state, next_attempt_at);
CREATE UNIQUE INDEX order_mail_outbox_message_id ON order_mail_outbox (message_id);
CREATE INDEX order_mail_outbox_leave_word ON order_mail_outbox (leave_word_id) WHERE leave_word_id IS NOT NULL;
CREATE INDEX order_mail_outbox_notice_mail ON order_mail_outbox (notice_mail_id) WHERE notice_mail_id IS NOT NULL;
CREATE INDEX order_mail_outbox_watch_confirmation ON order_mail_outbox (watch_confirmation_id) WHERE watch_confirmation_id IS NOT NULL;
