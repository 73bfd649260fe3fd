CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"pilgrim_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"locale" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" uuid,
	"accepted_at" timestamp with time zone,
	"confirmed_answers" jsonb,
	"confirmed_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitations_ended" CHECK (("invitations"."ended_at" is null) = ("invitations"."ended_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_live" ON "invitations" USING btree ("request_id","pilgrim_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "invitations_accepted_by_idx" ON "invitations" USING btree ("accepted_by") WHERE ended_at is null;--> statement-breakpoint
-- Every companion already in a request's answers gets its stable id (new ones get theirs from the wizard).
UPDATE "requests" SET "data" = jsonb_set("data", '{companions}', (
	SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(c) = 'object' AND NOT c ? 'pilgrim_id' THEN c || jsonb_build_object('pilgrim_id', gen_random_uuid()::text) ELSE c END ORDER BY n), '[]'::jsonb)
	FROM jsonb_array_elements("data" -> 'companions') WITH ORDINALITY AS e(c, n)
)) WHERE jsonb_typeof("data" -> 'companions') = 'array';
