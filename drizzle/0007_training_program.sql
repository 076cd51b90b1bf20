CREATE TABLE "practice_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"seconds_since_delivery" integer,
	"flagged" boolean DEFAULT false NOT NULL,
	"detail" text,
	CONSTRAINT "practice_events_kind" CHECK ("practice_events"."kind" IN ('sent', 'delivered', 'failed', 'link_fetched', 'clicked', 'spotted', 'opted_out'))
);
--> statement-breakpoint
CREATE TABLE "practice_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"scenario_id" text NOT NULL,
	"channel" text NOT NULL,
	"level" integer NOT NULL,
	"token" text NOT NULL,
	"week_key" text,
	"status" text DEFAULT 'planned' NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"outbox_message_id" uuid,
	"queued_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_messages_token_unique" UNIQUE("token"),
	CONSTRAINT "practice_messages_status" CHECK ("practice_messages"."status" IN ('planned', 'queued', 'cancelled')),
	CONSTRAINT "practice_messages_channel" CHECK ("practice_messages"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "training_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"name" text NOT NULL,
	"age_band" text NOT NULL,
	"email" text,
	"phone" text,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"time_zone" text NOT NULL,
	"consent_token" text NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"consent_given_at" timestamp with time zone,
	"consent_method" text,
	"consent_by" text,
	"paused_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"opt_out_source" text,
	"level" integer DEFAULT 1 NOT NULL,
	"checkout_position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_contacts_consent_token_unique" UNIQUE("consent_token"),
	CONSTRAINT "training_contacts_age_band" CHECK ("training_contacts"."age_band" IN ('child', 'teen', 'adult', 'older-adult')),
	CONSTRAINT "training_contacts_level" CHECK ("training_contacts"."level" BETWEEN 1 AND 3),
	CONSTRAINT "training_contacts_reachable" CHECK ("training_contacts"."email" IS NOT NULL OR "training_contacts"."phone" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "training_programs" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"contacts_imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_events" ADD CONSTRAINT "practice_events_message_id_practice_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."practice_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_messages" ADD CONSTRAINT "practice_messages_contact_id_training_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."training_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD CONSTRAINT "training_contacts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_programs" ADD CONSTRAINT "training_programs_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_events_message_idx" ON "practice_events" USING btree ("message_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_messages_no_repeat_idx" ON "practice_messages" USING btree ("contact_id","scenario_id") WHERE "practice_messages"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "practice_messages_one_a_week_idx" ON "practice_messages" USING btree ("contact_id","week_key") WHERE "practice_messages"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "practice_messages_due_idx" ON "practice_messages" USING btree ("status","scheduled_for");--> statement-breakpoint
CREATE INDEX "training_contacts_subscription_idx" ON "training_contacts" USING btree ("subscription_id");