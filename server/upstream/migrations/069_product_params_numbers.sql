-- A product's numeric value of one field, read from the index alone: a finder range (`vds=650~`) or numeric sort
-- tests every product of the family (2,778 at 10,000 parts) by its primary key, which holds no num_value, so
-- each test read the table row too. Covering, the family's count takes about 60 % of the time (docs/performance.md).
CREATE INDEX product_params_numbers ON product_params (product_id, field_id, language, num_value);
