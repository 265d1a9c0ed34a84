CREATE TABLE "calendar_links" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_links_version_positive" CHECK ("calendar_links"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "calendar_links" ADD CONSTRAINT "calendar_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;