CREATE TABLE "queued_reminders" (
	"appointment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	CONSTRAINT "queued_reminders_starts_at_appointment_id_kind_pk" PRIMARY KEY("starts_at","appointment_id","kind")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "remind_from" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "appointments_reminders" ON "appointments" USING btree (lower("during")) WHERE "appointments"."status" = 'active' AND "appointments"."remind_from" IS NOT NULL;