CREATE TABLE "staff_sign_in_locks" (
	"staff_id" uuid NOT NULL,
	"address" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_sign_in_locks_staff_id_address_pk" PRIMARY KEY("staff_id","address")
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "lock_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "locale" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sign_in_locks" ADD CONSTRAINT "staff_sign_in_locks_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One live code per account and purpose from now on: the newest of each keeps its code, the earlier ones only their links.
UPDATE "email_tokens" AS "older" SET "code_hash" = NULL
WHERE "older"."code_hash" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "email_tokens" AS "newer"
  WHERE "newer"."user_id" = "older"."user_id" AND "newer"."purpose" = "older"."purpose"
    AND "newer"."code_hash" IS NOT NULL AND "newer"."created_at" > "older"."created_at"
);
