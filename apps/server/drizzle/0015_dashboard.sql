CREATE TABLE "dashboard_message_days" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"member_to_member" integer DEFAULT 0 NOT NULL,
	"member_to_fictional" integer DEFAULT 0 NOT NULL,
	"operator_answers" integer DEFAULT 0 NOT NULL,
	"timed_answers" integer DEFAULT 0 NOT NULL,
	"median_seconds" double precision,
	"p95_seconds" double precision,
	CONSTRAINT "dashboard_message_days_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL,
	"timed_answers" integer DEFAULT 0 NOT NULL,
	"median_seconds" double precision,
	"p95_seconds" double precision
);
--> statement-breakpoint
CREATE TABLE "dashboard_wait_days" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"waited_seconds" integer NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "dashboard_wait_days_site_id_day_waited_seconds_pk" PRIMARY KEY("site_id","day","waited_seconds")
);
--> statement-breakpoint
CREATE TABLE "dashboard_wait_minutes" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"waited_minutes" integer NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "dashboard_wait_minutes_site_id_day_waited_minutes_pk" PRIMARY KEY("site_id","day","waited_minutes")
);
--> statement-breakpoint
ALTER TABLE "dashboard_message_days" ADD CONSTRAINT "dashboard_message_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_wait_days" ADD CONSTRAINT "dashboard_wait_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_wait_minutes" ADD CONSTRAINT "dashboard_wait_minutes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_wait_days_wait_idx" ON "dashboard_wait_days" USING btree ("site_id","waited_seconds","day","answers");--> statement-breakpoint
CREATE INDEX "users_site_signup_idx" ON "users" USING btree ("site_id","signup_date");--> statement-breakpoint
CREATE INDEX "users_site_confirmed_idx" ON "users" USING btree ("site_id","confirmed_at") WHERE "users"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_created_brin" ON "messages" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "messages_answer_wait_idx" ON "messages" USING btree ("created_at","conversation_id","waited_seconds") WHERE "messages"."waited_seconds" is not null;--> statement-breakpoint
CREATE INDEX "payments_site_paid_idx" ON "payments" USING btree ("site_id","paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payments_user_paid_idx" ON "payments" USING btree ("user_id","paid_at","id") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payments_package_idx" ON "payments" USING btree ("package_id");