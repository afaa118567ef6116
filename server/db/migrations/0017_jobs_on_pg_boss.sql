CREATE TABLE "sent_messages" (
	"key" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "jobs" CASCADE;