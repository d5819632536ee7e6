import { i18n, type Messages } from '@lingui/core';

export const LOCALES = ['ru', 'en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
export const LANGUAGE_STORAGE_KEY = 'language';

/** BCP 47 tags used for Intl formatting and the Accept-Language header. */
export const LOCALE_TAGS: Record<Locale, string> = {
  ru: 'ru-RU',
  en: 'en-US',
  fr: 'fr-FR',
};

/** Names of the languages in their own language, for the selector. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ru: 'Русский',
  en: 'English',
  fr: 'Français',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * Each language's two compiled catalogs (see client/lingui.config.ts): `public` for what the login
 * page shows, `messages` for the signed-in area. Each is its own chunk.
 */
const catalogLoaders = {
  public: {
    ru: () => import('../locales/ru/public.po'),
    en: () => import('../locales/en/public.po'),
    fr: () => import('../locales/fr/public.po'),
  },
  messages: {
    ru: () => import('../locales/ru/messages.po'),
    en: () => import('../locales/en/messages.po'),
    fr: () => import('../locales/fr/messages.po'),
  },
} satisfies Record<string, Record<Locale, () => Promise<{ messages: Messages }>>>;
type Catalog = keyof typeof catalogLoaders;

/** Where the administrator's overrides of a language come from (set at start: see app/translationOverrides.ts). */
type OverridesLoader = (locale: Locale) => Promise<Messages>;
let overridesLoader: OverridesLoader | null = null;
const overrides = new Map<Locale, Promise<Messages>>();

export function setTranslationOverridesLoader(loader: OverridesLoader) {
  overridesLoader = loader;
}

/** A language's overrides, asked for once; a failure leaves the built-in texts. */
function overridesOf(locale: Locale): Promise<Messages> {
  let found = overrides.get(locale);
  if (!found) {
    found = overridesLoader ? overridesLoader(locale).catch(() => ({})) : Promise.resolve({});
    overrides.set(locale, found);
  }
  return found;
}

const loaded = new Set<string>();
/** Set once a signed-in page asked for its texts: a change of language then loads them too. */
let signedInTextsWanted = false;

async function loadCatalog(catalog: Catalog, locale: Locale) {
  const key = `${catalog}:${locale}`;
  if (loaded.has(key)) return;
  const [{ messages }, overridden] = await Promise.all([catalogLoaders[catalog][locale](), overridesOf(locale)]);
  i18n.load(locale, messages); // merges with the locale's other catalog
  // The administrator's texts win over the catalog's, whichever catalog loads last.
  i18n.load(locale, overridden);
  loaded.add(key);
}

/** Loads the catalogs a language needs so far (once each) and makes it the active one. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([loadCatalog('public', locale), signedInTextsWanted && loadCatalog('messages', locale)]);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** The signed-in area's texts in the active language; the loader of the signed-in routes awaits it. */
export async function loadSignedInTexts(): Promise<null> {
  signedInTextsWanted = true;
  const locale = currentLocale();
  await loadCatalog('messages', locale);
  // Loading merged new messages into the active language: make its components render them.
  i18n.activate(locale);
  return null;
}

/** Activates, and remembers, the language chosen in the selector. */
export async function changeLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
