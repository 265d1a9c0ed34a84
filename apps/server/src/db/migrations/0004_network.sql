CREATE TABLE "shared_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_request_id" uuid NOT NULL,
	"member_a_id" text NOT NULL,
	"member_b_id" text NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_projects_contact_request_id_unique" UNIQUE("contact_request_id"),
	CONSTRAINT "shared_projects_status_check" CHECK ("shared_projects"."status" in ('to_start', 'in_progress', 'done')),
	CONSTRAINT "shared_projects_title_not_blank" CHECK (length(btrim("shared_projects"."title")) > 0)
);
--> statement-breakpoint
ALTER TABLE "member_contacts" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "shared_projects" ADD CONSTRAINT "shared_projects_contact_request_id_member_contacts_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "public"."member_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_projects" ADD CONSTRAINT "shared_projects_member_a_id_user_id_fk" FOREIGN KEY ("member_a_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_projects" ADD CONSTRAINT "shared_projects_member_b_id_user_id_fk" FOREIGN KEY ("member_b_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_projects_member_a_idx" ON "shared_projects" USING btree ("member_a_id");--> statement-breakpoint
CREATE INDEX "shared_projects_member_b_idx" ON "shared_projects" USING btree ("member_b_id");