DROP TABLE "rate_limits" CASCADE;--> statement-breakpoint
DROP TABLE "request_limits" CASCADE;