CREATE TABLE "delivery_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"token" text NOT NULL,
	"outbox_message_id" uuid,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_how" text,
	CONSTRAINT "delivery_checks_token_unique" UNIQUE("token"),
	CONSTRAINT "delivery_checks_channel" CHECK ("delivery_checks"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_error" text;--> statement-breakpoint
ALTER TABLE "training_programs" ADD COLUMN "spot_notices_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "training_programs" ADD COLUMN "spot_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_checks" ADD CONSTRAINT "delivery_checks_contact_id_training_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."training_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_checks_address_idx" ON "delivery_checks" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "delivery_checks_outbox_idx" ON "delivery_checks" USING btree ("outbox_message_id");--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox_messages" USING btree ("provider_message_id");