-- The six event categories of spec section 9 exist after the first start, each with an image
-- shipped in the project (apps/web/public/images/event-categories). A migration runs once, so
-- a category an admin later deletes stays deleted.
INSERT INTO "event_categories" ("name", "image_url") VALUES
  ('Atelier', '/images/event-categories/atelier.svg'),
  ('Afterwork', '/images/event-categories/afterwork.svg'),
  ('Conférence', '/images/event-categories/conference.svg'),
  ('Forum', '/images/event-categories/forum.svg'),
  ('Réunion', '/images/event-categories/reunion.svg'),
  ('Lancement', '/images/event-categories/lancement.svg')
ON CONFLICT ("name") DO NOTHING;
