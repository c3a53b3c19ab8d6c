-- The staff console's board on PostgreSQL searches orders by number prefix (server/upstream/samples/board.ts,
-- boardSearch) as a range in the "C" collation: byte order, whatever the database's own collation, which may
-- ignore the hyphen of QY20261120-0001 and so put a prefix's orders outside its range. This index answers it.
CREATE INDEX sample_orders_number_bytes ON sample_orders (order_number COLLATE "C");
