-- A contact message or download request belongs to an account only when it was sent with that account's live
-- session: a phone or e-mail typed into the form is nobody's proof (anyone can type anyone's). The export
-- shows, and deletion erases, exactly these rows (accounts/my-data.ts). Rows from before this column are
-- nobody's account's: NULL.
ALTER TABLE leave_words ADD COLUMN user_id INTEGER REFERENCES users (id);
ALTER TABLE download_records ADD COLUMN user_id INTEGER REFERENCES users (id);
CREATE INDEX leave_words_user ON leave_words (user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX download_records_user ON download_records (user_id, created_at) WHERE user_id IS NOT NULL;
