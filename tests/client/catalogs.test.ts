import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(import.meta.dirname, '../../client/src/locales');

type PoEntry = { msgid: string; context: string | null; msgstr: string; origins: string[] };

/** A message's key: its id, and its context when it has one (Lingui keeps them apart). */
const keyOf = (entry: Pick<PoEntry, 'msgid' | 'context'>) =>
  entry.context ? `${entry.context}\u0004${entry.msgid}` : entry.msgid;

/** A language's catalogs (client/lingui.config.ts): one message may be in both, with the origins of each. */
const CATALOGS = ['public.po', 'messages.po'];

/** The entries of a language, its catalogs merged: a message's origins are those of every catalog. */
function parseEntries(locale: string): PoEntry[] {
  const merged = new Map<string, PoEntry>();
  for (const entry of CATALOGS.flatMap((file) => parseCatalog(path.join(localesDir, locale, file)))) {
    const known = merged.get(keyOf(entry));
    if (known) known.origins.push(...entry.origins);
    else merged.set(keyOf(entry), entry);
  }
  return [...merged.values()];
}

/** The entries of a .po file (header and obsolete `#~` entries skipped; strings continued on following lines). */
function parseCatalog(file: string): PoEntry[] {
  const text = readFileSync(file, 'utf8');
  const entries: PoEntry[] = [];
  const unquote = (line: string) => JSON.parse(line.trim()) as string;
  let key: 'msgctxt' | 'msgid' | 'msgstr' | null = null;
  let current: PoEntry = { msgid: '', context: null, msgstr: '', origins: [] };
  const flush = () => {
    if (key === 'msgstr' && current.msgid !== '') entries.push(current);
    current = { msgid: '', context: null, msgstr: '', origins: [] };
    key = null;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#: ')) {
      if (key === 'msgstr') flush();
      current.origins.push(
        ...line
          .slice(3)
          .trim()
          .split(/\s+/)
          .map((origin) => origin.replace(/:\d+$/, '')),
      );
    } else if (line.startsWith('msgctxt ')) {
      if (key === 'msgstr') flush();
      key = 'msgctxt';
      current.context = unquote(line.slice(8));
    } else if (line.startsWith('msgid ')) {
      if (key === 'msgstr') flush();
      key = 'msgid';
      current.msgid = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      key = 'msgstr';
      current.msgstr = unquote(line.slice(7));
    } else if (line.startsWith('"') && key) {
      current[key === 'msgctxt' ? 'context' : key] += unquote(line);
    }
  }
  flush();
  return entries;
}

/** key (context and id) -> msgstr. */
const parsePo = (locale: string) => new Map(parseEntries(locale).map((entry) => [keyOf(entry), entry.msgstr]));

/** Where signing in and out happens: the sign-in screen and the account menu's "log out". */
const SIGN_IN_ORIGINS = [/^src\/features\/auth\//, /^src\/app\/frame\/Header\.tsx$/];

/**
 * Ids shared by the sign-in screens and other places that were reviewed to mean the same there
 * (form fields and their checks). Anything else shared needs a Lingui `context` on each use.
 */
const SAME_MEANING = new Set([
  'Имя',
  'Фамилия',
  'Имя пользователя',
  'Пароль',
  'Новый пароль',
  'Пароли не совпадают',
  'Пароль должен содержать не менее 6 символов',
  'Ошибка сервера. Попробуйте позже',
]);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  const source = parsePo('ru');

  it('has source messages', () => {
    expect(source.size).toBeGreaterThan(50);
  });

  it.each(['en', 'fr'])('%s translates every message of the source catalog', (locale) => {
    const catalog = parsePo(locale);
    expect([...catalog.keys()].sort()).toEqual([...source.keys()].sort());
    const untranslated = [...catalog].filter(([, msgstr]) => msgstr.trim() === '').map(([msgid]) => msgid);
    expect(untranslated).toEqual([]);
  });

  it.each(['en', 'fr'])('%s: no message id of the sign-in screen is reused for a different action', (locale) => {
    const signIn = (origin: string) => SIGN_IN_ORIGINS.some((pattern) => pattern.test(origin));
    const shared = parseEntries(locale)
      .filter((entry) => entry.context === null && !SAME_MEANING.has(entry.msgid))
      .filter((entry) => entry.origins.some(signIn) && !entry.origins.every(signIn))
      .map((entry) => `${entry.msgid} (${entry.origins.join(', ')})`);
    expect(shared).toEqual([]);
  });

  it.each([
    ['en', { Войти: ['Log in', 'Join'], Выйти: ['Log out', 'Leave'] }],
    ['fr', { Войти: ['Se connecter', 'Rejoindre'], Выйти: ['Se déconnecter', 'Quitter'] }],
  ] as const)('%s: signing in and out reads differently from joining and leaving a room', (locale, expected) => {
    const catalog = parsePo(locale);
    const read = (context: string, msgid: string) => catalog.get(keyOf({ context, msgid }));
    expect([read('sign in', 'Войти'), read('join a room', 'Войти')]).toEqual(expected.Войти);
    expect([read('sign out', 'Выйти'), read('leave a room', 'Выйти')]).toEqual(expected.Выйти);
  });

  it.each(['en', 'fr'])('%s keeps the placeholders and leaves no Cyrillic behind', (locale) => {
    for (const [msgid, msgstr] of parsePo(locale)) {
      expect(placeholders(msgstr), msgid).toEqual(placeholders(msgid));
      expect(/[а-яё]/i.test(msgstr), `${locale}: ${msgstr}`).toBe(false);
    }
  });
});
