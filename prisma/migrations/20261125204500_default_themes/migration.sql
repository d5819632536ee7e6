-- The site's two standard looks (admin "Themes" tab), so every database has a light and a dark
-- theme to choose from; the light one is active unless an admin already activated another.
INSERT INTO "themes" ("name", "description", "variables", "is_active", "updated_at")
VALUES
  ('Светлая', 'Светлый фон, синий акцент', '{"mode": "light", "accent": "blue"}',
    NOT EXISTS (SELECT 1 FROM "themes" WHERE "is_active"), CURRENT_TIMESTAMP),
  ('Тёмная', 'Тёмный фон, синий акцент', '{"mode": "dark", "accent": "blue"}', false, CURRENT_TIMESTAMP)
ON CONFLICT ("name") DO NOTHING;

-- Demo databases seeded before themes had a look kept colours no page read: give them the same looks.
UPDATE "themes" SET "variables" = '{"mode": "light", "accent": "blue"}'
  WHERE "name" = 'Светлая' AND NOT ("variables" ? 'mode');
UPDATE "themes" SET "variables" = '{"mode": "dark", "accent": "blue"}'
  WHERE "name" = 'Тёмная' AND NOT ("variables" ? 'mode');
