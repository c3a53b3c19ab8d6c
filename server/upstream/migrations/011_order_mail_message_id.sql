-- A stable Message-ID per order e-mail. Delivery is at least once: a crash after the SMTP server took the
-- message but before its reply was recorded sends it again. Each outbox row keeps the one Message-ID it was
-- queued with (the move's transaction writes it), and every try sends it, so the receiving side can drop
-- the duplicate. Rows queued before this migration get theirs now.
ALTER TABLE order_mail_outbox ADD COLUMN message_id TEXT;
UPDATE order_mail_outbox SET message_id = lower(hex(randomblob(16))) WHERE message_id IS NULL;
CREATE UNIQUE INDEX order_mail_outbox_message_id ON order_mail_outbox (message_id);
