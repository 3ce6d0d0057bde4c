ALTER TABLE "face_verifications" ADD COLUMN "head_angles" jsonb;--> statement-breakpoint
ALTER TABLE "face_verifications" ADD COLUMN "pose_matched" boolean;