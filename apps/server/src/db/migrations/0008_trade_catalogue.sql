-- The trade catalogue (network-core §1): about 200 French trades in 15 families, owned by the
-- product; admins add, rename and merge trades afterwards (/admin/metiers).
-- TRADE_ROWS
-- The free `profession` of existing profiles: matched to the trade whose label is the same once
-- trimmed, lower-cased and without accents; otherwise kept as the specialty, and the member is
-- asked to pick their trade on their next visit (must_pick_trade).
UPDATE profiles p SET trade_id = t.id
  FROM trades t
 WHERE p.trade_id IS NULL AND p.profession IS NOT NULL
   AND directory_fold(btrim(p.profession)) = directory_fold(t.label);
--> statement-breakpoint
UPDATE profiles SET specialty = left(btrim(profession), 150), must_pick_trade = true
 WHERE trade_id IS NULL AND profession IS NOT NULL AND btrim(profession) <> '';
