ALTER TABLE "appointments" ADD COLUMN "home_address" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "home_window_minutes" smallint;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "home_radius_km" smallint;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "home_district_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "home_window_minutes" smallint;