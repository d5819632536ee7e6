import type { Locale } from './locale';

/** Server texts of the meeting area's shared activities (services/activities), in ru, en and fr. */
export const activityMessages = {
  'activities.quiz.name': { ru: 'Викторина', en: 'Quiz', fr: 'Quiz' },
  'activities.quiz.description': {
    ru: 'Вопросы с вариантами ответа или текстовым ответом, общий счёт для всех',
    en: 'Multiple-choice or text questions, one shared scoreboard',
    fr: 'Questions à choix multiple ou à réponse libre, un tableau des scores commun',
  },
  'activities.drawing.name': { ru: 'Совместное рисование', en: 'Collaborative drawing', fr: 'Dessin collaboratif' },
  'activities.drawing.description': {
    ru: 'Общая доска для рисования',
    en: 'A shared drawing board',
    fr: 'Un tableau de dessin partagé',
  },
  'activities.games.name': { ru: 'Мини-игры', en: 'Mini-games', fr: 'Mini-jeux' },
  'activities.games.description': {
    ru: 'Цепочка слов, угадай число, викторина, история из эмодзи',
    en: 'Word chain, guess the number, trivia, emoji story',
    fr: 'Chaîne de mots, devine le nombre, culture générale, histoire en émojis',
  },
  'activities.presentation.name': { ru: 'Презентация', en: 'Presentation', fr: 'Présentation' },
  'activities.presentation.description': {
    ru: 'Показ слайдов участникам комнаты',
    en: 'Show slides to the people in the room',
    fr: 'Montrer des diapositives aux personnes de la salle',
  },
  'activities.joinRoomFirst': {
    ru: 'Присоединитесь к комнате для запуска активности',
    en: 'Join a room to launch an activity',
    fr: 'Rejoignez une salle pour lancer une activité',
  },
  'activities.joinRoomToPlay': {
    ru: 'Присоединитесь к комнате, чтобы участвовать в активности',
    en: 'Join the room to take part in its activity',
    fr: 'Rejoignez la salle pour participer à son activité',
  },
  'activities.notBuilt': {
    ru: 'Эта активность скоро появится',
    en: 'This activity is coming soon',
    fr: 'Cette activité arrive bientôt',
  },
  'activities.alreadyRunning': {
    ru: 'В этой комнате уже идёт активность: сначала её нужно остановить',
    en: 'An activity is already running in this room: it has to be stopped first',
    fr: 'Une activité est déjà en cours dans cette salle : il faut d’abord l’arrêter',
  },
  'activities.full': {
    ru: 'В активности нет свободных мест: не более {limit} участников',
    en: 'The activity is full: at most {limit} participants',
    fr: 'L’activité est complète : {limit} participants au plus',
  },
  'activities.notFound': {
    ru: 'Активность не найдена или уже завершена',
    en: 'Activity not found or already over',
    fr: 'Activité introuvable ou déjà terminée',
  },
  'activities.hostOnly': {
    ru: 'Остановить активность может только ведущий',
    en: 'Only the host can stop the activity',
    fr: 'Seul l’animateur peut arrêter l’activité',
  },
  'activities.notPlayer': {
    ru: 'Присоединитесь к активности, чтобы отвечать',
    en: 'Join the activity to answer',
    fr: 'Rejoignez l’activité pour répondre',
  },
  'activities.wrongKind': {
    ru: 'Этот ход не подходит для этой активности',
    en: 'This move does not belong to this activity',
    fr: 'Ce coup ne correspond pas à cette activité',
  },
  'activities.timeUp': {
    ru: 'Время вышло: ответы больше не принимаются',
    en: 'Time is up: answers are no longer accepted',
    fr: 'Le temps est écoulé : les réponses ne sont plus acceptées',
  },
  'activities.quiz.alreadyAnswered': {
    ru: 'Вы уже ответили на этот вопрос',
    en: 'You have already answered this question',
    fr: 'Vous avez déjà répondu à cette question',
  },
  'activities.quiz.questionNotOpen': {
    ru: 'Сначала ответьте на предыдущие вопросы',
    en: 'Answer the previous questions first',
    fr: 'Répondez d’abord aux questions précédentes',
  },
  'activities.quiz.questions': {
    ru: 'Добавьте от 1 до 20 вопросов',
    en: 'Add from 1 to 20 questions',
    fr: 'Ajoutez de 1 à 20 questions',
  },
  'activities.quiz.prompt': {
    ru: 'Введите вопрос',
    en: 'Enter the question',
    fr: 'Saisissez la question',
  },
  'activities.quiz.options': {
    ru: 'Укажите от 2 до 6 вариантов ответа',
    en: 'Give from 2 to 6 options',
    fr: 'Indiquez de 2 à 6 options',
  },
  'activities.quiz.option': {
    ru: 'Вариант ответа не может быть пустым',
    en: 'An option cannot be empty',
    fr: 'Une option ne peut pas être vide',
  },
  'activities.quiz.correctIndex': {
    ru: 'Отметьте правильный вариант',
    en: 'Mark the correct option',
    fr: 'Indiquez la bonne option',
  },
  'activities.quiz.answer': {
    ru: 'Введите правильный ответ',
    en: 'Enter the correct answer',
    fr: 'Saisissez la bonne réponse',
  },
  'activities.quiz.choiceRequired': {
    ru: 'Выберите вариант ответа',
    en: 'Choose an option',
    fr: 'Choisissez une option',
  },
  'activities.quiz.textRequired': {
    ru: 'Введите ответ',
    en: 'Enter your answer',
    fr: 'Saisissez votre réponse',
  },
} as const satisfies Record<string, Record<Locale, string>>;
