ALTER TABLE "profiles" ADD COLUMN "name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "profession_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "industry_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "skills_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "looking_for_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "offer_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rating_average" numeric GENERATED ALWAYS AS (case when rating_count > 0 then round(rating_sum::numeric / rating_count, 1) end) STORED;--> statement-breakpoint
CREATE INDEX "profiles_name_key_idx" ON "profiles" USING btree ("name_key","user_id");--> statement-breakpoint
CREATE INDEX "profiles_rating_idx" ON "profiles" USING btree ("rating_average" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"name_key","user_id");--> statement-breakpoint
CREATE INDEX "profiles_offer_keys_idx" ON "profiles" USING gin ("offer_keys");--> statement-breakpoint
CREATE INDEX "profiles_looking_for_keys_idx" ON "profiles" USING gin ("looking_for_keys");--> statement-breakpoint
-- Directory search keys (hand-written below the generated part). The member directory
-- (GET /api/members, apps/server/src/domain/directory.ts) sorts, searches and matches on folded
-- text: trimmed, lower case, without the accents of French. Folding on every row of every request
-- was the cost at 10,000 members (docs/performance.md, "Member directory"), so the folded forms are
-- stored on profiles and kept by the database itself, whatever writes (profile form, admin, seed,
-- tests' bulk inserts): a BEFORE trigger on profiles, one on "user" for the account's name (the
-- display name when the profile has no full name), and statement triggers on member_ratings for
-- the rating sum and count. PGlite has no unaccent extension: translate() maps the accented letters.
CREATE FUNCTION directory_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT lower(translate(value,
    'àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸ',
    'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy'))
$$;
--> statement-breakpoint
-- A term as synergy matching compares it: trimmed, folded; '' for none.
CREATE FUNCTION directory_term(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT directory_fold(btrim(coalesce(value, '')))
$$;
--> statement-breakpoint
-- A text[] of terms, folded, blanks dropped (order and repeats kept).
CREATE FUNCTION directory_terms(value text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array(SELECT directory_term(x) FROM unnest(value) WITH ORDINALITY AS u(x, n)
                         WHERE btrim(x) <> '' ORDER BY n), '{}'::text[])
$$;
--> statement-breakpoint
CREATE FUNCTION profiles_directory_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  display text := nullif(btrim(NEW.full_name), '');
BEGIN
  IF display IS NULL THEN
    SELECT u.name INTO display FROM "user" u WHERE u.id = NEW.user_id;
  END IF;
  NEW.name_key := coalesce(directory_fold(display), '');
  NEW.search_text := directory_fold(concat_ws(' ', display, NEW.company_name, NEW.profession, NEW.city,
                                              array_to_string(NEW.skills, ' ')));
  NEW.profession_key := directory_term(NEW.profession);
  NEW.industry_key := directory_term(NEW.industry);
  NEW.skills_keys := directory_terms(NEW.skills);
  NEW.looking_for_keys := directory_terms(NEW.looking_for);
  NEW.offer_keys := array(SELECT DISTINCT k FROM unnest(array[NEW.profession_key, NEW.industry_key] || NEW.skills_keys) AS k
                           WHERE k <> '' ORDER BY k);
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(sum(r.rating), 0), count(*) INTO NEW.rating_sum, NEW.rating_count
      FROM member_ratings r WHERE r.rated_id = NEW.user_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_directory_keys
BEFORE INSERT OR UPDATE OF full_name, company_name, profession, industry, city, skills, looking_for,
  name_key, search_text, profession_key, industry_key, skills_keys, looking_for_keys, offer_keys
ON profiles FOR EACH ROW EXECUTE FUNCTION profiles_directory_keys();
--> statement-breakpoint
-- The account's name is the display name of a profile without a full name: recompute its keys.
CREATE FUNCTION user_directory_name() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET full_name = full_name
   WHERE user_id = NEW.id AND nullif(btrim(full_name), '') IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_directory_name
AFTER UPDATE OF name ON "user" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION user_directory_name();
--> statement-breakpoint
-- Rating sum and count per rated member, one UPDATE per statement (bulk inserts stay fast). The
-- profile row is locked by the UPDATE, so concurrent ratings of one member add up correctly.
CREATE FUNCTION member_ratings_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE profiles SET rating_sum = 0, rating_count = 0 WHERE rating_count <> 0 OR rating_sum <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE profiles p SET rating_sum = p.rating_sum + d.s, rating_count = p.rating_count + d.c
      FROM (SELECT rated_id, sum(rating)::int AS s, count(*)::int AS c FROM new_rows GROUP BY rated_id) d
     WHERE p.user_id = d.rated_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE profiles p SET rating_sum = p.rating_sum - d.s, rating_count = p.rating_count - d.c
      FROM (SELECT rated_id, sum(rating)::int AS s, count(*)::int AS c FROM old_rows GROUP BY rated_id) d
     WHERE p.user_id = d.rated_id;
  ELSE
    UPDATE profiles p SET rating_sum = p.rating_sum + d.s, rating_count = p.rating_count + d.c
      FROM (SELECT rated_id, sum(s)::int AS s, sum(c)::int AS c
              FROM (SELECT rated_id, rating AS s, 1 AS c FROM new_rows
                    UNION ALL SELECT rated_id, -rating, -1 FROM old_rows) x
             GROUP BY rated_id HAVING sum(s) <> 0 OR sum(c) <> 0) d
     WHERE p.user_id = d.rated_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_ratings_totals_insert AFTER INSERT ON member_ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_ratings_totals();
--> statement-breakpoint
CREATE TRIGGER member_ratings_totals_update AFTER UPDATE ON member_ratings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_ratings_totals();
--> statement-breakpoint
CREATE TRIGGER member_ratings_totals_delete AFTER DELETE ON member_ratings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_ratings_totals();
--> statement-breakpoint
CREATE TRIGGER member_ratings_totals_truncate AFTER TRUNCATE ON member_ratings
FOR EACH STATEMENT EXECUTE FUNCTION member_ratings_totals();
--> statement-breakpoint
-- Backfill: the keys of existing profiles (the trigger recomputes them), then their ratings.
UPDATE profiles SET full_name = full_name;
--> statement-breakpoint
UPDATE profiles p SET rating_sum = r.s, rating_count = r.c
  FROM (SELECT rated_id, sum(rating)::int AS s, count(*)::int AS c FROM member_ratings GROUP BY rated_id) r
 WHERE p.user_id = r.rated_id;
--> statement-breakpoint
-- On PostgreSQL with pg_trgm available (a trusted extension), a trigram index serves the search's
-- LIKE '%word%'. PGlite does not ship it loaded: there the search reads search_text row by row.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXECUTE 'CREATE INDEX profiles_search_text_trgm_idx ON profiles USING gin (search_text gin_trgm_ops)';
  END IF;
EXCEPTION WHEN insufficient_privilege OR feature_not_supported OR undefined_file OR undefined_object THEN
  RAISE NOTICE 'pg_trgm unavailable, directory search without trigram index: %', SQLERRM;
END
$$;
