CREATE TABLE "notification_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"frequency" text NOT NULL,
	"period" text NOT NULL,
	"notification_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_frequency" CHECK ("notification_digests"."frequency" in ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"frequency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_frequency" CHECK ("notification_settings"."frequency" in ('immediate', 'daily', 'weekly', 'never'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"email" text NOT NULL,
	"emailed_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_email" CHECK ("notifications"."email" in ('immediate', 'daily', 'weekly', 'never'))
);
--> statement-breakpoint
CREATE TABLE "one_to_ones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text,
	"partner_id" text,
	"met_on" date NOT NULL,
	"place" text,
	"requester_notes" text,
	"partner_notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_to_ones_status" CHECK ("one_to_ones"."status" in ('pending', 'confirmed', 'declined')),
	CONSTRAINT "one_to_ones_not_self" CHECK ("one_to_ones"."requester_id" <> "one_to_ones"."partner_id")
);
--> statement-breakpoint
CREATE TABLE "recommendation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recommendation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"amount_cents" bigint,
	"note" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giver_id" text,
	"receiver_id" text,
	"giver_group_id" uuid,
	"receiver_group_id" uuid,
	"kind" text NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"contact_company" text,
	"need" text,
	"consent_at" timestamp with time zone,
	"contact_purged_at" timestamp with time zone,
	"heat" integer NOT NULL,
	"message" text,
	"status" text DEFAULT 'received' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lost_reason" text,
	"reminded_at" timestamp with time zone,
	"amount_cents" bigint,
	"business_status" text,
	"business_declared_at" timestamp with time zone,
	"business_answered_at" timestamp with time zone,
	"dispute_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendations_kind" CHECK ("recommendations"."kind" in ('for_you', 'external')),
	CONSTRAINT "recommendations_status" CHECK ("recommendations"."status" in ('received', 'contacted', 'meeting', 'quote_sent', 'won', 'lost', 'no_follow_up')),
	CONSTRAINT "recommendations_heat" CHECK ("recommendations"."heat" between 1 and 5),
	CONSTRAINT "recommendations_not_self" CHECK ("recommendations"."giver_id" is null or "recommendations"."receiver_id" is null or "recommendations"."giver_id" <> "recommendations"."receiver_id"),
	CONSTRAINT "recommendations_contact_consent" CHECK (("recommendations"."contact_name" is null and "recommendations"."contact_phone" is null and "recommendations"."contact_email" is null and "recommendations"."contact_company" is null) or ("recommendations"."kind" = 'external' and "recommendations"."consent_at" is not null)),
	CONSTRAINT "recommendations_amount" CHECK ("recommendations"."amount_cents" is null or "recommendations"."amount_cents" between 1 and 1000000000),
	CONSTRAINT "recommendations_business" CHECK (("recommendations"."business_status" is null and "recommendations"."amount_cents" is null) or ("recommendations"."status" = 'won' and "recommendations"."amount_cents" is not null and "recommendations"."business_status" in ('declared', 'confirmed', 'disputed')))
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_status" CHECK ("testimonials"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "testimonials_not_self" CHECK ("testimonials"."author_id" <> "testimonials"."subject_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD CONSTRAINT "one_to_ones_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD CONSTRAINT "one_to_ones_partner_id_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_events" ADD CONSTRAINT "recommendation_events_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_events" ADD CONSTRAINT "recommendation_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_giver_id_user_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_receiver_id_user_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_giver_group_id_groups_id_fk" FOREIGN KEY ("giver_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_receiver_group_id_groups_id_fk" FOREIGN KEY ("receiver_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digests_once" ON "notification_digests" USING btree ("user_id","frequency","period");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_digest_due_idx" ON "notifications" USING btree ("email","user_id") WHERE emailed_at is null and email in ('daily', 'weekly');--> statement-breakpoint
CREATE INDEX "one_to_ones_requester_idx" ON "one_to_ones" USING btree ("requester_id","met_on");--> statement-breakpoint
CREATE INDEX "one_to_ones_partner_idx" ON "one_to_ones" USING btree ("partner_id","met_on");--> statement-breakpoint
CREATE INDEX "recommendation_events_rec_idx" ON "recommendation_events" USING btree ("recommendation_id","created_at");--> statement-breakpoint
CREATE INDEX "recommendations_giver_idx" ON "recommendations" USING btree ("giver_id","created_at");--> statement-breakpoint
CREATE INDEX "recommendations_receiver_idx" ON "recommendations" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "recommendations_giver_group_idx" ON "recommendations" USING btree ("giver_group_id","created_at");--> statement-breakpoint
CREATE INDEX "recommendations_created_idx" ON "recommendations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recommendations_reminder_due_idx" ON "recommendations" USING btree ("status_changed_at") WHERE status = 'received' and reminded_at is null;--> statement-breakpoint
CREATE INDEX "recommendations_contact_purge_idx" ON "recommendations" USING btree ("status_changed_at") WHERE contact_purged_at is null and kind = 'external';--> statement-breakpoint
CREATE UNIQUE INDEX "testimonials_one_per_author" ON "testimonials" USING btree ("author_id","subject_id");--> statement-breakpoint
CREATE INDEX "testimonials_subject_idx" ON "testimonials" USING btree ("subject_id","status","decided_at");