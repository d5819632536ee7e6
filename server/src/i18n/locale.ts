/** The product's languages; its own module so that every message table can name it without importing another. */
export type Locale = 'ru' | 'en' | 'fr';
