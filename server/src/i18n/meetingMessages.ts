import type { Locale } from './messages';

/** Server texts of the meeting area (classes, rooms, calls, room chat), in ru, en and fr. */
export const meetingMessages = {
  'meeting.className': {
    ru: 'Введите название класса',
    en: 'Enter a class name',
    fr: 'Saisissez le nom de la classe',
  },
  'meeting.roomName': {
    ru: 'Введите название комнаты',
    en: 'Enter a room name',
    fr: 'Saisissez le nom de la salle',
  },
  'meeting.maxRooms': {
    ru: 'Максимум комнат: от 1 до 20',
    en: 'Maximum rooms: from 1 to 20',
    fr: 'Nombre maximal de salles : de 1 à 20',
  },
  'meeting.maxParticipants': {
    ru: 'Максимум участников: от 2 до 100',
    en: 'Maximum participants: from 2 to 100',
    fr: 'Nombre maximal de participants : de 2 à 100',
  },
  'meeting.classNotFound': {
    ru: 'Класс не найден',
    en: 'Class not found',
    fr: 'Classe introuvable',
  },
  'meeting.roomNotFound': {
    ru: 'Комната не найдена или закрыта',
    en: 'The room does not exist or has been closed',
    fr: "La salle n'existe pas ou a été fermée",
  },
  'meeting.userNotFound': {
    ru: 'Пользователь не найден',
    en: 'User not found',
    fr: 'Utilisateur introuvable',
  },
  'meeting.notClassMember': {
    ru: 'Вы не участник этого класса',
    en: 'You are not a member of this class',
    fr: "Vous n'êtes pas membre de cette classe",
  },
  'meeting.classIsPrivate': {
    ru: 'Это закрытый класс: участников добавляют его администраторы',
    en: 'This class is private: its administrators add members',
    fr: 'Cette classe est privée : ses administrateurs ajoutent les membres',
  },
  'meeting.alreadyMember': {
    ru: 'Пользователь уже состоит в классе',
    en: 'This user is already a member of the class',
    fr: 'Cet utilisateur est déjà membre de la classe',
  },
  'meeting.createRoomAdminOnly': {
    ru: 'В этом классе комнаты создаёт только администратор класса',
    en: 'In this class only the class administrator creates rooms',
    fr: "Dans cette classe, seul l'administrateur de la classe crée des salles",
  },
  'meeting.createRoomGuest': {
    ru: 'Гости класса не могут создавать комнаты',
    en: 'Guests of a class cannot create rooms',
    fr: "Les invités d'une classe ne peuvent pas créer de salles",
  },
  'meeting.settingsForbidden': {
    ru: 'Настройки класса доступны только администраторам и модераторам класса',
    en: 'Only class administrators and moderators can open the class settings',
    fr: 'Seuls les administrateurs et modérateurs de la classe peuvent ouvrir ses paramètres',
  },
  'meeting.deleteRoomForbidden': {
    ru: 'Удалять комнаты могут только администраторы и модераторы класса',
    en: 'Only class administrators and moderators can delete rooms',
    fr: 'Seuls les administrateurs et modérateurs de la classe peuvent supprimer des salles',
  },
  'meeting.deleteOwnRoomOnly': {
    ru: 'Удалить эту комнату может только её создатель',
    en: 'Only the creator of this room can delete it',
    fr: 'Seul le créateur de cette salle peut la supprimer',
  },
  'meeting.deleteClassForbidden': {
    ru: 'Удалить класс может только его администратор',
    en: 'Only the class administrator can delete the class',
    fr: "Seul l'administrateur de la classe peut la supprimer",
  },
  'meeting.grantRoleForbidden': {
    ru: 'Назначать администраторов и модераторов и удалять их может только администратор класса',
    en: 'Only the class administrator can appoint or remove administrators and moderators',
    fr: "Seul l'administrateur de la classe peut nommer ou retirer des administrateurs et des modérateurs",
  },
  'meeting.lastAdmin': {
    ru: 'В классе должен остаться хотя бы один администратор',
    en: 'A class must keep at least one administrator',
    fr: 'Une classe doit garder au moins un administrateur',
  },
  'meeting.classRoomLimit': {
    ru: 'В классе уже создано максимальное число комнат: {limit}',
    en: 'The class already has its maximum number of rooms: {limit}',
    fr: 'La classe a déjà son nombre maximal de salles : {limit}',
  },
  'meeting.roomFull': {
    ru: 'Комната заполнена: в ней может быть не более {limit} участников',
    en: 'The room is full: it holds at most {limit} participants',
    fr: 'La salle est pleine : elle accueille au plus {limit} participants',
  },
  'meeting.meshLimit': {
    ru: 'В одном видеозвонке может быть не более {limit} участников: браузеры соединяются друг с другом напрямую',
    en: 'A call can have at most {limit} participants: browsers connect to each other directly',
    fr: 'Un appel peut réunir au plus {limit} participants : les navigateurs se connectent directement entre eux',
  },
  'meeting.planLimit': {
    ru: 'Тарифный план групповых звонков «{plan}» допускает не более {limit} участников',
    en: 'The "{plan}" group call plan allows at most {limit} participants',
    fr: "Le forfait d'appels de groupe « {plan} » autorise au plus {limit} participants",
  },
  'meeting.groupCallsDisabled': {
    ru: 'Групповые видеозвонки отключены администратором',
    en: 'Group video calls have been switched off by an administrator',
    fr: 'Les appels vidéo de groupe ont été désactivés par un administrateur',
  },
  'meeting.notInRoom': {
    ru: 'Вы не находитесь в этой комнате',
    en: 'You are not in this room',
    fr: "Vous n'êtes pas dans cette salle",
  },
  'meeting.peerNotInRoom': {
    ru: 'Этого участника нет в комнате',
    en: 'This participant is not in the room',
    fr: "Ce participant n'est pas dans la salle",
  },
  'meeting.signalTooLarge': {
    ru: 'Слишком большой служебный пакет звонка',
    en: 'The call signalling message is too large',
    fr: "Le message de signalisation de l'appel est trop volumineux",
  },
  'meeting.callSelf': {
    ru: 'Нельзя позвонить самому себе',
    en: 'You cannot call yourself',
    fr: 'Vous ne pouvez pas vous appeler vous-même',
  },
  'meeting.callNotContact': {
    ru: 'Позвонить можно только пользователю из ваших контактов',
    en: 'You can only call people in your contacts',
    fr: 'Vous ne pouvez appeler que vos contacts',
  },
  'meeting.callEnded': {
    ru: 'Звонок уже завершён',
    en: 'The call has already ended',
    fr: "L'appel est déjà terminé",
  },
  'meeting.chatEmpty': {
    ru: 'Введите сообщение',
    en: 'Enter a message',
    fr: 'Saisissez un message',
  },
  'meeting.voiceType': {
    ru: 'Голосовое сообщение должно быть записью WebM, Ogg или MP4',
    en: 'A voice message must be a WebM, Ogg or MP4 recording',
    fr: 'Un message vocal doit être un enregistrement WebM, Ogg ou MP4',
  },
  'meeting.voiceTooLarge': {
    ru: 'Голосовое сообщение слишком большое',
    en: 'The voice message is too large',
    fr: 'Le message vocal est trop volumineux',
  },
  'meeting.voiceDuration': {
    ru: 'Голосовое сообщение может длиться от 1 до {max} секунд',
    en: 'A voice message lasts from 1 to {max} seconds',
    fr: 'Un message vocal dure de 1 à {max} secondes',
  },
  'meeting.contactCardNoRecipients': {
    ru: 'Выберите хотя бы одного получателя',
    en: 'Choose at least one recipient',
    fr: 'Choisissez au moins un destinataire',
  },
  'meeting.contactCardRecipient': {
    ru: 'Получатель должен быть участником этой комнаты',
    en: 'Recipients must be members of this room',
    fr: 'Les destinataires doivent être membres de cette salle',
  },
  'meeting.contactCardNotContact': {
    ru: 'Поделиться можно только своим контактом или своей карточкой',
    en: 'You can only share one of your contacts or your own card',
    fr: "Vous ne pouvez partager qu'un de vos contacts ou votre propre fiche",
  },
} as const satisfies Record<string, Record<Locale, string>>;
