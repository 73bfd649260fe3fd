-- A package changed after paying (issue 57, item 6): what of a payment goes back for a cheaper package while the
-- request stays open (the payment stays paid for the rest) and how much of it the gateway confirmed; and why a
-- refund was proposed (a cancel, or that change).
ALTER TABLE "payments" ADD COLUMN "change_refund_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "change_refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_proposals" ADD COLUMN "reason" text DEFAULT 'cancel' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_change_refund" CHECK ("payments"."change_refunded_minor" >= 0 and "payments"."change_refunded_minor" <= "payments"."change_refund_minor" and "payments"."change_refund_minor" < "payments"."amount_minor");