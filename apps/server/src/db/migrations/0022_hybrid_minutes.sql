CREATE TABLE "meeting_minutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"corrected_by" text,
	"corrected_at" timestamp with time zone,
	CONSTRAINT "meeting_minutes_meeting_once" UNIQUE("meeting_id"),
	CONSTRAINT "meeting_minutes_version" CHECK ("meeting_minutes"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "meeting_attendance" DROP CONSTRAINT "meeting_attendance_status";--> statement-breakpoint
ALTER TABLE "meeting_attendance" DROP CONSTRAINT "meeting_attendance_source";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "visio_url" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "remote_counts_as_present" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "visio_url" text;--> statement-breakpoint
ALTER TABLE "meeting_minutes" ADD CONSTRAINT "meeting_minutes_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_minutes" ADD CONSTRAINT "meeting_minutes_corrected_by_user_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_status" CHECK ("meeting_attendance"."status" in ('present', 'absent', 'late', 'excused', 'substituted', 'remote'));--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_source" CHECK ("meeting_attendance"."source" in ('qr', 'secretary', 'connected'));