DROP INDEX "payments_user_idempotency_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "fee_pilgrims" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_request_idempotency_key" ON "payments" USING btree ("user_id","request_id","idempotency_key");--> statement-breakpoint
-- Requests sent before this column existed: their fee covered the pilgrims counted at that submit.
UPDATE "requests" SET "fee_pilgrims" = "pilgrims" WHERE "fee_minor" IS NOT NULL;
