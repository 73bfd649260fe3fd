-- Issue 57, item 6 after review: a dearer package's difference has a pay-by time (requests.difference_due_at), and the
-- package and fee paid for keep their places meanwhile (package_changes, counted as a hold is and given back by the
-- same trigger when the row goes); each payment keeps the request's fee when it was taken (its receipt); the books'
-- copy of a deleted account's payments keeps its part and what of it went back (a partial refund, a package change's).
CREATE TABLE "package_changes" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"package" text NOT NULL,
	"places" integer NOT NULL,
	"fee_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_changes_places_check" CHECK ("package_changes"."places" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_minor" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "difference_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retained_payments" ADD COLUMN "part" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "retained_payments" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "retained_payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "package_changes" ADD CONSTRAINT "package_changes_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_changes" ADD CONSTRAINT "package_changes_type_id_package_package_places_type_id_package_fk" FOREIGN KEY ("type_id","package") REFERENCES "public"."package_places"("type_id","package") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "package_changes_give_back" AFTER DELETE ON "package_changes" FOR EACH ROW EXECUTE FUNCTION "place_holds_give_back"();
--> statement-breakpoint
-- The fee at each payment so far: a whole fee's payment was the fee; a part was paid on the request's fee as it is.
UPDATE "payments" AS p SET "fee_minor" = CASE WHEN p."part" = 'full' THEN p."amount_minor" ELSE r."fee_minor" END
FROM "requests" AS r WHERE r."id" = p."request_id" AND p."status" IN ('paid', 'refunding', 'refunded', 'kept');
--> statement-breakpoint
-- Refunded before this column: all of it (the copy did not keep a partial amount).
UPDATE "retained_payments" SET "refunded_minor" = "amount_minor" WHERE "status" = 'refunded';
