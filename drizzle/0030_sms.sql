-- Issue 62: text messages and notices you can follow. An account's mobile number confirmed by a code (users.phone_confirmed_at,
-- mobile_codes: one live code per account, hashed); each text message from its queuing to its delivery receipt
-- (sms_messages: the outbox and the record); which notices go by SMS per kind (sms_preferences); how each notice went by
-- e-mail and push (notification_deliveries). Numbers confirmed before this migration: none (every number is unconfirmed).
CREATE TABLE "mobile_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"notification_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_notification_id_channel_pk" PRIMARY KEY("notification_id","channel")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_id" uuid,
	"kind" text NOT NULL,
	"to_number" text NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"segments" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider" text,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fallback_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"place_offered" boolean DEFAULT true NOT NULL,
	"opening_turn" boolean DEFAULT true NOT NULL,
	"payment_due" boolean DEFAULT true NOT NULL,
	"decision" boolean DEFAULT true NOT NULL,
	"changes_requested" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mobile_codes" ADD CONSTRAINT "mobile_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_preferences" ADD CONSTRAINT "sms_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "sms_messages" USING btree ("next_attempt_at") WHERE sent_at is null and state in ('queued', 'failed_temporary');--> statement-breakpoint
CREATE INDEX "sms_messages_number_idx" ON "sms_messages" USING btree ("to_number","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_user_idx" ON "sms_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_notification_idx" ON "sms_messages" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "sms_messages_fallback_idx" ON "sms_messages" USING btree ("created_at") WHERE notification_id is not null and fallback_at is null and state <> 'delivered';--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_id_key" ON "sms_messages" USING btree ("provider","provider_id");