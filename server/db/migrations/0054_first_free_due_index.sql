DROP INDEX "doctor_first_free_valid";--> statement-breakpoint
CREATE INDEX "doctor_first_free_due" ON "doctor_first_free" USING btree ("visit_type","valid_until","doctor_id");