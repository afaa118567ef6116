ALTER TABLE "appointments" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
-- Until now only patients confirmed their visits on the site; the desk's confirmations of today
-- are the clinic's, and they were audited as such.
UPDATE "appointments" SET "confirmed_by" = CASE
  WHEN EXISTS (SELECT 1 FROM "cabinet_audit" c WHERE c."target_type" = 'appointments' AND c."target_id" = "appointments"."id" AND c."action" = 'visit.confirmed') THEN 'clinic'
  ELSE 'patient' END
WHERE "confirmed_at" IS NOT NULL;
