import type { Locale } from './locale';

/** Server texts of the admin panel (users, dashboard, audit log, support), in ru, en and fr. */
export const adminMessages = {
  'admin.selfLockout': {
    ru: 'Нельзя отключить, понизить или удалить собственную учётную запись администратора',
    en: 'You cannot deactivate, demote or delete your own administrator account',
    fr: 'Vous ne pouvez pas désactiver, rétrograder ou supprimer votre propre compte administrateur',
  },
  'admin.userCreated': {
    ru: 'Пользователь успешно добавлен!',
    en: 'User successfully added!',
    fr: 'Utilisateur ajouté avec succès !',
  },
  'admin.userUpdated': {
    ru: 'Данные пользователя обновлены!',
    en: 'User data updated!',
    fr: "Données de l'utilisateur mises à jour !",
  },
  'admin.userDeleted': {
    ru: 'Пользователь удалён!',
    en: 'User deleted!',
    fr: 'Utilisateur supprimé !',
  },
  'support.subjectRequired': { ru: 'Введите тему обращения', en: 'Enter a subject', fr: 'Saisissez un objet' },
  'support.messageRequired': { ru: 'Введите текст сообщения', en: 'Enter your message', fr: 'Saisissez votre message' },
  'support.replyRequired': { ru: 'Введите текст ответа', en: 'Enter the reply', fr: 'Saisissez la réponse' },
  'support.notFound': {
    ru: 'Обращение не найдено',
    en: 'Support message not found',
    fr: 'Message au support introuvable',
  },
  'support.messageSent': {
    ru: 'Сообщение отправлено в поддержку!',
    en: 'Your message has been sent to support!',
    fr: 'Votre message a été envoyé au support !',
  },
  'support.replySent': { ru: 'Ответ отправлен!', en: 'Reply sent!', fr: 'Réponse envoyée !' },
  'notification.supportReply': {
    ru: 'Поддержка ответила на ваше обращение «{subject}»',
    en: 'Support replied to your message “{subject}”',
    fr: 'Le support a répondu à votre message « {subject} »',
  },
  'mail.supportReply.subject': {
    ru: 'Ответ поддержки LinkUp: {subject}',
    en: 'LinkUp support reply: {subject}',
    fr: 'Réponse du support LinkUp : {subject}',
  },
  'mail.supportReply.body': {
    ru: 'Здравствуйте, {name}!\n\nПоддержка ответила на ваше обращение «{subject}»:\n\n{reply}\n\nВсе ваши обращения и ответы — на странице «Поддержка» в LinkUp.\n\nКоманда LinkUp',
    en: 'Hello {name},\n\nSupport replied to your message “{subject}”:\n\n{reply}\n\nAll your messages and their replies are on the Support page of LinkUp.\n\nThe LinkUp team',
    fr: 'Bonjour {name},\n\nLe support a répondu à votre message « {subject} » :\n\n{reply}\n\nTous vos messages et leurs réponses sont sur la page Support de LinkUp.\n\nL’équipe LinkUp',
  },
  'media.notFound': {
    ru: 'Файл не найден',
    en: 'File not found',
    fr: 'Fichier introuvable',
  },
  'media.filenameInvalid': {
    ru: 'Имя файла не может содержать / или \\',
    en: 'A file name cannot contain / or \\',
    fr: 'Un nom de fichier ne peut pas contenir / ou \\',
  },
  'media.updated': {
    ru: 'Информация о файле обновлена!',
    en: 'File information updated!',
    fr: 'Informations du fichier mises à jour !',
  },
  'media.deleted': {
    ru: 'Файл удален!',
    en: 'File deleted!',
    fr: 'Fichier supprimé !',
  },
} as const satisfies Record<string, Record<Locale, string>>;
