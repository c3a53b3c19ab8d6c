-- A signed-in user's status tab filters by user and status and pages newest first. With only the indexes on
-- (user_id, created_at) and (status, created_at), SQLite walked every order of that status across all users
-- (370 ms at 200,000 orders); this index answers the tab, its count and its paging from the user's own rows.
CREATE INDEX sample_orders_user_status ON sample_orders (user_id, status, created_at, id);
-- Staff's list of every order pages newest first too: without this it sorted all orders in a temporary tree.
CREATE INDEX sample_orders_created ON sample_orders (created_at, id);
