-- E-mails to the applicant when staff move a sample order. The move writes a row in the same
-- transaction (so a move never happens without its e-mail, whoever made it: staff API or CLI), and the
-- running upstream delivers it, retrying with backoff; a failed delivery never blocks or undoes the move.
CREATE TABLE order_mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES sample_orders (id),
  -- The move this e-mail tells about: its status, carrier and tracking number, note.
  record_id INTEGER NOT NULL REFERENCES sample_order_records (id),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- When the next try is due; a sender claims a row by moving this forward (a lease), so two processes never send twice.
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX order_mail_outbox_due ON order_mail_outbox (state, next_attempt_at);
