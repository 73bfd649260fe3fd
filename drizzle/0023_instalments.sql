CREATE TABLE "instalment_reminders" (
	"request_id" uuid NOT NULL,
	"part" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalment_reminders_request_id_part_kind_pk" PRIMARY KEY("request_id","part","kind")
);
--> statement-breakpoint
DROP INDEX "payments_one_paid";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "part" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_types" ADD COLUMN "payment_plan" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payment_plan" jsonb;--> statement-breakpoint
ALTER TABLE "instalment_reminders" ADD CONSTRAINT "instalment_reminders_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_part" ON "payments" USING btree ("request_id","part") WHERE status = 'paid';