ALTER TABLE "page_stats" DROP CONSTRAINT "page_stats_counts";--> statement-breakpoint
ALTER TABLE "page_stats" ADD COLUMN "timed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_stats" ADD COLUMN "time_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_stats" ADD CONSTRAINT "page_stats_counts" CHECK ("page_stats"."views" >= 0 AND "page_stats"."booking_clicks" >= 0 AND "page_stats"."phone_clicks" >= 0 AND "page_stats"."timed" >= 0 AND "page_stats"."time_ms" >= 0);