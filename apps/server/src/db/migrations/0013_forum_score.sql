CREATE TABLE "forum_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"group_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_categories_slug_format" CHECK ("forum_categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "forum_mentions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"post_id" uuid,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_moderation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"post_id" uuid,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_moderation_events_action" CHECK ("forum_moderation_events"."action" in ('hide', 'restore'))
);
--> statement-breakpoint
CREATE TABLE "forum_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('french'::regconfig, translate(body, 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ', 'aaaaaaceeeeiiiinooooouuuuyyoaAAAAAACEEEEIIIINOOOOOUUUUYYOA'))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_posts_hidden_reason" CHECK ("forum_posts"."hidden_at" is null or "forum_posts"."hidden_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "forum_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"post_id" uuid,
	"reporter_id" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_reports_status" CHECK ("forum_reports"."status" in ('open', 'hidden', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "forum_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"author_id" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"accepted_post_id" uuid,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french'::regconfig, translate(title, 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ', 'aaaaaaceeeeiiiinooooouuuuyyoaAAAAAACEEEEIIIINOOOOOUUUUYYOA')), 'A') || setweight(to_tsvector('french'::regconfig, translate(body, 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ', 'aaaaaaceeeeiiiinooooouuuuyyoaAAAAAACEEEEIIIINOOOOOUUUUYYOA')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topics_hidden_reason" CHECK ("forum_topics"."hidden_at" is null or "forum_topics"."hidden_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "member_scores" (
	"user_id" text PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"colour" text NOT NULL,
	"breakdown" jsonb NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"computed_on" date NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_scores_range" CHECK ("member_scores"."score" between 0 and 100),
	CONSTRAINT "member_scores_colour" CHECK ("member_scores"."colour" in ('green', 'orange', 'red', 'grey'))
);
--> statement-breakpoint
CREATE TABLE "score_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"members" integer
);
--> statement-breakpoint
ALTER TABLE "forum_categories" ADD CONSTRAINT "forum_categories_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_mentions" ADD CONSTRAINT "forum_mentions_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_mentions" ADD CONSTRAINT "forum_mentions_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_mentions" ADD CONSTRAINT "forum_mentions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_moderation_events" ADD CONSTRAINT "forum_moderation_events_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_moderation_events" ADD CONSTRAINT "forum_moderation_events_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_moderation_events" ADD CONSTRAINT "forum_moderation_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_hidden_by_user_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."forum_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_hidden_by_user_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_scores" ADD CONSTRAINT "member_scores_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_categories_slug" ON "forum_categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_categories_one_per_group" ON "forum_categories" USING btree ("group_id") WHERE group_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_mentions_once_in_topic" ON "forum_mentions" USING btree ("topic_id","user_id") WHERE post_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_mentions_once_in_post" ON "forum_mentions" USING btree ("post_id","user_id") WHERE post_id is not null;--> statement-breakpoint
CREATE INDEX "forum_mentions_user_idx" ON "forum_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_moderation_events_topic_idx" ON "forum_moderation_events" USING btree ("topic_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_posts_id_topic" ON "forum_posts" USING btree ("id","topic_id");--> statement-breakpoint
CREATE INDEX "forum_posts_topic_idx" ON "forum_posts" USING btree ("topic_id","created_at","id");--> statement-breakpoint
CREATE INDEX "forum_posts_author_idx" ON "forum_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_reports_once_topic" ON "forum_reports" USING btree ("topic_id","reporter_id") WHERE post_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_reports_once_post" ON "forum_reports" USING btree ("post_id","reporter_id") WHERE post_id is not null;--> statement-breakpoint
CREATE INDEX "forum_reports_open_idx" ON "forum_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "forum_topics_category_idx" ON "forum_topics" USING btree ("category_id","last_activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "forum_topics_author_idx" ON "forum_topics" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_topics_search_idx" ON "forum_topics" USING gin ("search");--> statement-breakpoint
CREATE INDEX "member_scores_score_idx" ON "member_scores" USING btree ("score");--> statement-breakpoint
-- The accepted answer is a reply of this very topic: after the (id, topic_id) key it points at.
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_accepted_post_fk" FOREIGN KEY ("accepted_post_id","id") REFERENCES "public"."forum_posts"("id","topic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The national categories the product starts with (admins rename, add, archive them).
INSERT INTO "forum_categories" ("slug", "name", "description", "position") VALUES
  ('entraide', 'Entraide', 'Une question, un besoin, un coup de main : les membres répondent.', 1),
  ('entrepreneuriat', 'Entrepreneuriat', 'Créer, développer et piloter son entreprise.', 2),
  ('outils', 'Outils', 'Logiciels, matériel et méthodes qui font gagner du temps.', 3),
  ('collaborations', 'Collaborations', 'Chercher un partenaire, monter un projet à plusieurs.', 4),
  ('reglementation', 'Réglementation', 'Obligations légales, fiscales et sociales des indépendants et des TPE.', 5),
  ('evenements', 'Événements', 'Avant et après les rencontres du réseau.', 6);--> statement-breakpoint
-- One category per group, seen by its members only (new groups get theirs when created).
INSERT INTO "forum_categories" ("slug", "name", "description", "group_id", "position")
  SELECT 'groupe-' || g.slug, g.name, 'L''espace d''échange réservé aux membres du groupe.', g.id, 100
    FROM "groups" g;
