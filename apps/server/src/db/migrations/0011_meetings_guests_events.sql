CREATE TABLE "absence_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"meeting_id" uuid NOT NULL,
	"absences" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_waitlist_status" CHECK ("event_waitlist"."status" in ('waiting', 'registered', 'left')),
	CONSTRAINT "event_waitlist_guests" CHECK ("event_waitlist"."guests" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"invited_by" text,
	"name" text,
	"email" text,
	"phone" text,
	"trade_id" uuid,
	"company" text,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"member_user_id" text,
	"last_meeting_at" timestamp with time zone NOT NULL,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guests_status" CHECK ("guests"."status" in ('invited', 'registered', 'came', 'followed_up', 'applicant', 'member', 'not_interested')),
	CONSTRAINT "guests_identity" CHECK ("guests"."purged_at" is not null or ("guests"."name" is not null and "guests"."email" is not null))
);
--> statement-breakpoint
CREATE TABLE "meeting_attendance" (
	"meeting_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"substitute_name" text,
	"checked_in_at" timestamp with time zone,
	"source" text NOT NULL,
	"recorded_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_attendance_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id"),
	CONSTRAINT "meeting_attendance_status" CHECK ("meeting_attendance"."status" in ('present', 'absent', 'late', 'excused', 'substituted')),
	CONSTRAINT "meeting_attendance_source" CHECK ("meeting_attendance"."source" in ('qr', 'secretary')),
	CONSTRAINT "meeting_attendance_substitute" CHECK (("meeting_attendance"."status" = 'substituted') = ("meeting_attendance"."substitute_name" is not null))
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"scheduled_on" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"change_message" text,
	"presenter_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_status" CHECK ("meetings"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "meetings_ends_after_start" CHECK ("meetings"."ends_at" > "meetings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "guests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_guests_per_registration" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "absence_alert_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_member_user_id_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_presenter_id_user_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absence_alerts_once" ON "absence_alerts" USING btree ("user_id","meeting_id");--> statement-breakpoint
CREATE INDEX "absence_alerts_group_idx" ON "absence_alerts" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_waitlist_one_place" ON "event_waitlist" USING btree ("event_id","user_id") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "event_waitlist_line_idx" ON "event_waitlist" USING btree ("event_id","created_at") WHERE status = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "guests_once_per_meeting" ON "guests" USING btree ("meeting_id",lower("email")) WHERE purged_at is null;--> statement-breakpoint
CREATE INDEX "guests_group_idx" ON "guests" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "guests_inviter_idx" ON "guests" USING btree ("invited_by","created_at");--> statement-breakpoint
CREATE INDEX "guests_purge_idx" ON "guests" USING btree ("last_meeting_at") WHERE purged_at is null and status <> 'member';--> statement-breakpoint
CREATE INDEX "meeting_attendance_user_idx" ON "meeting_attendance" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_once" ON "meetings" USING btree ("group_id","scheduled_on");--> statement-breakpoint
CREATE INDEX "meetings_group_starts_idx" ON "meetings" USING btree ("group_id","starts_at");--> statement-breakpoint
CREATE INDEX "meetings_starts_idx" ON "meetings" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_group_idx" ON "events" USING btree ("group_id","date") WHERE group_id is not null;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_guests" CHECK ("event_registrations"."guests" between 0 and 10);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_max_guests" CHECK ("events"."max_guests_per_registration" between 0 and 10);--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_absence_alert_threshold" CHECK ("groups"."absence_alert_threshold" between 1 and 26);