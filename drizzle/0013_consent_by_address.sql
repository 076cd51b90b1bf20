CREATE TABLE "practice_address_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"address" text NOT NULL,
	"channel" text NOT NULL,
	"token" text NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_how" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_address_consents_token_unique" UNIQUE("token"),
	CONSTRAINT "practice_address_consents_channel" CHECK ("practice_address_consents"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "practice_suppressions" (
	"address" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_messages" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD COLUMN "guardian_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD COLUMN "guardian_user_id" text;--> statement-breakpoint
ALTER TABLE "practice_address_consents" ADD CONSTRAINT "practice_address_consents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_address_consents_family_address_idx" ON "practice_address_consents" USING btree ("subscription_id","address");--> statement-breakpoint
CREATE INDEX "practice_address_consents_address_idx" ON "practice_address_consents" USING btree ("address");--> statement-breakpoint
-- Data: the address each sent practice message went to.
UPDATE "practice_messages" AS pm SET "address" = o."recipient" FROM "outbox_messages" AS o WHERE o."id" = pm."outbox_message_id";--> statement-breakpoint
-- A guardian's confirmation carries over; it still needs the child's own "Yes, I'm in".
UPDATE "training_contacts" SET "guardian_confirmed_at" = "consent_given_at", "guardian_user_id" = "consent_by" WHERE "consent_method" = 'guardian';--> statement-breakpoint
-- Every refusal carries over as a suppression of the person's addresses (the safe direction).
-- Adults' consents do not: they were recorded per person and cannot show which address agreed.
INSERT INTO "practice_suppressions" ("address", "channel", "reason") SELECT lower("email"), 'email', coalesce("opt_out_source", 'stop-link') FROM "training_contacts" WHERE "opted_out_at" IS NOT NULL AND "email" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "practice_suppressions" ("address", "channel", "reason") SELECT "phone", 'sms', coalesce("opt_out_source", 'stop-link') FROM "training_contacts" WHERE "opted_out_at" IS NOT NULL AND "phone" IS NOT NULL ON CONFLICT DO NOTHING;
