ALTER TABLE "messages" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "signal" text;