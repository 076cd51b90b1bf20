ALTER TABLE "members" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD CONSTRAINT "training_contacts_language" CHECK ("training_contacts"."language" IN ('en', 'es'));