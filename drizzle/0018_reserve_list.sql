CREATE TABLE "reserve_list" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"package" text NOT NULL,
	"places" integer NOT NULL,
	"seq" bigserial NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserve_list_places_check" CHECK ("reserve_list"."places" > 0)
);
--> statement-breakpoint
ALTER TABLE "reserve_list" ADD CONSTRAINT "reserve_list_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_list" ADD CONSTRAINT "reserve_list_type_id_package_package_places_type_id_package_fk" FOREIGN KEY ("type_id","package") REFERENCES "public"."package_places"("type_id","package") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reserve_list_package_seq_idx" ON "reserve_list" USING btree ("type_id","package","seq");