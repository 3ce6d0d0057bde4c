CREATE TABLE "face_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"status" text DEFAULT 'awaiting_selfie' NOT NULL,
	"pose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"selfie_filename" text,
	"submitted_at" timestamp with time zone,
	"face_found" boolean,
	"score" double precision,
	"best_photo_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "photo_faces" (
	"photo_id" integer PRIMARY KEY NOT NULL,
	"embedding" jsonb,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified_photo_id" integer;--> statement-breakpoint
ALTER TABLE "face_verifications" ADD CONSTRAINT "face_verifications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_verifications" ADD CONSTRAINT "face_verifications_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_verifications_profile_idx" ON "face_verifications" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "face_verifications_review_idx" ON "face_verifications" USING btree ("submitted_at") WHERE "face_verifications"."status" = 'awaiting_review';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_fictional_unverified" CHECK (not "profiles"."is_fictional" or "profiles"."verified_at" is null);