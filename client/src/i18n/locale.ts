import { i18n, type Messages } from '@lingui/core'

export const LOCALES = ['ru', 'en', 'fr'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'ru'
export const LANGUAGE_STORAGE_KEY = 'language'

/** BCP 47 tags used for Intl formatting and the Accept-Language header. */
export const LOCALE_TAGS: Record<Locale, string> = {
  ru: 'ru-RU',
  en: 'en-US',
  fr: 'fr-FR',
}

/** Names of the languages in their own language, for the selector. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ru: 'Русский',
  en: 'English',
  fr: 'Français',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLocale(value) ? value : DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
}

const catalogLoaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../locales/ru/messages.po'),
  en: () => import('../locales/en/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
}

const loaded = new Set<Locale>()

/** Loads the compiled catalog of a locale (its own chunk) once and makes it the active one. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const { messages } = await catalogLoaders[locale]()
    i18n.load(locale, messages)
    loaded.add(locale)
  }
  i18n.activate(locale)
  document.documentElement.lang = locale
}

/** Activates, and remembers, the language chosen in the selector. */
export async function changeLocale(locale: Locale): Promise<void> {
  await activateLocale(locale)
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
