CREATE TABLE "award_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"announce_from" timestamp with time zone NOT NULL,
	"results_from" timestamp with time zone NOT NULL,
	"grand_prix_registration_from" timestamp with time zone NOT NULL,
	"grand_prix_broadcast_from" timestamp with time zone NOT NULL,
	"grand_prix_results_from" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
