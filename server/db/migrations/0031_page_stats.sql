CREATE TABLE "page_stats" (
	"kind" text NOT NULL,
	"page_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"booking_clicks" integer DEFAULT 0 NOT NULL,
	"phone_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_stats_kind_page_id_day_pk" PRIMARY KEY("kind","page_id","day"),
	CONSTRAINT "page_stats_counts" CHECK ("page_stats"."views" >= 0 AND "page_stats"."booking_clicks" >= 0 AND "page_stats"."phone_clicks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "own_phone" text;