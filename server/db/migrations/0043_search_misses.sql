CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "search_misses_day_query_pk" PRIMARY KEY("day","query"),
	CONSTRAINT "search_misses_sane" CHECK ("search_misses"."count" > 0 AND length("search_misses"."query") BETWEEN 2 AND 400)
);
