ALTER TABLE "service_synonyms" ADD COLUMN "visit_type" text;--> statement-breakpoint
-- Hand-written (ADR 039): which canonical services are a doctor's visit, by the rule of
-- core/cabinet/visit-prices.ts (serviceVisitType): a first consultation of a speciality is the visit
-- at the clinic, a home call the home visit; a repeat visit is a service of its own.
UPDATE "service_synonyms" AS "ss" SET "visit_type" = CASE WHEN "ss"."translit" LIKE '%na-dom%' THEN 'home' ELSE 'clinic' END FROM "service_classes" AS "sc" WHERE "sc"."id" = "ss"."class_id" AND "sc"."translit" = 'priem-vracha' AND "ss"."speciality_id" IS NOT NULL AND "ss"."translit" NOT LIKE '%povtorn%';--> statement-breakpoint
-- A doctor's own price-list line of one of their visits shows the workplace's price and club price:
-- one price per visit (the demo showed 4 200 ₽ to book and 3 400 ₽ in the list for one visit).
UPDATE "clinic_services" AS "cs" SET "price_full" = "wp"."price", "price_club" = "wp"."club_price" FROM "service_synonyms" AS "ss", "workplaces" AS "w", "workplace_prices" AS "wp" WHERE "ss"."id" = "cs"."synonym_id" AND "ss"."visit_type" IS NOT NULL AND "w"."doctor_id" = "cs"."doctor_id" AND "w"."clinic_id" = "cs"."clinic_id" AND "wp"."workplace_id" = "w"."id" AND "wp"."visit_type" = "ss"."visit_type" AND ("cs"."price_full", "cs"."price_club") IS DISTINCT FROM ("wp"."price", "wp"."club_price");
