CREATE TABLE "course_progress" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"page" integer NOT NULL,
	"first_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_user_id_course_id_page_pk" PRIMARY KEY("user_id","course_id","page"),
	CONSTRAINT "course_progress_page_range" CHECK ("course_progress"."page" BETWEEN 1 AND 43)
);
--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;