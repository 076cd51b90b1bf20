ALTER TABLE "practice_suppressions" ADD COLUMN "lift_token" text;--> statement-breakpoint
ALTER TABLE "practice_suppressions" ADD COLUMN "lift_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practice_suppressions" ADD CONSTRAINT "practice_suppressions_lift_token_unique" UNIQUE("lift_token");