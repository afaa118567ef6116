CREATE INDEX "clinics_name_words" ON "clinics" USING gin (to_tsvector('simple', replace(lower("name"), 'ё', 'е')));--> statement-breakpoint
CREATE INDEX "doctors_town_surname" ON "doctors" USING btree ("town_id",replace(lower("last_name"), 'ё', 'е') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "service_classes_search" ON "service_classes" USING gin (to_tsvector('russian', replace(lower("name"), 'ё', 'е')));--> statement-breakpoint
CREATE INDEX "service_synonyms_search" ON "service_synonyms" USING gin (to_tsvector('russian', replace(lower("name"), 'ё', 'е')));--> statement-breakpoint
CREATE INDEX "specialities_search" ON "specialities" USING gin (to_tsvector('russian', replace(lower("name" || ' ' || "name_plural"), 'ё', 'е')));--> statement-breakpoint
CREATE INDEX "treatments_search" ON "treatments" USING gin (to_tsvector('russian', replace(lower("name"), 'ё', 'е')));