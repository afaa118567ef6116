ALTER TABLE "clinics" ADD COLUMN "notify_new_review" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "notify_callback_request" boolean DEFAULT true NOT NULL;