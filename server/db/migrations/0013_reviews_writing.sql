ALTER TABLE "clinics" ADD COLUMN "rating_weighted" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "rating_weights" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "rating_weighted" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "rating_weights" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_documents" ADD COLUMN "size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_history" ADD COLUMN "reply_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "visit_month" date;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_history" ADD CONSTRAINT "review_history_reply_id_review_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."review_replies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_documents_review" ON "review_documents" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_replies_one_per_side" ON "review_replies" USING btree ("review_id","author_kind") WHERE "review_replies"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "review_replies_pending" ON "review_replies" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_visit_doctor" ON "reviews" USING btree ("user_id","doctor_id","visit_month") WHERE "reviews"."visit_month" IS NOT NULL AND "reviews"."doctor_id" IS NOT NULL AND "reviews"."status" <> 'deleted';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_visit_clinic" ON "reviews" USING btree ("user_id","clinic_id","visit_month") WHERE "reviews"."visit_month" IS NOT NULL AND "reviews"."doctor_id" IS NULL AND "reviews"."clinic_id" IS NOT NULL AND "reviews"."status" <> 'deleted';