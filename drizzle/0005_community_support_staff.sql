CREATE TABLE "comment_likes" (
	"comment_id" uuid NOT NULL,
	"voter_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_voter_key_pk" PRIMARY KEY("comment_id","voter_key")
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "provider_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "provider_error" text;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_community_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."community_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_likes_voter_idx" ON "comment_likes" USING btree ("voter_key");--> statement-breakpoint
CREATE INDEX "newsletter_provider_unsynced_idx" ON "newsletter_subscribers" USING btree ("created_at") WHERE "newsletter_subscribers"."provider_synced_at" IS NULL AND "newsletter_subscribers"."provider_error" IS NULL;--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_status" CHECK ("community_comments"."status" IN ('visible', 'held', 'hidden'));--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comment_length" CHECK (char_length("community_comments"."comment") <= 2000);--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_name_length" CHECK (char_length("community_comments"."name") <= 80);