-- A code counts for sign-in only once its delivery is known to have succeeded (issue 8 item 7): until
-- then the previous code keeps working. Rows from before this column existed were all delivered.
ALTER TABLE verify_codes ADD COLUMN delivered INTEGER NOT NULL DEFAULT 1;
