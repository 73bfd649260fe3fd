CREATE TABLE "package_places" (
	"type_id" text NOT NULL,
	"package" text NOT NULL,
	"places" integer,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_places_type_id_package_pk" PRIMARY KEY("type_id","package"),
	CONSTRAINT "package_places_places_check" CHECK ("package_places"."places" is null or "package_places"."places" >= 0),
	CONSTRAINT "package_places_held_check" CHECK ("package_places"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "place_holds" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"package" text NOT NULL,
	"places" integer NOT NULL,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_holds_places_check" CHECK ("place_holds"."places" > 0)
);
--> statement-breakpoint
ALTER TABLE "package_places" ADD CONSTRAINT "package_places_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_holds" ADD CONSTRAINT "place_holds_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_holds" ADD CONSTRAINT "place_holds_type_id_package_package_places_type_id_package_fk" FOREIGN KEY ("type_id","package") REFERENCES "public"."package_places"("type_id","package") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_holds_held_until_idx" ON "place_holds" USING btree ("held_until");--> statement-breakpoint
-- A hold deleted by any path (its places given back, a draft or an account deleted,
-- which cascades) takes its places off the package's count in the same transaction.
CREATE FUNCTION "place_holds_give_back"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "package_places" SET "held" = "held" - OLD."places" WHERE "type_id" = OLD."type_id" AND "package" = OLD."package";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "place_holds_give_back" AFTER DELETE ON "place_holds" FOR EACH ROW EXECUTE FUNCTION "place_holds_give_back"();
--> statement-breakpoint
-- Every package offered today starts unlimited, as before.
INSERT INTO "package_places" ("type_id", "package")
SELECT "id", jsonb_array_elements_text("packages") FROM "request_types"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Requests already sent and not closed hold their places from now on, so a number the office
-- sets later counts them. Unpaid ones until their pay-by time (the default 72 hours: the time
-- only bounds a draft reopened from payment; expiry itself follows the request).
INSERT INTO "package_places" ("type_id", "package")
SELECT DISTINCT "type_id", "data"->'service'->>'package' FROM "requests"
WHERE "status" IN ('pending_payment', 'submitted', 'under_review', 'changes_requested', 'approved') AND "data"->'service'->>'package' IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "place_holds" ("request_id", "type_id", "package", "places", "held_until")
SELECT "id", "type_id", "data"->'service'->>'package', "pilgrims",
  CASE WHEN "status" = 'pending_payment' THEN "submitted_at" + interval '72 hours' END
FROM "requests"
WHERE "status" IN ('pending_payment', 'submitted', 'under_review', 'changes_requested', 'approved') AND "data"->'service'->>'package' IS NOT NULL AND "pilgrims" > 0;
--> statement-breakpoint
UPDATE "package_places" SET "held" = counted."held"
FROM (SELECT "type_id", "package", sum("places")::int AS "held" FROM "place_holds" GROUP BY "type_id", "package") counted
WHERE "package_places"."type_id" = counted."type_id" AND "package_places"."package" = counted."package";
