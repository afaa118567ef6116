CREATE TABLE "review_invitations" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"skipped" text,
	"used_at" timestamp with time zone,
	"review_id" integer
);
--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_token" ON "review_invitations" USING btree ("token_hash") WHERE "review_invitations"."token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_attended" ON "appointments" USING btree (lower("during")) WHERE "appointments"."status" = 'done' AND "appointments"."remind_from" IS NOT NULL;