DROP INDEX "outbox_provider_message_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_provider_message_key" ON "outbox_messages" USING btree ("provider_message_id");