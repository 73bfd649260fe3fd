CREATE TABLE "office_calendar" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"work_days" jsonb DEFAULT '[0,1,2,3,4]'::jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_calendar_one_row" CHECK ("office_calendar"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "refund_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"note" text NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "refund_proposals_four_eyes" CHECK ("refund_proposals"."decided_by" is null or "refund_proposals"."decided_by" <> "refund_proposals"."proposed_by"),
	CONSTRAINT "refund_proposals_amount" CHECK ("refund_proposals"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "request_types" ADD COLUMN "review_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_types" ADD COLUMN "clock_from" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "flag_notes" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "changes_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "previous_data" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "clock_left_seconds" integer;--> statement-breakpoint
ALTER TABLE "refund_proposals" ADD CONSTRAINT "refund_proposals_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_proposals" ADD CONSTRAINT "refund_proposals_proposed_by_staff_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_proposals" ADD CONSTRAINT "refund_proposals_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_proposals_one_open" ON "refund_proposals" USING btree ("request_id") WHERE decision is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_filters_staff_name_key" ON "saved_filters" USING btree ("staff_id",lower("name"));--> statement-breakpoint
CREATE INDEX "requests_assigned_due_idx" ON "requests" USING btree ("assigned_staff_id","due_at");--> statement-breakpoint
-- The office works Sunday to Thursday and has no holidays until an admin adds them.
INSERT INTO "office_calendar" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Requests already waiting for the office get a clock too: five working days (a Sunday-to-Thursday week) from sending,
-- which is seven calendar days; a request whose changes are with the pilgrim starts its clock when sent again.
UPDATE "requests" SET "due_at" = "submitted_at" + interval '7 days' WHERE "status" IN ('submitted', 'under_review') AND "submitted_at" IS NOT NULL;
