DROP TABLE "club_card_requests" CASCADE;--> statement-breakpoint
DROP TABLE "club_cards" CASCADE;--> statement-breakpoint
DROP TABLE "coupons" CASCADE;