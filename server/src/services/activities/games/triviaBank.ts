import type { Locale } from '../../../i18n/locale';

export type TriviaQuestion = { prompt: string; options: string[]; correctIndex: number };

/** The starting trivia questions in the three languages (the same questions in each). */
const BANK: Record<Locale, TriviaQuestion[]> = {
  ru: [
    { prompt: 'Сколько континентов на Земле?', options: ['5', '6', '7', '8'], correctIndex: 2 },
    { prompt: 'Какой газ растения поглощают из воздуха?', options: ['Кислород', 'Углекислый газ', 'Азот'], correctIndex: 1 },
    { prompt: 'Кто написал «Войну и мир»?', options: ['Достоевский', 'Толстой', 'Чехов', 'Пушкин'], correctIndex: 1 },
    { prompt: 'Какая гора самая высокая в мире?', options: ['Эльбрус', 'Эверест', 'Килиманджаро'], correctIndex: 1 },
    { prompt: 'Сколько сторон у шестиугольника?', options: ['5', '6', '8'], correctIndex: 1 },
    { prompt: 'Какой химический символ у золота?', options: ['Ag', 'Au', 'Fe', 'Gd'], correctIndex: 1 },
    { prompt: 'В каком году человек впервые полетел в космос?', options: ['1957', '1961', '1969'], correctIndex: 1 },
    { prompt: 'Какое животное самое большое на Земле?', options: ['Слон', 'Синий кит', 'Жираф'], correctIndex: 1 },
  ],
  en: [
    { prompt: 'How many continents are there on Earth?', options: ['5', '6', '7', '8'], correctIndex: 2 },
    { prompt: 'Which gas do plants take from the air?', options: ['Oxygen', 'Carbon dioxide', 'Nitrogen'], correctIndex: 1 },
    { prompt: 'Who wrote “War and Peace”?', options: ['Dostoevsky', 'Tolstoy', 'Chekhov', 'Pushkin'], correctIndex: 1 },
    { prompt: 'Which is the highest mountain in the world?', options: ['Elbrus', 'Everest', 'Kilimanjaro'], correctIndex: 1 },
    { prompt: 'How many sides does a hexagon have?', options: ['5', '6', '8'], correctIndex: 1 },
    { prompt: 'What is the chemical symbol of gold?', options: ['Ag', 'Au', 'Fe', 'Gd'], correctIndex: 1 },
    { prompt: 'In which year did a human first fly to space?', options: ['1957', '1961', '1969'], correctIndex: 1 },
    { prompt: 'Which animal is the largest on Earth?', options: ['Elephant', 'Blue whale', 'Giraffe'], correctIndex: 1 },
  ],
  fr: [
    { prompt: 'Combien y a-t-il de continents sur Terre ?', options: ['5', '6', '7', '8'], correctIndex: 2 },
    {
      prompt: 'Quel gaz les plantes absorbent-elles dans l’air ?',
      options: ['Oxygène', 'Dioxyde de carbone', 'Azote'],
      correctIndex: 1,
    },
    { prompt: 'Qui a écrit « Guerre et Paix » ?', options: ['Dostoïevski', 'Tolstoï', 'Tchekhov', 'Pouchkine'], correctIndex: 1 },
    { prompt: 'Quelle est la plus haute montagne du monde ?', options: ['Elbrouz', 'Everest', 'Kilimandjaro'], correctIndex: 1 },
    { prompt: 'Combien de côtés a un hexagone ?', options: ['5', '6', '8'], correctIndex: 1 },
    { prompt: 'Quel est le symbole chimique de l’or ?', options: ['Ag', 'Au', 'Fe', 'Gd'], correctIndex: 1 },
    {
      prompt: 'En quelle année un humain a-t-il volé dans l’espace pour la première fois ?',
      options: ['1957', '1961', '1969'],
      correctIndex: 1,
    },
    { prompt: 'Quel est le plus grand animal sur Terre ?', options: ['Éléphant', 'Baleine bleue', 'Girafe'], correctIndex: 1 },
  ],
};

/** `count` questions of the bank in `locale`, in a random order. */
export function triviaQuestions(locale: Locale, count: number, random: () => number): TriviaQuestion[] {
  const pool = [...BANK[locale]];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}
