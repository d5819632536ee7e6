import type { Locale } from './locale';

/** Server texts of the landing page and its editor, in ru, en and fr. */
export const landingMessages = {
  'landing.defaultTitle': {
    ru: 'Добро пожаловать в LinkUp',
    en: 'Welcome to LinkUp',
    fr: 'Bienvenue sur LinkUp',
  },
  'landing.defaultSubtitle': {
    ru: 'Общение, видеозвонки и публикации в одном месте',
    en: 'Messages, video calls and publications in one place',
    fr: 'Messages, appels vidéo et publications au même endroit',
  },
  'landing.defaultCta': { ru: 'Начать', en: 'Start', fr: 'Commencer' },
  'landing.titleRequired': { ru: 'Введите заголовок', en: 'Enter a title', fr: 'Saisissez un titre' },
  'landing.invalidLink': {
    ru: 'Ссылка кнопки должна быть путём на сайте (например, /register) или адресом http(s)://',
    en: 'The button link must be a path on this site (such as /register) or an http(s):// address',
    fr: 'Le lien du bouton doit être un chemin du site (par exemple /register) ou une adresse http(s)://',
  },
  'landing.invalidHeroImage': {
    ru: 'Загрузите главное изображение заново: указанный файл не найден',
    en: 'Upload the hero image again: the given file was not found',
    fr: "Téléversez de nouveau l'image principale : le fichier indiqué est introuvable",
  },
  'landing.tooManyFeatures': {
    ru: 'Не более {max} преимуществ',
    en: 'At most {max} features',
    fr: '{max} atouts maximum',
  },
  'landing.saved': {
    ru: 'Стартовая страница сохранена!',
    en: 'Landing page saved!',
    fr: "Page d'accueil enregistrée !",
  },
  'landing.imageUploaded': {
    ru: 'Изображение загружено!',
    en: 'Image uploaded!',
    fr: 'Image téléversée !',
  },
} as const satisfies Record<string, Record<Locale, string>>;
