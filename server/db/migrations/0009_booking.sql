ALTER TABLE "appointments" ADD COLUMN "patient_birth_date" date;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_token" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "cancel_cutoff_minutes" smallint DEFAULT 120 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_request_key" ON "appointments" USING btree ("request_key") WHERE "appointments"."request_key" IS NOT NULL;