-- The directory's search finds a member by either form of her trade's label (issue 31,
-- docs/product/decisions.md "La recherche de l’annuaire et les formes féminines"): `avocate`,
-- `plombière`, `consultante` find the members of `Avocat`, `Plombier chauffagiste`, `Consultant`
-- (and `avocat` still finds them, as before). Both forms go into search_text for every member of
-- the trade, whatever form each member chose: the search looks for a trade, and a trade is one
-- thing under its two words. profiles.profession stays the plain label (0007's trigger), so
-- profession_key, the synergy terms and the profession filter are unchanged.
CREATE OR REPLACE FUNCTION profiles_directory_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  display text := nullif(btrim(NEW.full_name), '');
  feminine text;
BEGIN
  IF display IS NULL THEN
    SELECT u.name INTO display FROM "user" u WHERE u.id = NEW.user_id;
  END IF;
  IF NEW.trade_id IS NOT NULL THEN
    SELECT t.label_feminine INTO feminine FROM trades t WHERE t.id = NEW.trade_id;
  END IF;
  NEW.name_key := coalesce(directory_fold(display), '');
  NEW.search_text := directory_fold(concat_ws(' ', display, NEW.company_name, NEW.profession, feminine, NEW.city,
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
-- The keys follow the catalogue: a trade's label or feminine label written by an admin
-- (/admin/metiers) rewrites its members' profession, which recomputes their keys (one UPDATE of
-- the trade's members, whichever of the two changed, or both at once).
DROP TRIGGER trades_rename_profiles ON trades;
--> statement-breakpoint
CREATE TRIGGER trades_rename_profiles
AFTER UPDATE OF label, label_feminine ON trades
FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label OR OLD.label_feminine IS DISTINCT FROM NEW.label_feminine)
EXECUTE FUNCTION trades_rename_profiles();
--> statement-breakpoint
-- Backfill: the members of the trades that have a feminine label (0029).
UPDATE profiles SET trade_id = trade_id
 WHERE trade_id IN (SELECT id FROM trades WHERE label_feminine IS NOT NULL);
