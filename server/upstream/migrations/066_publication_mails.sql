-- A watcher is also told of a new revision of a document of a watched part and of a watched part's lifecycle
-- change (docs/decisions/040-document-revisions.md). Those e-mails are notice_mails rows too, so they share the
-- watcher join, the outbox and the unique key that mails nobody twice: notice_number then holds the event's
-- stable key ("ds-qcm040120k4@1.1", "lifecycle:QCD05120T2@ltb@2026-03-16"), which no notice number can be.
ALTER TABLE notice_mails ADD COLUMN kind TEXT NOT NULL DEFAULT 'notice' CHECK (kind IN ('notice', 'revision', 'lifecycle'));
-- What a revision or lifecycle e-mail says, in the watcher's language (JSON), fixed when it is queued like the
-- address; NULL for a notice, whose e-mail reads the loaded notice.
ALTER TABLE notice_mails ADD COLUMN details TEXT;
