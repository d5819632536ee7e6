import type { Locale } from './locale';

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
    ru: 'В звонке может быть не более {limit} участников: медиасервер недоступен, и браузеры соединяются друг с другом напрямую',
    en: 'A call can have at most {limit} participants: the media server is unavailable, so browsers connect to each other directly',
    fr: "Un appel peut réunir au plus {limit} participants : le serveur média n'est pas disponible, les navigateurs se connectent donc directement entre eux",
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
  'recordings.planRequired': {
    ru: 'Ваш план «{plan}» не включает запись встреч; запись доступна с плана «{upgrade}»',
    en: 'Your "{plan}" plan does not include meeting recording; recording comes with the "{upgrade}" plan',
    fr: "Votre formule « {plan} » n'inclut pas l'enregistrement des réunions ; il est inclus à partir de la formule « {upgrade} »",
  },
  'recordings.alreadyRecording': {
    ru: 'Эта комната уже записывается',
    en: 'This room is already being recorded',
    fr: 'Cette salle est déjà en cours d’enregistrement',
  },
  'recordings.notFound': {
    ru: 'Запись не найдена',
    en: 'Recording not found',
    fr: 'Enregistrement introuvable',
  },
  'recordings.finished': {
    ru: 'Запись уже завершена',
    en: 'The recording has already ended',
    fr: "L'enregistrement est déjà terminé",
  },
  'recordings.chunkMissing': {
    ru: 'Не хватает предыдущей части записи; отправьте части по порядку',
    en: 'An earlier part of the recording is missing; send the parts in order',
    fr: "Une partie précédente de l'enregistrement manque ; envoyez les parties dans l'ordre",
  },
  'recordings.tooLarge': {
    ru: 'Запись «{name}» слишком большая (максимум {max}MB)',
    en: 'The recording "{name}" is too large (maximum {max}MB)',
    fr: "L'enregistrement « {name} » est trop volumineux (maximum {max} Mo)",
  },
  'recordings.notVideo': {
    ru: 'Запись должна быть видео WebM или MP4',
    en: 'A recording must be a WebM or MP4 video',
    fr: 'Un enregistrement doit être une vidéo WebM ou MP4',
  },
  'recordings.chunkRequired': {
    ru: 'Приложите часть записи (поле chunk)',
    en: 'Attach the part of the recording (field chunk)',
    fr: "Joignez la partie de l'enregistrement (champ chunk)",
  },
  'recordings.titleRequired': {
    ru: 'Введите название записи',
    en: 'Enter a title for the recording',
    fr: "Saisissez un titre pour l'enregistrement",
  },
  'recordings.ownOnly': {
    ru: 'Переименовать или удалить запись может только тот, кто её сделал',
    en: 'Only the member who made a recording can rename or delete it',
    fr: "Seul le membre qui a fait l'enregistrement peut le renommer ou le supprimer",
  },
  'roomFiles.notMember': {
    ru: 'Файлы комнаты доступны только её участникам',
    en: 'Only the members of the room can use its files',
    fr: 'Seuls les membres de la salle peuvent accéder à ses fichiers',
  },
  'roomFiles.metadata': {
    ru: 'Укажите комнату и имя файла',
    en: 'Give the room and the file name',
    fr: 'Indiquez la salle et le nom du fichier',
  },
  'roomFiles.lengthRequired': {
    ru: 'Размер файла должен быть известен до начала загрузки',
    en: 'The file size must be known before the upload starts',
    fr: 'La taille du fichier doit être connue avant le début du téléversement',
  },
  'roomFiles.type': {
    ru: 'Файл {name} нельзя загрузить: разрешены {types}',
    en: 'The file {name} cannot be uploaded: allowed types are {types}',
    fr: 'Le fichier {name} ne peut pas être téléversé : types autorisés {types}',
  },
  'roomFiles.content': {
    ru: 'Содержимое файла {name} не соответствует его типу',
    en: 'The content of the file {name} does not match its type',
    fr: 'Le contenu du fichier {name} ne correspond pas à son type',
  },
  'roomFiles.planWithoutStorage': {
    ru: 'Хранение файлов комнат не входит в тариф «{plan}»; оно доступно начиная с тарифа «{upgrade}»',
    en: 'Room file storage is not part of the {plan} plan; it comes with the {upgrade} plan and above',
    fr: "Le stockage des fichiers de salle ne fait pas partie de l'offre {plan} ; il est inclus à partir de l'offre {upgrade}",
  },
  'roomFiles.quotaExceeded': {
    ru: 'Файл {name} не помещается в хранилище тарифа «{plan}»: {max} МБ, занято {used} МБ',
    en: 'The file {name} does not fit in the storage of the {plan} plan: {max} MB, {used} MB used',
    fr: "Le fichier {name} ne tient pas dans le stockage de l'offre {plan} : {max} Mo, {used} Mo utilisés",
  },
  'roomFiles.notFound': {
    ru: 'Файл не найден',
    en: 'File not found',
    fr: 'Fichier introuvable',
  },
  'roomFiles.deleteForbidden': {
    ru: 'Удалить файл может только тот, кто его загрузил, или владелец комнаты',
    en: 'Only the person who uploaded the file or the owner of the room can delete it',
    fr: "Seul l'auteur du téléversement ou le propriétaire de la salle peut supprimer ce fichier",
  },
  'roomFiles.uploadNotFound': {
    ru: 'Загрузка не найдена',
    en: 'Upload not found',
    fr: 'Téléversement introuvable',
  },
} as const satisfies Record<string, Record<Locale, string>>;
