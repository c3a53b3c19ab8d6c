-- The applicant details a user keeps for the sample form (changed or deleted on the account page), saved at
-- every submission; and the consent a download-form entry was given with (what, which policy version, when).
CREATE TABLE applicant_profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  company_name TEXT NOT NULL,
  position TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
-- Until now the form prefilled from the latest order: those applicants become the saved details.
INSERT INTO applicant_profiles (user_id, name, phone, email, company_name, position, updated_at)
  SELECT o.user_id, o.applicant_name, o.applicant_phone, o.applicant_email, o.company_name, o.position, o.created_at
  FROM sample_orders o
  WHERE o.id = (SELECT id FROM sample_orders l WHERE l.user_id = o.user_id ORDER BY l.created_at DESC, l.id DESC LIMIT 1);

ALTER TABLE download_records ADD COLUMN consent_text TEXT;
ALTER TABLE download_records ADD COLUMN policy_version TEXT;
ALTER TABLE download_records ADD COLUMN consented_at INTEGER;
CREATE INDEX download_records_phone ON download_records (phone);
CREATE INDEX download_records_email ON download_records (email);
CREATE INDEX leave_words_phone ON leave_words (phone);
CREATE INDEX leave_words_email ON leave_words (email);
