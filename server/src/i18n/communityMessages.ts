/** Server texts of communities (issue 21 point 3), in ru, en and fr. */
export const communityMessages = {
  'community.notFound': {
    ru: 'Сообщество не найдено',
    en: 'Community not found',
    fr: 'Communauté introuvable',
  },
  'community.nameLength': {
    ru: 'Название сообщества — от 2 до 100 символов',
    en: 'A community name is 2 to 100 characters long',
    fr: 'Le nom d’une communauté compte de 2 à 100 caractères',
  },
  'community.requestRequired': {
    ru: 'В это сообщество вступают по заявке: отправьте заявку на вступление',
    en: 'This community admits members by request: send a request to join',
    fr: 'Cette communauté admet ses membres sur demande : envoyez une demande d’adhésion',
  },
  'community.alreadyMember': {
    ru: 'Вы уже состоите в этом сообществе',
    en: 'You are already a member of this community',
    fr: 'Vous êtes déjà membre de cette communauté',
  },
  'community.notMember': {
    ru: 'Этот участник не состоит в сообществе',
    en: 'This person is not a member of the community',
    fr: 'Cette personne n’est pas membre de la communauté',
  },
  'community.membersOnly': {
    ru: 'Публиковать в сообществе могут только его участники',
    en: 'Only members of the community can publish in it',
    fr: 'Seuls les membres de la communauté peuvent y publier',
  },
  'community.moderatorsOnly': {
    ru: 'Это могут сделать только владелец и модераторы сообщества',
    en: 'Only the owner and moderators of the community can do this',
    fr: 'Seuls le propriétaire et les modérateurs de la communauté peuvent le faire',
  },
  'community.ownerOnly': {
    ru: 'Это может сделать только владелец сообщества',
    en: 'Only the owner of the community can do this',
    fr: 'Seul le propriétaire de la communauté peut le faire',
  },
  'community.ownerCannotLeave': {
    ru: 'Владелец не может покинуть сообщество: сначала передайте права владельца другому участнику или удалите сообщество',
    en: 'The owner cannot leave the community: hand ownership over to another member or delete the community first',
    fr: 'Le propriétaire ne peut pas quitter la communauté : transmettez d’abord la propriété à un autre membre ou supprimez la communauté',
  },
  'community.ownerNotRemovable': {
    ru: 'Владельца сообщества нельзя удалить или понизить',
    en: 'The owner of the community cannot be removed or demoted',
    fr: 'Le propriétaire de la communauté ne peut être ni retiré ni rétrogradé',
  },
  'community.requestNotFound': {
    ru: 'Заявка не найдена',
    en: 'Request not found',
    fr: 'Demande introuvable',
  },
  'notification.communityJoinRequest': {
    ru: '{name} хочет вступить в сообщество «{communityName}»',
    en: '{name} asks to join the community “{communityName}”',
    fr: '{name} demande à rejoindre la communauté « {communityName} »',
  },
  'notification.communityRequestApproved': {
    ru: 'Ваша заявка в сообщество «{communityName}» одобрена',
    en: 'Your request to join “{communityName}” was approved',
    fr: 'Votre demande d’adhésion à « {communityName} » a été acceptée',
  },
} as const;
