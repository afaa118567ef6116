ALTER TABLE "appointments" ADD COLUMN "canceled_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "marked_at" timestamp with time zone;