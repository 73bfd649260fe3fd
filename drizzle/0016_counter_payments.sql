ALTER TABLE "payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_staff_id_staff_id_fk" FOREIGN KEY ("recorded_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_counter_receipt_key" ON "payments" USING btree ("receipt_number") WHERE provider = 'counter';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_counter_recorded" CHECK ("payments"."provider" <> 'counter' or ("payments"."receipt_number" is not null and "payments"."recorded_by_staff_id" is not null));