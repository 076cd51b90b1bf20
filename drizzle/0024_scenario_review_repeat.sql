DROP INDEX "practice_messages_no_repeat_idx";--> statement-breakpoint
ALTER TABLE "practice_messages" ADD COLUMN "repeat" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_messages_no_repeat_idx" ON "practice_messages" USING btree ("contact_id","scenario_id","repeat") WHERE "practice_messages"."status" <> 'cancelled';