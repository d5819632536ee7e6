-- CreateTable
CREATE TABLE "trivia_questions" (
    "id" SERIAL NOT NULL,
    "locale" VARCHAR(2) NOT NULL,
    "prompt" VARCHAR(500) NOT NULL,
    "options" TEXT[],
    "correct_index" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "trivia_questions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "trivia_questions_locale_idx" ON "trivia_questions"("locale");

-- The starting bank: the same eight questions in each language.
INSERT INTO "trivia_questions" ("locale", "prompt", "options", "correct_index", "updated_at") VALUES
  ('ru', 'Сколько континентов на Земле?', ARRAY['5', '6', '7', '8'], 2, CURRENT_TIMESTAMP),
  ('ru', 'Какой газ растения поглощают из воздуха?', ARRAY['Кислород', 'Углекислый газ', 'Азот'], 1, CURRENT_TIMESTAMP),
  ('ru', 'Кто написал «Войну и мир»?', ARRAY['Достоевский', 'Толстой', 'Чехов', 'Пушкин'], 1, CURRENT_TIMESTAMP),
  ('ru', 'Какая гора самая высокая в мире?', ARRAY['Эльбрус', 'Эверест', 'Килиманджаро'], 1, CURRENT_TIMESTAMP),
  ('ru', 'Сколько сторон у шестиугольника?', ARRAY['5', '6', '8'], 1, CURRENT_TIMESTAMP),
  ('ru', 'Какой химический символ у золота?', ARRAY['Ag', 'Au', 'Fe', 'Gd'], 1, CURRENT_TIMESTAMP),
  ('ru', 'В каком году человек впервые полетел в космос?', ARRAY['1957', '1961', '1969'], 1, CURRENT_TIMESTAMP),
  ('ru', 'Какое животное самое большое на Земле?', ARRAY['Слон', 'Синий кит', 'Жираф'], 1, CURRENT_TIMESTAMP),
  ('en', 'How many continents are there on Earth?', ARRAY['5', '6', '7', '8'], 2, CURRENT_TIMESTAMP),
  ('en', 'Which gas do plants take from the air?', ARRAY['Oxygen', 'Carbon dioxide', 'Nitrogen'], 1, CURRENT_TIMESTAMP),
  ('en', 'Who wrote “War and Peace”?', ARRAY['Dostoevsky', 'Tolstoy', 'Chekhov', 'Pushkin'], 1, CURRENT_TIMESTAMP),
  ('en', 'Which is the highest mountain in the world?', ARRAY['Elbrus', 'Everest', 'Kilimanjaro'], 1, CURRENT_TIMESTAMP),
  ('en', 'How many sides does a hexagon have?', ARRAY['5', '6', '8'], 1, CURRENT_TIMESTAMP),
  ('en', 'What is the chemical symbol of gold?', ARRAY['Ag', 'Au', 'Fe', 'Gd'], 1, CURRENT_TIMESTAMP),
  ('en', 'In which year did a human first fly to space?', ARRAY['1957', '1961', '1969'], 1, CURRENT_TIMESTAMP),
  ('en', 'Which animal is the largest on Earth?', ARRAY['Elephant', 'Blue whale', 'Giraffe'], 1, CURRENT_TIMESTAMP),
  ('fr', 'Combien y a-t-il de continents sur Terre ?', ARRAY['5', '6', '7', '8'], 2, CURRENT_TIMESTAMP),
  ('fr', 'Quel gaz les plantes absorbent-elles dans l’air ?', ARRAY['Oxygène', 'Dioxyde de carbone', 'Azote'], 1, CURRENT_TIMESTAMP),
  ('fr', 'Qui a écrit « Guerre et Paix » ?', ARRAY['Dostoïevski', 'Tolstoï', 'Tchekhov', 'Pouchkine'], 1, CURRENT_TIMESTAMP),
  ('fr', 'Quelle est la plus haute montagne du monde ?', ARRAY['Elbrouz', 'Everest', 'Kilimandjaro'], 1, CURRENT_TIMESTAMP),
  ('fr', 'Combien de côtés a un hexagone ?', ARRAY['5', '6', '8'], 1, CURRENT_TIMESTAMP),
  ('fr', 'Quel est le symbole chimique de l’or ?', ARRAY['Ag', 'Au', 'Fe', 'Gd'], 1, CURRENT_TIMESTAMP),
  ('fr', 'En quelle année un humain a-t-il volé dans l’espace pour la première fois ?', ARRAY['1957', '1961', '1969'], 1, CURRENT_TIMESTAMP),
  ('fr', 'Quel est le plus grand animal sur Terre ?', ARRAY['Éléphant', 'Baleine bleue', 'Girafe'], 1, CURRENT_TIMESTAMP);
