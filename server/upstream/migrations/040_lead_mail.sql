-- The outbox also carries the sales inbox's notice of a new contact message (docs/decisions/024-staff-console.md):
-- one queue, one lease and retry schedule for every e-mail the company sends. A row is either an order's
-- (order_id and record_id) or a lead's (leave_word_id and the recipient fixed when it was queued). SQLite
-- cannot drop NOT NULL in place, so the table is rebuilt with its rows, ids and Message-IDs kept.
CREATE TABLE order_mail_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER REFERENCES sample_orders (id),
  record_id INTEGER REFERENCES sample_order_records (id),
  -- A lead's notice goes when its message is deleted (retention, the visitor's own deletion).
  leave_word_id INTEGER REFERENCES leave_words (id) ON DELETE CASCADE,
  recipient TEXT,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  message_id TEXT,
  CHECK ((order_id IS NOT NULL AND record_id IS NOT NULL AND leave_word_id IS NULL)
      OR (order_id IS NULL AND record_id IS NULL AND leave_word_id IS NOT NULL AND recipient IS NOT NULL))
);
INSERT INTO order_mail_outbox_new (id, order_id, record_id, state, attempts, next_attempt_at, last_error, created_at, sent_at, message_id)
  SELECT id, order_id, record_id, state, attempts, next_attempt_at, last_error, created_at, sent_at, message_id FROM order_mail_outbox;
DROP TABLE order_mail_outbox;
ALTER TABLE order_mail_outbox_new RENAME TO order_mail_outbox;
CREATE INDEX order_mail_outbox_due ON order_mail_outbox (state, next_attempt_at);
CREATE UNIQUE INDEX order_mail_outbox_message_id ON order_mail_outbox (message_id);
CREATE INDEX order_mail_outbox_leave_word ON order_mail_outbox (leave_word_id) WHERE leave_word_id IS NOT NULL;
