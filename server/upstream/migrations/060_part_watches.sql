-- Watch lists for change notices (docs/decisions/034-part-watches-and-notice-mail.md). A watcher is one
-- mailbox in one language: an account's (user_id set; deleted with the account's data, decision 025), or a
-- visitor's without an account (user_id NULL), which mails nothing until its owner followed the
-- confirmation link (double opt-in: nobody subscribes another person's address).
CREATE TABLE watchers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  created_at INTEGER NOT NULL,
  -- NULL until the owner of the address confirmed it; an account's own e-mail is confirmed by signing in with it.
  confirmed_at INTEGER,
  -- The one-click unsubscribe: the watches are gone and this is set, so a replayed link says "already done".
  unsubscribed_at INTEGER
);
CREATE UNIQUE INDEX watchers_guest_email ON watchers (email) WHERE user_id IS NULL;

-- The parts a watcher watches: single parts, a family's parts, a sample list's or a bill of materials', each
-- stored as the parts it named (a family watch adds the family's parts on the day it was made).
CREATE TABLE part_watches (
  watcher_id INTEGER NOT NULL REFERENCES watchers (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (watcher_id, product_id)
) WITHOUT ROWID;
CREATE INDEX part_watches_by_product ON part_watches (product_id, watcher_id);

-- One e-mail per notice and watcher, ever: publishing a notice twice mails nobody twice (the unique key).
-- The address and language are fixed when it is queued, as a lead's recipient is (migration 040).
CREATE TABLE notice_mails (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  notice_number TEXT NOT NULL,
  watcher_id INTEGER NOT NULL REFERENCES watchers (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  language TEXT NOT NULL,
  -- JSON array of the watched part numbers the notice names (what the e-mail lists).
  parts TEXT NOT NULL,
  -- The signed one-click unsubscribe token the e-mail carries (notices/watch-token.ts), fixed when queued
  -- so every retry sends the same e-mail and the sender needs no secret.
  unsubscribe_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (notice_number, watcher_id)
);

-- The outbox carries notice e-mails too (one queue, one lease and retry schedule): a row is an order's, a
-- lead's or a notice e-mail's. The table is rebuilt as in migration 040, rows, ids and Message-IDs kept.
CREATE TABLE order_mail_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER REFERENCES sample_orders (id),
  record_id INTEGER REFERENCES sample_order_records (id),
  leave_word_id INTEGER REFERENCES leave_words (id) ON DELETE CASCADE,
  recipient TEXT,
  -- A notice e-mail goes with its watcher (unsubscribed, the account deleted) if not yet sent.
  notice_mail_id INTEGER REFERENCES notice_mails (id) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  message_id TEXT,
  CHECK ((order_id IS NOT NULL AND record_id IS NOT NULL AND leave_word_id IS NULL AND notice_mail_id IS NULL)
      OR (order_id IS NULL AND record_id IS NULL AND leave_word_id IS NOT NULL AND recipient IS NOT NULL AND notice_mail_id IS NULL)
      OR (order_id IS NULL AND record_id IS NULL AND leave_word_id IS NULL AND notice_mail_id IS NOT NULL))
);
INSERT INTO order_mail_outbox_new (id, order_id, record_id, leave_word_id, recipient, state, attempts, next_attempt_at, last_error, created_at, sent_at, message_id)
  SELECT id, order_id, record_id, leave_word_id, recipient, state, attempts, next_attempt_at, last_error, created_at, sent_at, message_id FROM order_mail_outbox;
DROP TABLE order_mail_outbox;
ALTER TABLE order_mail_outbox_new RENAME TO order_mail_outbox;
CREATE INDEX order_mail_outbox_due ON order_mail_outbox (state, next_attempt_at);
CREATE UNIQUE INDEX order_mail_outbox_message_id ON order_mail_outbox (message_id);
CREATE INDEX order_mail_outbox_leave_word ON order_mail_outbox (leave_word_id) WHERE leave_word_id IS NOT NULL;
CREATE INDEX order_mail_outbox_notice_mail ON order_mail_outbox (notice_mail_id) WHERE notice_mail_id IS NOT NULL;
