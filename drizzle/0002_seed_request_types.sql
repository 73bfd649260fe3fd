-- The services on offer. Fees are per pilgrim in halalas (1 SAR = 100); the
-- office changes fees, seasons and limits with an UPDATE (see README).
INSERT INTO "request_types" ("id", "code", "name_en", "name_ar", "fee_minor", "currency", "season_start", "season_end", "companion_limit", "packages", "sort_order") VALUES
  ('hajj', 'HJ', 'Hajj', 'الحج', 1500000, 'SAR', '01-06-1448', '29-10-1448', 13, '["economy","standard","premium"]', 1),
  ('umrah', 'UM', 'Umrah', 'العمرة', 250000, 'SAR', '15-12-1447', '15-11-1448', 13, '["standard","premium"]', 2)
ON CONFLICT ("id") DO NOTHING;
