CREATE TABLE "member_quota_counters" (
	"user_id" text NOT NULL,
	"quota" text NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"hour_count" integer DEFAULT 0 NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"last_refused_at" timestamp with time zone,
	"lifted_until" timestamp with time zone,
	"lifted_by" text,
	CONSTRAINT "member_quota_counters_user_id_quota_pk" PRIMARY KEY("user_id","quota"),
	CONSTRAINT "member_quota_counters_counts" CHECK ("member_quota_counters"."hour_count" >= 0 and "member_quota_counters"."day_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_quota_counters" ADD CONSTRAINT "member_quota_counters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_quota_counters" ADD CONSTRAINT "member_quota_counters_lifted_by_user_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_quota_counters_refused_idx" ON "member_quota_counters" USING btree ("last_refused_at");