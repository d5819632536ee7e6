import type { Locale } from './locale';

/** Server texts of integrators' API keys (admin panel, "API management"), in ru, en and fr. */
export const apiKeyMessages = {
  'apiKeys.invalid': {
    ru: 'API-ключ недействителен или отозван',
    en: 'The API key is invalid or has been revoked',
    fr: "La clé d'API est invalide ou a été révoquée",
  },
  'apiKeys.rateLimited': {
    ru: 'Слишком много запросов с этим API-ключом. Попробуйте позже',
    en: 'Too many requests with this API key. Try again later',
    fr: "Trop de requêtes avec cette clé d'API. Réessayez plus tard",
  },
  'apiKeys.readOnly': {
    ru: 'У API-ключа нет права на изменения (нужна область write)',
    en: 'This API key may not make changes (the write scope is needed)',
    fr: "Cette clé d'API ne peut pas modifier de données (la portée write est nécessaire)",
  },
  'apiKeys.nameRequired': {
    ru: 'Введите название ключа',
    en: 'Enter a name for the key',
    fr: 'Saisissez un nom pour la clé',
  },
  'apiKeys.unknownScope': {
    ru: 'Неизвестная область доступа: допустимы read, write и admin',
    en: 'Unknown scope: read, write and admin are allowed',
    fr: 'Portée inconnue : read, write et admin sont admises',
  },
  'apiKeys.readOrWrite': {
    ru: 'Выберите область read или write',
    en: 'Choose the read or write scope',
    fr: 'Choisissez la portée read ou write',
  },
  'apiKeys.notFound': {
    ru: 'API-ключ не найден',
    en: 'API key not found',
    fr: "Clé d'API introuvable",
  },
  'apiKeys.sessionOnly': {
    ru: 'API-ключами управляют только из админ-панели, не с помощью API-ключа',
    en: 'API keys are managed from the admin panel only, not with an API key',
    fr: "Les clés d'API se gèrent depuis le panneau d'administration, pas avec une clé d'API",
  },
  'apiKeys.revoked': {
    ru: 'API-ключ отозван',
    en: 'API key revoked',
    fr: "Clé d'API révoquée",
  },
} as const satisfies Record<string, Record<Locale, string>>;
