ALTER TABLE "users" ADD COLUMN "risk_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_scored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "signals" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "risk_hold_threshold" double precision DEFAULT 10 NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_held_idx" ON "messages" USING btree ("sender_profile_id","id") WHERE "messages"."held_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_signals_idx" ON "messages" USING btree ("sender_profile_id","id") WHERE "messages"."signals" is not null;