CREATE INDEX "clinic_services_synonym_clinic" ON "clinic_services" USING btree ("synonym_id","clinic_id","price_full","price_club");--> statement-breakpoint
CREATE INDEX "clinics_town_geo" ON "clinics" USING btree ("town_id","lat","lon","id");--> statement-breakpoint
CREATE INDEX "doctor_specs_speciality" ON "doctor_specialities" USING btree ("speciality_id","doctor_id");