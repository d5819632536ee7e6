/** Server texts of the calendar (meeting area) and its iCalendar feed, in ru, en and fr. */
export const calendarMessages = {
  'calendar.title': {
    ru: 'Введите название события',
    en: 'Enter an event title',
    fr: "Saisissez le titre de l'événement",
  },
  'calendar.date': {
    ru: 'Дата должна быть в формате ГГГГ-ММ-ДД',
    en: 'The date must be in the YYYY-MM-DD format',
    fr: 'La date doit être au format AAAA-MM-JJ',
  },
  'calendar.dateRange': {
    ru: 'Дата события должна быть между 1900 и 2999 годом',
    en: 'The event date must be between the years 1900 and 2999',
    fr: "La date de l'événement doit être comprise entre 1900 et 2999",
  },
  'calendar.time': {
    ru: 'Время должно быть в формате ЧЧ:ММ',
    en: 'The time must be in the HH:MM format',
    fr: "L'heure doit être au format HH:MM",
  },
  'calendar.timeZone': {
    ru: 'Неизвестный часовой пояс',
    en: 'Unknown time zone',
    fr: 'Fuseau horaire inconnu',
  },
  'calendar.duration': {
    ru: 'Длительность: 30, 60, 90 или 120 минут',
    en: 'Duration: 30, 60, 90 or 120 minutes',
    fr: 'Durée : 30, 60, 90 ou 120 minutes',
  },
  'calendar.type': {
    ru: 'Тип события: встреча, презентация, задача или напоминание',
    en: 'Event type: meeting, presentation, task or reminder',
    fr: "Type d'événement : réunion, présentation, tâche ou rappel",
  },
  'calendar.participantNotContact': {
    ru: 'Пригласить можно только своих контактов',
    en: 'You can only invite your contacts',
    fr: 'Vous ne pouvez inviter que vos contacts',
  },
  'calendar.tooManyParticipants': {
    ru: 'Не больше 100 участников',
    en: 'At most 100 participants',
    fr: 'Au plus 100 participants',
  },
  'calendar.eventNotFound': {
    ru: 'Событие не найдено',
    en: 'Event not found',
    fr: 'Événement introuvable',
  },
  'calendar.organiserOnly': {
    ru: 'Изменять и удалять событие может только его организатор',
    en: 'Only the organiser can edit or delete this event',
    fr: "Seul l'organisateur peut modifier ou supprimer cet événement",
  },
  'calendar.notInvited': {
    ru: 'Вы не приглашены на это событие',
    en: 'You are not invited to this event',
    fr: "Vous n'êtes pas invité à cet événement",
  },
  'calendar.feedNotFound': {
    ru: 'Календарь не найден: ссылка неверна или синхронизация выключена',
    en: 'Calendar not found: the link is wrong or calendar sync is off',
    fr: 'Calendrier introuvable : le lien est erroné ou la synchronisation est désactivée',
  },
  'calendar.feedName': {
    ru: 'LinkUp: встречи',
    en: 'LinkUp: meetings',
    fr: 'LinkUp : réunions',
  },
  'calendar.joinRoom': {
    ru: 'Войти в комнату',
    en: 'Join the room',
    fr: 'Rejoindre la salle',
  },
  'calendar.reminder': {
    ru: 'Скоро начнётся: {title}',
    en: 'Starting soon: {title}',
    fr: 'Bientôt : {title}',
  },
  'notification.calendarInvitation': {
    ru: '{name} приглашает вас на событие',
    en: '{name} invites you to an event',
    fr: '{name} vous invite à un événement',
  },
} as const;
