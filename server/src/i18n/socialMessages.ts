/** Server texts of the social area's follows and reactions, in ru, en and fr. */
export const socialMessages = {
  'follow.self': {
    ru: 'Нельзя подписаться на самого себя',
    en: 'You cannot follow yourself',
    fr: 'Vous ne pouvez pas vous abonner à vous-même',
  },
  'notification.newFollower': {
    ru: '{name} подписался на ваши публикации',
    en: '{name} started following your publications',
    fr: '{name} s’est abonné à vos publications',
  },
  'reactions.unknown': {
    ru: 'Такой реакции нет',
    en: 'There is no such reaction',
    fr: 'Cette réaction n’existe pas',
  },
  'reactions.messageNotFound': {
    ru: 'Сообщение не найдено',
    en: 'Message not found',
    fr: 'Message introuvable',
  },
} as const;
