-- The catalogue's labels with the apostrophe French writes (issue 31, docs/product/conventions.md:
-- `d’intérieur`, never `d'intérieur`), and a search that takes either: phones type one or the
-- other. directory_fold() now folds ’ to ', so a member typing `d'entreprise` finds `Conseiller en
-- création d’entreprise`, the catalogue's unique label key treats both as one, and the keys it
-- computes are rebuilt.
CREATE OR REPLACE FUNCTION directory_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT lower(translate(value,
    'àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸ’',
    'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy'''))
$$;
--> statement-breakpoint
REINDEX INDEX trades_label_key;
--> statement-breakpoint
-- The labels: every straight apostrophe becomes ’ (a label has no quotation marks) (the trade's members follow
-- through trades_rename_profiles).
UPDATE trades
   SET label = replace(label, '''', '’'),
       label_feminine = replace(label_feminine, '''', '’')
 WHERE position('''' in label) > 0 OR position('''' in coalesce(label_feminine, '')) > 0;
--> statement-breakpoint
-- Every member's keys again, folded the new way (names and companies with ’ included).
UPDATE profiles SET full_name = full_name;
