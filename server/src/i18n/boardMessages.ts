/** Server texts of the room's drawing board, in ru, en and fr. */
export const boardMessages = {
  'board.notInRoom': {
    ru: 'Присоединитесь к комнате, чтобы рисовать на доске',
    en: 'Join the room to draw on the board',
    fr: 'Rejoignez la salle pour dessiner sur le tableau',
  },
  'board.notPlayer': {
    ru: 'Рисовать могут участники активности: присоединитесь к ней',
    en: 'The activity’s players draw: join it first',
    fr: 'Les participants de l’activité dessinent : rejoignez-la d’abord',
  },
  'board.updateMalformed': {
    ru: 'Изменение доски повреждено и не принято',
    en: 'The board change is malformed and was not accepted',
    fr: 'La modification du tableau est invalide et n’a pas été acceptée',
  },
  'board.updateTooLarge': {
    ru: 'Изменение доски больше {max} КБ',
    en: 'The board change is larger than {max} KB',
    fr: 'La modification du tableau dépasse {max} Ko',
  },
  'board.strokeInvalid': {
    ru: 'Штрих не принят: неверные точки, цвет или толщина',
    en: 'Stroke refused: invalid points, colour or width',
    fr: 'Trait refusé : points, couleur ou épaisseur invalides',
  },
  'board.notYourStroke': {
    ru: 'Стирать и отменять можно только свои штрихи; очистить доску может ведущий',
    en: 'You can erase and undo only your own strokes; the host can clear the board',
    fr: 'Vous ne pouvez effacer et annuler que vos propres traits ; l’animateur peut vider le tableau',
  },
  'board.full': {
    ru: 'На доске уже {limit} штрихов: очистите её, чтобы продолжить',
    en: 'The board already holds {limit} strokes: clear it to go on',
    fr: 'Le tableau contient déjà {limit} traits : videz-le pour continuer',
  },
} as const;
