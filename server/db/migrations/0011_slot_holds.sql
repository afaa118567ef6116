ALTER TABLE "appointments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
-- A hold keeps its slot like an appointment does (DESIGN.md §5): the exclusion constraints cover
-- both. An expired hold is deleted by the next hold or booking that needs its time, in the same
-- transaction, so it never blocks anyone for long.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_doctor_no_overlap";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_no_overlap"
  EXCLUDE USING gist ("doctor_id" WITH =, "during" WITH &&) WHERE ("status" IN ('active', 'held') AND "doctor_id" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_service_no_overlap";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_no_overlap"
  EXCLUDE USING gist ("clinic_service_id" WITH =, "during" WITH &&) WHERE ("status" IN ('active', 'held') AND "doctor_id" IS NULL);
--> statement-breakpoint
CREATE INDEX "appointments_held" ON "appointments" ("hold_expires_at") WHERE "status" = 'held';
