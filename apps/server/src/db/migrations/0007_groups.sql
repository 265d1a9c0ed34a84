CREATE TABLE "group_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"trade_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"objection_period_ends_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decision_message" text,
	"override" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_applications_status" CHECK ("group_applications"."status" in ('pending', 'accepted', 'refused', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "group_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"subject_id" text,
	"subject_name" text,
	"trade_id" uuid,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"trade_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"role" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" text,
	CONSTRAINT "group_members_status" CHECK ("group_members"."status" in ('active', 'left', 'removed', 'lapsed')),
	CONSTRAINT "group_members_role" CHECK ("group_members"."role" is null or ("group_members"."role" in ('president', 'vice_president', 'secretary_treasurer') and "group_members"."status" = 'active'))
);
--> statement-breakpoint
CREATE TABLE "group_objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"department_code" text NOT NULL,
	"region" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meeting_place" text NOT NULL,
	"meeting_rhythm" text NOT NULL,
	"meeting_weekday" integer NOT NULL,
	"meeting_time" time NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_slug_unique" UNIQUE("slug"),
	CONSTRAINT "groups_member_limit" CHECK ("groups"."active_members" between 0 and 50),
	CONSTRAINT "groups_meeting_rhythm" CHECK ("groups"."meeting_rhythm" in ('weekly', 'biweekly', 'monthly')),
	CONSTRAINT "groups_meeting_weekday" CHECK ("groups"."meeting_weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "seat_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "seat_waitlist_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" uuid NOT NULL,
	"trade_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_waitlist_status" CHECK ("seat_waitlist"."status" in ('waiting', 'offered', 'accepted', 'declined', 'expired', 'left'))
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"family" text NOT NULL,
	"naf_code" text,
	"regulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_slug_unique" UNIQUE("slug"),
	CONSTRAINT "trades_naf_code_format" CHECK ("trades"."naf_code" is null or "trades"."naf_code" ~ '^[0-9]{2}[.][0-9]{2}[A-Z]$'),
	CONSTRAINT "trades_family" CHECK (family in ('batiment', 'immobilier', 'finance', 'droit-chiffre', 'sante', 'bien-etre', 'commerce', 'artisanat', 'conseil', 'numerique', 'communication', 'services-personne', 'transport', 'hotellerie-restauration', 'industrie'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "trade_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "specialty" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "must_pick_trade" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_history" ADD CONSTRAINT "group_history_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_history" ADD CONSTRAINT "group_history_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_history" ADD CONSTRAINT "group_history_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_history" ADD CONSTRAINT "group_history_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_ended_by_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_objections" ADD CONSTRAINT "group_objections_application_id_group_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."group_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_objections" ADD CONSTRAINT "group_objections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_waitlist" ADD CONSTRAINT "seat_waitlist_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_waitlist" ADD CONSTRAINT "seat_waitlist_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_waitlist" ADD CONSTRAINT "seat_waitlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_applications_one_pending" ON "group_applications" USING btree ("group_id","user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "group_applications_group_idx" ON "group_applications" USING btree ("group_id","status","created_at");--> statement-breakpoint
CREATE INDEX "group_applications_user_idx" ON "group_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_history_group_idx" ON "group_history" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_one_per_seat" ON "group_members" USING btree ("group_id","trade_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_one_home_group" ON "group_members" USING btree ("user_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_one_per_role" ON "group_members" USING btree ("group_id","role") WHERE status = 'active' and role is not null;--> statement-breakpoint
CREATE INDEX "group_members_group_idx" ON "group_members" USING btree ("group_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "group_objections_one_per_member" ON "group_objections" USING btree ("application_id","user_id");--> statement-breakpoint
CREATE INDEX "groups_place_idx" ON "groups" USING btree ("region","department_code","city");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_waitlist_one_place" ON "seat_waitlist" USING btree ("group_id","trade_id","user_id") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "seat_waitlist_one_offer" ON "seat_waitlist" USING btree ("group_id","trade_id") WHERE status = 'offered';--> statement-breakpoint
CREATE INDEX "seat_waitlist_line_idx" ON "seat_waitlist" USING btree ("group_id","trade_id","status","seq");--> statement-breakpoint
CREATE INDEX "seat_waitlist_user_idx" ON "seat_waitlist" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "seat_waitlist_offer_expiry_idx" ON "seat_waitlist" USING btree ("offer_expires_at") WHERE status = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "trades_label_key" ON "trades" USING btree (directory_fold("label"));--> statement-breakpoint
CREATE INDEX "trades_family_idx" ON "trades" USING btree ("family","label");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_trade_idx" ON "profiles" USING btree ("trade_id");--> statement-breakpoint
-- Network core (docs/product/network-core.md §1-2): the rules the database itself keeps.
-- groups.active_members follows group_members on every write, whoever writes (accepting an
-- application, an offer, a removal, an account deleted by cascade). Its check (0 to 50) refuses a
-- 51st member; the count's UPDATE takes the group's row lock, so concurrent acceptances into one
-- group wait for each other instead of all reading 49. Writers lock the group row first
-- (SELECT ... FOR UPDATE, domain/groups.ts) so two of them never wait on each other in turn.
CREATE FUNCTION group_members_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    UPDATE groups SET active_members = active_members - 1 WHERE id = OLD.group_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
    UPDATE groups SET active_members = active_members + 1 WHERE id = NEW.group_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_members_count
AFTER INSERT OR UPDATE OF status, group_id OR DELETE ON group_members
FOR EACH ROW EXECUTE FUNCTION group_members_count();
--> statement-breakpoint
-- profiles.profession is the trade's label whenever a trade is set, so the directory's search
-- and synergy keys (profiles_directory_keys, which runs after this trigger: BEFORE triggers fire
-- in name order) read one column. Named "profiles_0_..." to fire first.
CREATE FUNCTION profiles_trade_label() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.trade_id IS NOT NULL THEN
    NEW.profession := (SELECT label FROM trades WHERE id = NEW.trade_id);
    NEW.must_pick_trade := false;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_0_trade_label
BEFORE INSERT OR UPDATE ON profiles
FOR EACH ROW EXECUTE FUNCTION profiles_trade_label();
--> statement-breakpoint
-- A renamed trade renames the profession of its members (and so their directory keys).
CREATE FUNCTION trades_rename_profiles() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET profession = NEW.label WHERE trade_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trades_rename_profiles
AFTER UPDATE OF label ON trades
FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label)
EXECUTE FUNCTION trades_rename_profiles();
--> statement-breakpoint
-- The directory keys follow the trade too: an UPDATE setting only trade_id changes profession
-- through the trigger above, and a column-list trigger only sees the columns the UPDATE names.
DROP TRIGGER profiles_directory_keys ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_directory_keys
BEFORE INSERT OR UPDATE OF full_name, company_name, profession, industry, city, skills, looking_for,
  name_key, search_text, profession_key, industry_key, skills_keys, looking_for_keys, offer_keys, trade_id
ON profiles FOR EACH ROW EXECUTE FUNCTION profiles_directory_keys();
