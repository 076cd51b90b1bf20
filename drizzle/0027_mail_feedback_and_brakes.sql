CREATE TABLE "practice_brakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"scenario_id" text,
	"reason" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	CONSTRAINT "practice_brakes_scope" CHECK ("practice_brakes"."scope" IN ('scenario', 'practice-email')),
	CONSTRAINT "practice_brakes_scenario" CHECK (("practice_brakes"."scope" = 'scenario') = ("practice_brakes"."scenario_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "complained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD COLUMN "email_practice_paused_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_brakes_holding_idx" ON "practice_brakes" USING btree ("scope",coalesce("scenario_id", '')) WHERE "practice_brakes"."lifted_at" IS NULL;