CREATE TABLE "trainer_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainer_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"scenario_id" text NOT NULL,
	"age_band" text NOT NULL,
	"level" integer NOT NULL,
	"found" integer NOT NULL,
	"missed" integer NOT NULL,
	"false_alarms" integer NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_attempts_age_band" CHECK ("trainer_attempts"."age_band" IN ('child', 'teen', 'adult', 'older-adult')),
	CONSTRAINT "trainer_attempts_level" CHECK ("trainer_attempts"."level" BETWEEN 1 AND 3),
	CONSTRAINT "trainer_attempts_score" CHECK ("trainer_attempts"."score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "trainer_attempts" ADD CONSTRAINT "trainer_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trainer_attempts_user_created_idx" ON "trainer_attempts" USING btree ("user_id","created_at");