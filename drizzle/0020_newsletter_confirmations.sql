CREATE TABLE "newsletter_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"source" text DEFAULT 'home' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_confirmations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "newsletter_confirmation_email_length" CHECK (char_length("newsletter_confirmations"."email") <= 254),
	CONSTRAINT "newsletter_confirmation_name_length" CHECK ("newsletter_confirmations"."name" IS NULL OR char_length("newsletter_confirmations"."name") <= 100)
);
--> statement-breakpoint
CREATE INDEX "newsletter_confirmations_email_idx" ON "newsletter_confirmations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_confirmations_expires_idx" ON "newsletter_confirmations" USING btree ("expires_at");