import type { Locale } from './locale';

/** Server texts of branding (logo, favicon, bottom logo) and interface translations, in ru, en and fr. */
export const brandingMessages = {
  'branding.tooLarge': {
    ru: 'Размер файла не должен превышать 15 МБ',
    en: 'The file must not exceed 15 MB',
    fr: 'Le fichier ne doit pas dépasser 15 Mo',
  },
  'branding.logoType': {
    ru: 'Поддерживаются только форматы: PNG, JPEG, SVG, WebP',
    en: 'Only these formats are supported: PNG, JPEG, SVG, WebP',
    fr: 'Seuls ces formats sont acceptés : PNG, JPEG, SVG, WebP',
  },
  'branding.faviconType': {
    ru: 'Поддерживаются только форматы: ICO, PNG, JPEG, GIF',
    en: 'Only these formats are supported: ICO, PNG, JPEG, GIF',
    fr: 'Seuls ces formats sont acceptés : ICO, PNG, JPEG, GIF',
  },
  'branding.logoRequired': {
    ru: 'Сначала выберите файл логотипа',
    en: 'Choose a logo file first',
    fr: "Choisissez d'abord un fichier de logo",
  },
  'branding.faviconRequired': {
    ru: 'Сначала выберите файл фавикона',
    en: 'Choose a favicon file first',
    fr: "Choisissez d'abord un fichier de favicon",
  },
  'branding.svgUnreadable': {
    ru: 'Файл SVG повреждён или не является изображением SVG',
    en: 'The SVG file is damaged or is not an SVG image',
    fr: "Le fichier SVG est endommagé ou n'est pas une image SVG",
  },
  'translations.unknownKey': {
    ru: 'Такого текста интерфейса нет: {key}',
    en: 'There is no interface text with this key: {key}',
    fr: "Aucun texte d'interface n'a cette clé : {key}",
  },
  'translations.invalidMessage': {
    ru: 'Текст не разобран: проверьте фигурные скобки',
    en: 'The text could not be read: check its curly braces',
    fr: 'Le texte est illisible : vérifiez ses accolades',
  },
  'translations.unknownPlaceholder': {
    ru: 'Текст может содержать только подстановки исходного текста: {allowed}',
    en: 'The text may only use the placeholders of the original text: {allowed}',
    fr: 'Le texte ne peut utiliser que les variables du texte original : {allowed}',
  },
  'translations.noPlaceholders': {
    ru: 'В исходном тексте нет подстановок: уберите из текста фигурные скобки',
    en: 'The original text has no placeholders: remove the curly braces from the text',
    fr: 'Le texte original n’a pas de variables : retirez les accolades du texte',
  },
  'translations.tooLong': {
    ru: 'Текст не должен быть длиннее {max} символов',
    en: 'The text must not be longer than {max} characters',
    fr: 'Le texte ne doit pas dépasser {max} caractères',
  },
  'translations.notText': {
    ru: 'Перевод должен быть текстом (или null, чтобы вернуть исходный текст)',
    en: 'The translation must be text (or null to go back to the built-in text)',
    fr: 'La traduction doit être un texte (ou null pour revenir au texte d’origine)',
  },
} as const satisfies Record<string, Record<Locale, string>>;
