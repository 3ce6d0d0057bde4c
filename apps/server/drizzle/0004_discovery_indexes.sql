CREATE INDEX "likes_liker_idx" ON "likes" USING btree ("liker_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "matches_b_idx" ON "matches" USING btree ("profile_b");--> statement-breakpoint
CREATE INDEX "users_invisible_idx" ON "users" USING btree ("id") WHERE "users"."invisible";