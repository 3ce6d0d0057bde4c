CREATE TABLE "chat_photo_scores" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"explicit_score" double precision,
	"nsfw_scores" jsonb,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "show_explicit_photos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "explicit_score" double precision;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "nsfw_scores" jsonb;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "explicit_photo_threshold" double precision DEFAULT 0.8 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_photo_scores" ADD CONSTRAINT "chat_photo_scores_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "chat_photo_scores" ("message_id", "explicit_score") SELECT "id", NULL FROM "messages" WHERE "kind" = 'photo';
