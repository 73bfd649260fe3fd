ALTER TABLE "request_types" ADD COLUMN "package_fees" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "request_types" ADD COLUMN "applications_close" text;--> statement-breakpoint
ALTER TABLE "request_types" ADD COLUMN "pilgrimage_start" text;--> statement-breakpoint
ALTER TABLE "request_types" ADD COLUMN "pilgrimage_end" text;--> statement-breakpoint
-- Every package starts at the one fee the service had: nothing a pilgrim pays changes until the office sets prices.
UPDATE "request_types" SET "package_fees" = (SELECT jsonb_object_agg(name, "fee_minor") FROM unnest(ARRAY['economy', 'standard', 'premium']) AS name);--> statement-breakpoint
-- Hajj as pilgrims know it: applications close where the season used to end (Shawwal), and the season runs on to
-- the last day of Hajj, 8-13 Dhu al-Hijjah of the same year, so Dhu al-Hijjah is a month one can arrive in.
UPDATE "request_types" SET
  "applications_close" = "season_end",
  "pilgrimage_start" = '08-12-' || split_part("season_end", '-', 3),
  "pilgrimage_end" = '13-12-' || split_part("season_end", '-', 3),
  "season_end" = '13-12-' || split_part("season_end", '-', 3)
WHERE "id" = 'hajj' AND "pilgrimage_start" IS NULL;
