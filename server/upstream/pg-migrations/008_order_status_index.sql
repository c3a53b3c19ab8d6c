-- Staff's board filtered by a status pages its orders by created_at, id (samples/store-postgres.ts,
-- postgresOrderPageQueries). SQLite's sample_orders_status (status, created_at) ends in the rowid, which is the id,
-- so it gives that order; PostgreSQL's index does not, and at 200,000 orders the planner walked the whole
-- created_at index instead, dropping the other statuses (37 ms for page 1000 of "shipped", 1.4 ms with this index;
-- docs/performance.md, "At a vendor's size"). The index now ends in id, as SQLite's does in effect; the board's
-- counts by status read it as before.
DROP INDEX sample_orders_status;
CREATE INDEX sample_orders_status ON sample_orders (status, created_at, id);
