-- Extensions first: trigram search of names and GiST exclusion constraints on time ranges.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
