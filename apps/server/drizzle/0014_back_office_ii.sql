CREATE TABLE "conversation_locks" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fictional_personas" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"persona_note" text DEFAULT '' NOT NULL,
	"niches" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "waited_seconds" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "colors" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_locks" ADD CONSTRAINT "conversation_locks_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_locks" ADD CONSTRAINT "conversation_locks_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fictional_personas" ADD CONSTRAINT "fictional_personas_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fictional_personas" ADD CONSTRAINT "fictional_personas_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_awaiting_idx" ON "conversations" USING btree ("site_id","awaiting_reply_since") WHERE "conversations"."awaiting_reply_since" is not null;--> statement-breakpoint
CREATE INDEX "messages_staff_idx" ON "messages" USING btree ("staff_id","created_at") WHERE "messages"."staff_id" is not null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_fictional_no_user" CHECK (not "profiles"."is_fictional" or "profiles"."user_id" is null);--> statement-breakpoint
CREATE FUNCTION messages_fictional_needs_operator() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.staff_id IS NULL AND EXISTS (SELECT 1 FROM profiles WHERE id = NEW.sender_profile_id AND is_fictional) THEN
    RAISE EXCEPTION 'a fictional profile''s message needs the operator who wrote it' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER messages_fictional_needs_operator BEFORE INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION messages_fictional_needs_operator();
