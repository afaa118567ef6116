CREATE TABLE "mis_idempotency" (
	"key_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"status" smallint,
	"reply" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mis_idempotency_key_id_idempotency_key_pk" PRIMARY KEY("key_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "mis_api_keys" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "mis_api_keys" ADD COLUMN "scopes" text[];--> statement-breakpoint
ALTER TABLE "mis_idempotency" ADD CONSTRAINT "mis_idempotency_key_id_mis_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."mis_api_keys"("id") ON DELETE no action ON UPDATE no action;