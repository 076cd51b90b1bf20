ALTER TABLE "practice_events" DROP CONSTRAINT "practice_events_kind";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sender_address" text;--> statement-breakpoint
ALTER TABLE "practice_messages" ADD COLUMN "delivered" jsonb;--> statement-breakpoint
ALTER TABLE "practice_events" ADD CONSTRAINT "practice_events_kind" CHECK ("practice_events"."kind" IN ('sent', 'delivered', 'failed', 'link_fetched', 'clicked', 'spotted', 'reported', 'opted_out'));