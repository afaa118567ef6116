ALTER TABLE "club_coupon_requests" DROP CONSTRAINT "club_coupon_requests_appointment_id_appointments_id_fk";
--> statement-breakpoint
ALTER TABLE "club_coupon_requests" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "prepaid_amount" integer;--> statement-breakpoint
ALTER TABLE "club_coupon_requests" ADD COLUMN "in_club" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "club_coupon_requests" ADD COLUMN "patient" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "club_coupon_requests" ADD CONSTRAINT "club_coupon_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;