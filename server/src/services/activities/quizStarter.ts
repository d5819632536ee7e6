import type { Locale } from '../../i18n/locale';
import type { QuizQuestion } from './quiz';

/** Ready-made questions a host may launch as they are or edit first, in the host's language. */
const STARTER_QUESTIONS: Record<Locale, QuizQuestion[]> = {
  ru: [
    { prompt: 'Какая планета ближе всего к Солнцу?', type: 'multiple', options: ['Венера', 'Меркурий', 'Марс'], correctIndex: 1 },
    { prompt: 'Сколько минут в одном часе?', type: 'multiple', options: ['60', '100', '30'], correctIndex: 0 },
    { prompt: 'Какой океан самый большой?', type: 'multiple', options: ['Атлантический', 'Индийский', 'Тихий'], correctIndex: 2 },
    { prompt: 'Как называется столица Франции?', type: 'text', options: [], answer: 'Париж' },
  ],
  en: [
    { prompt: 'Which planet is closest to the Sun?', type: 'multiple', options: ['Venus', 'Mercury', 'Mars'], correctIndex: 1 },
    { prompt: 'How many minutes are there in an hour?', type: 'multiple', options: ['60', '100', '30'], correctIndex: 0 },
    { prompt: 'Which ocean is the largest?', type: 'multiple', options: ['Atlantic', 'Indian', 'Pacific'], correctIndex: 2 },
    { prompt: 'What is the capital of France?', type: 'text', options: [], answer: 'Paris' },
  ],
  fr: [
    {
      prompt: 'Quelle planète est la plus proche du Soleil ?',
      type: 'multiple',
      options: ['Vénus', 'Mercure', 'Mars'],
      correctIndex: 1,
    },
    { prompt: 'Combien de minutes y a-t-il dans une heure ?', type: 'multiple', options: ['60', '100', '30'], correctIndex: 0 },
    {
      prompt: 'Quel est le plus grand océan ?',
      type: 'multiple',
      options: ['Atlantique', 'Indien', 'Pacifique'],
      correctIndex: 2,
    },
    { prompt: 'Quelle est la capitale de la France ?', type: 'text', options: [], answer: 'Paris' },
  ],
};

export const quizStarterQuestions = (locale: Locale): QuizQuestion[] => STARTER_QUESTIONS[locale];
