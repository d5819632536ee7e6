/** Server texts of the search box, in ru, en and fr. */
export const searchMessages = {
  'search.tooShort': {
    ru: 'Введите минимум 2 буквы или цифры для поиска',
    en: 'Enter at least 2 letters or digits to search',
    fr: 'Saisissez au moins 2 lettres ou chiffres pour rechercher',
  },
} as const;
