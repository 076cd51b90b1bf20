ALTER TABLE "members" ADD COLUMN "age_band" text;--> statement-breakpoint
ALTER TABLE "training_contacts" ADD COLUMN "age_band_set" boolean DEFAULT true NOT NULL;