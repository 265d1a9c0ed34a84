ALTER TABLE "groups" ADD COLUMN "visitor_follow_up" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "source" text DEFAULT 'invited' NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "thanked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "apply_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "guests_group_email_idx" ON "guests" USING btree ("group_id",lower("email")) WHERE purged_at is null;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_source" CHECK ("guests"."source" in ('invited', 'self'));