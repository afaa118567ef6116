ALTER TABLE "clinics" ADD COLUMN "notify_phone" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "notify_email" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "notify_new_booking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "notify_patient_cancel" boolean DEFAULT true NOT NULL;