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
  'notification.mention': {
    ru: '{name} упомянул(а) вас',
    en: '{name} mentioned you',
    fr: '{name} vous a mentionné(e)',
  },
  'hashtag.invalid': {
    ru: 'Тег — это буквы, цифры и _ (до 64 символов)',
    en: 'A tag is letters, digits and _ (up to 64 characters)',
    fr: 'Un tag se compose de lettres, de chiffres et de _ (64 caractères au plus)',
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
