/** Server texts of the mini-games (services/activities/games), in ru, en and fr. */
export const gameMessages = {
  'games.choose': {
    ru: 'Выберите игру: цепочка слов, угадай число, викторина или эмодзи-история',
    en: 'Choose a game: word chain, guess the number, trivia or emoji story',
    fr: 'Choisissez un jeu : chaîne de mots, devine le nombre, quiz ou histoire en émojis',
  },
  'games.notYourTurn': { ru: 'Сейчас не ваш ход', en: 'It is not your turn', fr: 'Ce n’est pas votre tour' },
  'games.finished': { ru: 'Игра уже закончилась', en: 'The game is over', fr: 'La partie est terminée' },
  'games.started': { ru: 'Игра уже началась', en: 'The game has already started', fr: 'La partie a déjà commencé' },
  'games.notStarted': {
    ru: 'Игра ещё не началась: ведущий начнёт её, когда соберутся игроки',
    en: 'The game has not started yet: the host starts it once the players are here',
    fr: 'La partie n’a pas encore commencé : l’animateur la lance quand les joueurs sont là',
  },
  'games.playerCount': {
    ru: 'Для этой игры нужно от {min} до {max} игроков',
    en: 'This game needs {min} to {max} players',
    fr: 'Ce jeu se joue de {min} à {max} joueurs',
  },
  'games.watching': {
    ru: 'Вы присоединились после начала игры и можете только смотреть',
    en: 'You joined after the game started and can only watch',
    fr: 'Vous êtes arrivé après le début de la partie et pouvez seulement regarder',
  },
  'games.wordChain.word': {
    ru: 'Введите одно слово из букв (от 2 до 30)',
    en: 'Enter one word of letters (2 to 30)',
    fr: 'Saisissez un seul mot de lettres (de 2 à 30)',
  },
  'games.wordChain.letter': {
    ru: 'Слово должно начинаться на букву «{letter}»',
    en: 'The word must start with the letter “{letter}”',
    fr: 'Le mot doit commencer par la lettre « {letter} »',
  },
  'games.wordChain.repeat': {
    ru: 'Это слово уже было',
    en: 'That word has already been said',
    fr: 'Ce mot a déjà été dit',
  },
  'games.guess.range': {
    ru: 'Назовите целое число от 1 до {max}',
    en: 'Name a whole number from 1 to {max}',
    fr: 'Donnez un nombre entier de 1 à {max}',
  },
  'games.emoji.only': {
    ru: 'Добавьте от 1 до {max} эмодзи, без букв и цифр',
    en: 'Add 1 to {max} emoji, no letters or digits',
    fr: 'Ajoutez de 1 à {max} émojis, sans lettres ni chiffres',
  },
  'games.trivia.roundOver': {
    ru: 'Время на этот вопрос вышло',
    en: 'Time for this question is up',
    fr: 'Le temps pour cette question est écoulé',
  },
  'games.trivia.answered': {
    ru: 'Вы уже ответили на этот вопрос',
    en: 'You have already answered this question',
    fr: 'Vous avez déjà répondu à cette question',
  },
  'games.trivia.notFound': { ru: 'Вопрос не найден', en: 'Question not found', fr: 'Question introuvable' },
  'games.trivia.locale': {
    ru: 'Выберите язык вопроса: ru, en или fr',
    en: 'Choose the question’s language: ru, en or fr',
    fr: 'Choisissez la langue de la question : ru, en ou fr',
  },
  'games.trivia.emptyBank': {
    ru: 'В банке викторины нет вопросов на этом языке',
    en: 'The trivia bank has no questions in this language',
    fr: 'La banque de questions n’a aucune question dans cette langue',
  },
} as const;
