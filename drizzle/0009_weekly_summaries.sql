CREATE TABLE "weekly_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"contact_id" uuid,
	"week_key" text NOT NULL,
	"outbox_message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_contacts" ADD COLUMN "summary_token" text;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD COLUMN "summaries_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_programs" ADD COLUMN "summary_token" text;--> statement-breakpoint
ALTER TABLE "training_programs" ADD COLUMN "summaries_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weekly_summaries" ADD CONSTRAINT "weekly_summaries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_summaries" ADD CONSTRAINT "weekly_summaries_contact_id_training_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."training_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_summaries_contact_week_idx" ON "weekly_summaries" USING btree ("contact_id","week_key") WHERE "weekly_summaries"."contact_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_summaries_holder_week_idx" ON "weekly_summaries" USING btree ("subscription_id","week_key") WHERE "weekly_summaries"."contact_id" IS NULL;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD CONSTRAINT "training_contacts_summary_token_unique" UNIQUE("summary_token");--> statement-breakpoint
ALTER TABLE "training_programs" ADD CONSTRAINT "training_programs_summary_token_unique" UNIQUE("summary_token");