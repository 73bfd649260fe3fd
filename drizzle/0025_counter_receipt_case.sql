-- Counter receipt numbers are one number whatever their case (issue 58, item 8): `ctr-pt-1` after `CTR-PT-1` was
-- a second receipt, so one paper receipt could pay two requests. From now on a number is kept trimmed and in upper
-- case (lib/server/payments/counter.ts normalReceiptNumber), and the unique index holds that form, so the database
-- refuses the same number in another case whoever writes it.
--
-- 1. The receipts recorded so far, in that form. Two already recorded as one number in two cases (the money may have
--    been counted twice: the office should look) cannot both keep it: the first recorded keeps it, each later one
--    gets " (2)", " (3)"… after it, which no receipt typed since can carry (a space and brackets are refused). The
--    audit log's payment.counter rows keep each number as it was recorded.
DROP INDEX IF EXISTS "payments_counter_receipt_key";--> statement-breakpoint
UPDATE "payments" p
SET "receipt_number" = n."normal" || CASE WHEN n."rank" > 1 THEN ' (' || n."rank" || ')' ELSE '' END
FROM (
	SELECT "id", upper(btrim("receipt_number")) AS "normal",
		row_number() OVER (PARTITION BY upper(btrim("receipt_number")) ORDER BY "created_at", "id") AS "rank"
	FROM "payments"
	WHERE "provider" = 'counter' AND "receipt_number" IS NOT NULL
) n
WHERE p."id" = n."id" AND p."receipt_number" IS DISTINCT FROM n."normal" || CASE WHEN n."rank" > 1 THEN ' (' || n."rank" || ')' ELSE '' END;--> statement-breakpoint
-- 2. The index on the normal form.
CREATE UNIQUE INDEX "payments_counter_receipt_key" ON "payments" USING btree (upper(btrim("receipt_number"))) WHERE provider = 'counter';
