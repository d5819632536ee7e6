import type { Locale } from './locale';

/** Server texts of the admin settings tab (system settings, caches, the onboarding tour), in ru, en and fr. */
export const settingsMessages = {
  'settings.saved': {
    ru: 'Настройки успешно сохранены!',
    en: 'Settings saved successfully!',
    fr: 'Paramètres enregistrés avec succès !',
  },
  'settings.listRequired': {
    ru: 'Передайте список настроек: {settings: [{key, value}]}',
    en: 'Send the list of settings: {settings: [{key, value}]}',
    fr: 'Envoyez la liste des paramètres : {settings: [{key, value}]}',
  },
  'settings.unknownKey': {
    ru: 'Неизвестная настройка: {key}',
    en: 'Unknown setting: {key}',
    fr: 'Paramètre inconnu : {key}',
  },
  'settings.notBoolean': {
    ru: '{key}: значение должно быть true или false',
    en: '{key}: the value must be true or false',
    fr: '{key} : la valeur doit être true ou false',
  },
  'settings.integerOutOfRange': {
    ru: '{key}: введите целое число от {min} до {max}',
    en: '{key}: enter a whole number from {min} to {max}',
    fr: '{key} : saisissez un nombre entier de {min} à {max}',
  },
  'settings.unknownLanguage': {
    ru: '{key}: язык должен быть ru, en или fr',
    en: '{key}: the language must be ru, en or fr',
    fr: '{key} : la langue doit être ru, en ou fr',
  },
  'settings.required': {
    ru: '{key}: введите значение',
    en: '{key}: enter a value',
    fr: '{key} : saisissez une valeur',
  },
  'settings.tooLong': {
    ru: '{key}: слишком длинное значение',
    en: '{key}: the value is too long',
    fr: '{key} : la valeur est trop longue',
  },
  'settings.duplicateKey': {
    ru: 'Настройка {key} указана дважды',
    en: 'The setting {key} is given twice',
    fr: 'Le paramètre {key} est indiqué deux fois',
  },
  'auth.registrationClosed': {
    ru: 'Регистрация закрыта администратором',
    en: 'Registration has been closed by the administrator',
    fr: "Les inscriptions ont été fermées par l'administrateur",
  },
  'cache.unknownType': {
    ru: 'Неизвестный тип кэша: укажите translations, settings или media',
    en: 'Unknown cache type: use translations, settings or media',
    fr: 'Type de cache inconnu : utilisez translations, settings ou media',
  },
  'cache.cleared.translations': {
    ru: 'Кэш переводов очищен',
    en: 'Translations cache cleared',
    fr: 'Cache des traductions vidé',
  },
  'cache.cleared.settings': {
    ru: 'Кэш настроек очищен',
    en: 'Settings cache cleared',
    fr: 'Cache des paramètres vidé',
  },
  'cache.cleared.media': {
    ru: 'Кэш медиафайлов очищен',
    en: 'Media cache cleared',
    fr: 'Cache des médias vidé',
  },
  'cache.clearedAll': {
    ru: 'Весь кэш очищен',
    en: 'All caches cleared',
    fr: 'Tous les caches ont été vidés',
  },
  'tour.resetForAll': {
    ru: 'Тур сброшен для всех пользователей: он начнётся снова при следующем входе',
    en: 'The tour has been reset for everyone: it starts again at the next visit',
    fr: 'La visite guidée a été réinitialisée pour tous : elle reprendra à la prochaine visite',
  },
  // The descriptions of the settings the product knows (system and ZoomVisor), by key: shown in the
  // admin's language whatever the row stores (i18n settingDescription).
  'settingDescription.site_name': {
    ru: 'Название сайта (в шапке)',
    en: 'Site name (in the header)',
    fr: 'Nom du site (dans l’en-tête)',
  },
  'settingDescription.site_description': {
    ru: 'Описание сайта',
    en: 'Site description',
    fr: 'Description du site',
  },
  'settingDescription.default_language': {
    ru: 'Язык по умолчанию (ru, en, fr)',
    en: 'Default language (ru, en, fr)',
    fr: 'Langue par défaut (ru, en, fr)',
  },
  'settingDescription.registration_enabled': {
    ru: 'Регистрация открыта: любой может создать учётную запись (true/false)',
    en: 'Registration open: anyone may create an account (true/false)',
    fr: 'Inscription ouverte : tout le monde peut créer un compte (true/false)',
  },
  'settingDescription.max_upload_size_mb': {
    ru: 'Максимальный размер фото публикации или галереи, МБ',
    en: 'Largest photo in a publication or gallery, MB',
    fr: 'Taille maximale d’une photo de publication ou de galerie, Mo',
  },
  'settingDescription.max_video_upload_mb': {
    ru: 'Максимальный размер видео публикации или галереи, МБ',
    en: 'Largest video in a publication or gallery, MB',
    fr: 'Taille maximale d’une vidéo de publication ou de galerie, Mo',
  },
  'settingDescription.start_page_enabled': {
    ru: 'Стартовая страница: посетители без входа видят её по адресу / (true/false)',
    en: 'Start page: signed-out visitors see it at / (true/false)',
    fr: 'Page d’accueil : les visiteurs non connectés la voient à l’adresse / (true/false)',
  },
  'settingDescription.tour_enabled': {
    ru: 'Тур по сайту: участники видят его при первом входе (true/false)',
    en: 'Site tour: members see it on their first visit (true/false)',
    fr: 'Visite guidée : les membres la voient à leur première visite (true/false)',
  },
  'settingDescription.support_email': {
    ru: 'Адрес службы поддержки',
    en: 'Support email address',
    fr: 'Adresse e-mail de l’assistance',
  },
  'settingDescription.maintenance_mode': {
    ru: 'Режим обслуживания',
    en: 'Maintenance mode',
    fr: 'Mode maintenance',
  },
  'settingDescription.group_video_calls_enabled': {
    ru: 'Групповые видеозвонки включены',
    en: 'Group video calls enabled',
    fr: 'Appels vidéo de groupe activés',
  },
  'settingDescription.max_group_call_participants': {
    ru: 'Максимум участников группового звонка',
    en: 'Most participants in a group call',
    fr: 'Nombre maximal de participants à un appel de groupe',
  },
  'settingDescription.video_call_quality': {
    ru: 'Качество видео по умолчанию',
    en: 'Default video quality',
    fr: 'Qualité vidéo par défaut',
  },
} as const satisfies Record<string, Record<Locale, string>>;
