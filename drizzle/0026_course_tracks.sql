CREATE TABLE "course_readers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"track" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_readers_track" CHECK ("course_readers"."track" IN ('kids', 'teens', 'adults', 'older-adults'))
);
--> statement-breakpoint
ALTER TABLE "course_progress" DROP CONSTRAINT "course_progress_page_range";--> statement-breakpoint
ALTER TABLE "course_readers" ADD CONSTRAINT "course_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_page_range" CHECK ("course_progress"."page" BETWEEN 1 AND 46);