CREATE TABLE "site_pages" (
	"site_id" integer NOT NULL,
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "site_pages_site_id_slug_language_pk" PRIMARY KEY("site_id","slug","language")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "lander_video_url" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "lander_video_poster" text;--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;