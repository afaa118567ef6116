CREATE TABLE "review_tag_counts" (
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"liked" integer DEFAULT 0 NOT NULL,
	"disliked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_tag_counts_subject_kind_subject_id_tag_id_pk" PRIMARY KEY("subject_kind","subject_id","tag_id")
);
--> statement-breakpoint
DROP INDEX "reviews_doctor";--> statement-breakpoint
DROP INDEX "reviews_clinic";--> statement-breakpoint
ALTER TABLE "review_tag_counts" ADD CONSTRAINT "review_tag_counts_tag_id_review_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."review_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_doctor_shown" ON "reviews" USING btree ("doctor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."status" IN ('published', 'resolved', 'unconfirmed');--> statement-breakpoint
CREATE INDEX "reviews_clinic_shown" ON "reviews" USING btree ("clinic_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."status" IN ('published', 'resolved', 'unconfirmed');--> statement-breakpoint
CREATE INDEX "reviews_doctor" ON "reviews" USING btree ("doctor_id","status","sentiment","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_clinic" ON "reviews" USING btree ("clinic_id","status","sentiment","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- The tags blocks of the reviews already there (later kept by moderation, one review at a time).
INSERT INTO "review_tag_counts" ("subject_kind", "subject_id", "tag_id", "liked", "disliked")
SELECT CASE WHEN r.doctor_id IS NOT NULL THEN 'doctor' ELSE 'lpu' END, coalesce(r.doctor_id, r.clinic_id), l.tag_id,
       count(*) FILTER (WHERE l.liked), count(*) FILTER (WHERE NOT l.liked)
FROM "reviews" r JOIN "review_tag_links" l ON l.review_id = r.id
WHERE r.status IN ('published', 'resolved', 'unconfirmed') AND coalesce(r.doctor_id, r.clinic_id) IS NOT NULL
GROUP BY 1, 2, 3;
