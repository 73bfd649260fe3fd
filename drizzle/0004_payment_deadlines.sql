ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payment_reminder_at" timestamp with time zone;