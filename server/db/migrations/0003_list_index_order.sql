DROP INDEX "appointments_user";--> statement-breakpoint
DROP INDEX "appointments_clinic";--> statement-breakpoint
DROP INDEX "club_card_requests_user";--> statement-breakpoint
DROP INDEX "club_cards_user";--> statement-breakpoint
DROP INDEX "coupons_user";--> statement-breakpoint
DROP INDEX "clinics_town_rating";--> statement-breakpoint
DROP INDEX "doctor_specs_list";--> statement-breakpoint
DROP INDEX "doctors_town_rating";--> statement-breakpoint
DROP INDEX "doctors_town_reviews";--> statement-breakpoint
DROP INDEX "favourites_user_created";--> statement-breakpoint
DROP INDEX "reviews_doctor";--> statement-breakpoint
DROP INDEX "reviews_clinic";--> statement-breakpoint
CREATE INDEX "clinic_services_doctor" ON "clinic_services" USING btree ("doctor_id","sort");--> statement-breakpoint
CREATE INDEX "appointments_user" ON "appointments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appointments_clinic" ON "appointments" USING btree ("clinic_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "club_card_requests_user" ON "club_card_requests" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "club_cards_user" ON "club_cards" USING btree ("user_id","dt_end" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "coupons_user" ON "coupons" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clinics_town_rating" ON "clinics" USING btree ("town_id","rating" DESC NULLS FIRST,"reviews_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "doctor_specs_list" ON "doctor_specialities" USING btree ("town_id","speciality_id","rating" DESC NULLS FIRST,"reviews_count" DESC NULLS FIRST,"doctor_id");--> statement-breakpoint
CREATE INDEX "doctors_town_rating" ON "doctors" USING btree ("town_id","rating" DESC NULLS FIRST,"reviews_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "doctors_town_reviews" ON "doctors" USING btree ("town_id","reviews_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "favourites_user_created" ON "favourites" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_doctor" ON "reviews" USING btree ("doctor_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_clinic" ON "reviews" USING btree ("clinic_id","status","created_at" DESC NULLS FIRST);