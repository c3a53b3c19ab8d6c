-- A code counts for sign-in only once its delivery is known to have succeeded: until then the previous code
-- keeps working, so a failed SMS or e-mail never voids the code the visitor already has. Rows from before
-- this column existed were all delivered.
ALTER TABLE verify_codes ADD COLUMN delivered INTEGER NOT NULL DEFAULT 1;
