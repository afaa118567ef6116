DROP INDEX "doctors_town_rating";--> statement-breakpoint
DROP INDEX "doctors_town_reviews";--> statement-breakpoint
DROP INDEX "doctors_town_experience";--> statement-breakpoint
DROP INDEX "doctors_town_price";--> statement-breakpoint
CREATE INDEX "doctors_online_rating" ON "doctors" USING btree ("rating" DESC NULLS FIRST,"reviews_count" DESC NULLS FIRST,"id","children") WHERE "doctors"."online";--> statement-breakpoint
CREATE INDEX "doctors_town_rating" ON "doctors" USING btree ("town_id","rating" DESC NULLS FIRST,"reviews_count" DESC NULLS FIRST,"id","home_visit","online","children");--> statement-breakpoint
CREATE INDEX "doctors_town_reviews" ON "doctors" USING btree ("town_id","reviews_count" DESC NULLS FIRST,"id","home_visit","online","children");--> statement-breakpoint
CREATE INDEX "doctors_town_experience" ON "doctors" USING btree ("town_id","career_start_year","id","home_visit","online","children");--> statement-breakpoint
CREATE INDEX "doctors_town_price" ON "doctors" USING btree ("town_id","min_price","id","home_visit","online","children");