import type { Locale } from './locale';
import { messages, type MessageKey } from './messages';

export type { Locale, MessageKey };
export const LOCALES: readonly Locale[] = ['ru', 'en', 'fr'];
export const DEFAULT_LOCALE: Locale = 'ru';

/** A value that reads differently per language (an admin's text kept in ru, en and fr, such as a plan's name). */
export type LocalizedParam = Readonly<Record<Locale, string>>;
export type MessageParams = Record<string, string | number | LocalizedParam>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** Translates a server message; an unknown key is returned as is (it is already a text). */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  const template = isMessageKey(key) ? messages[key][locale] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

/**
 * A stored setting's description in `locale`: for a setting the product knows (a
 * `settingDescription.<key>` message) its own text, since the row keeps the one it was created with
 * (in Russian); for any other row (added by an administrator or an import), what the row stores.
 */
export function settingDescription(locale: Locale, key: string, stored: string | null): string | null {
  const messageKey = `settingDescription.${key}`;
  return isMessageKey(messageKey) ? messages[messageKey][locale] : stored;
}

/**
 * The language a request is answered in: the one the client names (the WebSocket connection's
 * `locale` parameter), else the best of its Accept-Language header, else ru. Every layer (HTTP,
 * GraphQL context, WebSocket) asks this function, so they always agree.
 */
export function resolveLocale(requested: unknown, acceptLanguage: string | null | undefined): Locale {
  return LOCALES.includes(requested as Locale) ? (requested as Locale) : negotiateLocale(acceptLanguage);
}

/** Picks ru, en or fr from an Accept-Language header (quality values respected), ru by default. */
function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] as Locale;
    if (LOCALES.includes(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The language of an HTTP request: the best of its Accept-Language header, else ru. */
export const localeOfRequest = (request: Request): Locale => resolveLocale(null, request.headers.get('accept-language'));
