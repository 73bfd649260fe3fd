-- The opening queue (issue 59, docs/OPENING.md): a service's opening, and each pilgrim's place in its queue.
CREATE TABLE "opening_places" (
	"type_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"seq" bigserial NOT NULL,
	"rank" bigint,
	"joined_at" timestamp with time zone NOT NULL,
	"admitted_at" timestamp with time zone,
	"send_by" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "opening_places_type_id_user_id_pk" PRIMARY KEY("type_id","user_id"),
	CONSTRAINT "opening_places_state_check" CHECK ("opening_places"."state" in ('waiting', 'admitted', 'sent', 'passed', 'left', 'sold_out'))
);
--> statement-breakpoint
CREATE TABLE "openings" (
	"type_id" text PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"admit_per_minute" integer NOT NULL,
	"queue_opens_minutes_before" integer DEFAULT 30 NOT NULL,
	"send_window_minutes" integer DEFAULT 15 NOT NULL,
	"rate_since" timestamp with time zone,
	"credit" double precision DEFAULT 0 NOT NULL,
	"paused_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"drawn_at" timestamp with time zone,
	"draw_seed" text,
	"admitted" integer DEFAULT 0 NOT NULL,
	"lapsed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "openings_rate_check" CHECK ("openings"."admit_per_minute" between 1 and 100000),
	CONSTRAINT "openings_before_check" CHECK ("openings"."queue_opens_minutes_before" between 0 and 1440),
	CONSTRAINT "openings_window_check" CHECK ("openings"."send_window_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "opening_places" ADD CONSTRAINT "opening_places_type_id_openings_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."openings"("type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_places" ADD CONSTRAINT "opening_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "openings" ADD CONSTRAINT "openings_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opening_places_order_idx" ON "opening_places" USING btree ("type_id","state","rank");