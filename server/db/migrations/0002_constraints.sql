-- No double booking (DESIGN.md §5): the database is the guarantee, code checks only make the message friendly.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_no_overlap"
  EXCLUDE USING gist ("doctor_id" WITH =, "during" WITH &&) WHERE ("status" = 'active' AND "doctor_id" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_no_overlap"
  EXCLUDE USING gist ("clinic_service_id" WITH =, "during" WITH &&) WHERE ("status" = 'active' AND "doctor_id" IS NULL);
--> statement-breakpoint
-- Name search: the 'simple' config plus trigrams (the Russian stemmer mangles surnames).
CREATE INDEX "doctors_name_trgm" ON "doctors" USING gin (("last_name" || ' ' || "first_name" || ' ' || coalesce("patronymic", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "clinics_name_trgm" ON "clinics" USING gin ("name" gin_trgm_ops);
