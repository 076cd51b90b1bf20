ALTER TABLE "training_contacts" DROP CONSTRAINT "training_contacts_consent_token_unique";--> statement-breakpoint
ALTER TABLE "training_contacts" DROP COLUMN "consent_token";--> statement-breakpoint
ALTER TABLE "training_contacts" DROP COLUMN "notice_sent_at";--> statement-breakpoint
ALTER TABLE "training_contacts" DROP COLUMN "consent_given_at";--> statement-breakpoint
ALTER TABLE "training_contacts" DROP COLUMN "consent_method";--> statement-breakpoint
ALTER TABLE "training_contacts" DROP COLUMN "consent_by";--> statement-breakpoint
ALTER TABLE "training_contacts" DROP COLUMN "opted_out_at";--> statement-breakpoint
ALTER TABLE "training_contacts" DROP COLUMN "opt_out_source";