ALTER TABLE "clinics" ADD COLUMN "min_notice_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "buffer_minutes" smallint DEFAULT 0 NOT NULL;