CREATE TABLE "mail_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "notification_batches" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last_sent_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	CONSTRAINT "notification_batches_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mail_message" boolean DEFAULT true NOT NULL,
	"mail_like" boolean DEFAULT true NOT NULL,
	"mail_match" boolean DEFAULT true NOT NULL,
	"mail_digest" boolean DEFAULT true NOT NULL,
	"push_message" boolean DEFAULT true NOT NULL,
	"push_like" boolean DEFAULT true NOT NULL,
	"push_match" boolean DEFAULT true NOT NULL,
	"mail_language" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notification_batches" ADD CONSTRAINT "notification_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_feedback_email_idx" ON "mail_feedback" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");