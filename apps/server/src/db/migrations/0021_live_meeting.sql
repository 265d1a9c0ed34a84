CREATE TABLE "meeting_live" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"phase" text DEFAULT 'welcome' NOT NULL,
	"phase_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"speaker_index" integer DEFAULT 0 NOT NULL,
	"speaker_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"show_recommendations" boolean DEFAULT false NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "meeting_live_phase" CHECK ("meeting_live"."phase" in ('welcome', 'round', 'presentation', 'visitors', 'thanks', 'recommendations', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "meeting_live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "live_round_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "live_presentation_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "announce_business_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_live" ADD CONSTRAINT "meeting_live_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_live" ADD CONSTRAINT "meeting_live_speaker_id_user_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_live" ADD CONSTRAINT "meeting_live_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_live_events" ADD CONSTRAINT "meeting_live_events_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_live_events_meeting_idx" ON "meeting_live_events" USING btree ("meeting_id","id");--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_live_round_seconds" CHECK ("groups"."live_round_seconds" between 30 and 90);--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_live_presentation_minutes" CHECK ("groups"."live_presentation_minutes" between 1 and 60);