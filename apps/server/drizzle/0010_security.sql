ALTER TABLE "login_attempts" ADD COLUMN "login_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_claim" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "public_url" text;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "requested_ip" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_discount_claim_key" ON "payments" USING btree ("discount_claim") WHERE "payments"."status" in ('open', 'pending', 'paid');