ALTER TABLE "clinics" ADD COLUMN "fake_warning" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "fake_warning" text;