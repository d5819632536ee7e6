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
} as const satisfies Record<string, Record<Locale, string>>;
