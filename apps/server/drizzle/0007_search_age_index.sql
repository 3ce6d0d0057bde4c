DROP INDEX "profiles_active_gender_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_active_geo_idx";--> statement-breakpoint
CREATE INDEX "profiles_active_activity_idx" ON "profiles" USING btree ("site_id","last_active_at" DESC NULLS LAST,"id","date_of_birth","country","region") WHERE "profiles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "profiles_active_place_idx" ON "profiles" USING btree ("site_id","country","region","gender","date_of_birth") WHERE "profiles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "profiles_active_gender_activity_idx" ON "profiles" USING btree ("site_id","gender","last_active_at" DESC NULLS LAST,"id","date_of_birth","country","region") WHERE "profiles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "profiles_active_geo_idx" ON "profiles" USING btree ("site_id","latitude","longitude","last_active_at","gender","date_of_birth","country") WHERE "profiles"."status" = 'active';