import { currentLocale, LOCALE_TAGS, type Locale } from './locale';

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date in the format of the locale (ru-RU by default): 05.03.2024, 3/5/2024, 05/03/2024. */
export function formatDate(value: DateInput, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(LOCALE_TAGS[locale]).format(date) : '';
}

/** A date with hours and minutes, in the format of the locale. */
export function formatDateTime(value: DateInput, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);
}

/** Hours and minutes only (chat messages of today), in the format of the locale. */
export function formatTime(value: DateInput, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeStyle: 'short' }).format(date) : '';
}
