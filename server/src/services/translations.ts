import fs from 'node:fs/promises';
import path from 'node:path';
import PO from 'pofile';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Translation } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { LOCALES, type Locale } from '../i18n';
import { audited, type AuditActor } from './audit';
import { ValidationError, type FieldIssue } from './errors';

/**
 * Interface translations (spec section 7 "GET /translations", issue 15 point 8): every text of the
 * client, as its Lingui catalogs hold it (ru is the source, en and fr translations), and the
 * administrator's overrides kept in `translations`. A text's key is its Lingui message id, the key
 * of the compiled catalogs, so the client merges the overrides of its language into them as they are.
 *
 * The texts uploaded modules brought (`module_texts`, see services/modules.ts) join them while their
 * module is on: listed, overridden and reset like the client's own, and served to the client through
 * the same overrides (it has no catalog entry for them). A module switched off takes its texts and
 * their overrides out of both; the overrides stay stored and return with the module. Overrides are
 * kept by key, so they apply to whatever text holds the key.
 */

export type LocalizedTexts = Record<Locale, string>;
/** `module`: the name of the module whose package brought the text; null for the client's own. */
export type InterfaceText = { key: string; defaults: LocalizedTexts; module: string | null };

/** What `translations.value_*` may hold: a message in Lingui's ICU syntax. */
export const TRANSLATION_MAX_LENGTH = 2000;

const CATALOG_FILES = ['public.po', 'messages.po'];
/** Each language's column in `translations` (and in `module_texts`). */
export const COLUMN = { ru: 'valueRu', en: 'valueEn', fr: 'valueFr' } as const satisfies Record<Locale, keyof Translation>;

const catalogs = new Map<string, Promise<Map<string, InterfaceText>>>();

async function readCatalogs(localesDir: string): Promise<Map<string, InterfaceText>> {
  const texts = new Map<string, InterfaceText>();
  for (const locale of LOCALES) {
    for (const file of CATALOG_FILES) {
      const po = PO.parse(await fs.readFile(path.join(localesDir, locale, file), 'utf8'));
      for (const item of po.items) {
        if (item.obsolete || !item.msgid) continue;
        const key = generateMessageId(item.msgid, item.msgctxt ?? '');
        const text = texts.get(key) ?? { key, defaults: { ru: item.msgid, en: item.msgid, fr: item.msgid }, module: null };
        // An untranslated entry falls back like the client's catalogs do (fr to en, then the source).
        const value = item.msgstr[0] || (locale === 'fr' ? text.defaults.en : item.msgid);
        text.defaults[locale] = value;
        texts.set(key, text);
      }
    }
  }
  return texts;
}

/** The client's texts by key, read once per process (the catalogs change only with a new version). */
export function interfaceTexts(services: Pick<Services, 'config'>): Promise<Map<string, InterfaceText>> {
  const dir = services.config.localesDir;
  let texts = catalogs.get(dir);
  if (!texts) {
    texts = readCatalogs(dir);
    catalogs.set(dir, texts);
    texts.catch(() => catalogs.delete(dir));
  }
  return texts;
}

type ModuleTextRow = { key: string; valueRu: string; valueEn: string | null; valueFr: string | null };

/** A module's wording per language: fr falls back to en, then to ru, as the client's catalogs do. */
export const moduleTextDefaults = (row: ModuleTextRow): LocalizedTexts => ({
  ru: row.valueRu,
  en: row.valueEn ?? row.valueRu,
  fr: row.valueFr ?? row.valueEn ?? row.valueRu,
});

/** The texts of the switched-on modules, by module name then key. */
async function enabledModuleTexts(prisma: PrismaClient): Promise<InterfaceText[]> {
  const rows = await prisma.moduleText.findMany({
    where: { module: { status: 'active' } },
    select: { key: true, valueRu: true, valueEn: true, valueFr: true, module: { select: { name: true } } },
    orderBy: [{ module: { name: 'asc' } }, { key: 'asc' }],
  });
  return rows.map((row) => ({ key: row.key, defaults: moduleTextDefaults(row), module: row.module.name }));
}

/**
 * Every text an admin may change, in the order the tab lists them: the switched-on modules' (few,
 * and else lost behind the client's hundreds), then the client's. The client's text wins a shared key.
 */
export async function knownTexts(services: Pick<Services, 'config' | 'prisma'>): Promise<Map<string, InterfaceText>> {
  const [builtIn, modules] = await Promise.all([interfaceTexts(services), enabledModuleTexts(services.prisma)]);
  const texts = new Map<string, InterfaceText>();
  for (const text of modules) if (!builtIn.has(text.key)) texts.set(text.key, text);
  for (const [key, text] of builtIn) texts.set(key, text);
  return texts;
}

export type TranslationView = {
  key: string;
  module: string | null;
  /** What members see: the override where there is one, else the built-in text. */
  values: LocalizedTexts;
  defaults: LocalizedTexts;
  /** The languages with an override. */
  overridden: Locale[];
};

const viewOf = (text: InterfaceText, override: Translation | undefined): TranslationView => {
  const overridden = LOCALES.filter((locale) => override?.[COLUMN[locale]] != null);
  const values = { ...text.defaults };
  for (const locale of overridden) values[locale] = override![COLUMN[locale]]!;
  return { key: text.key, module: text.module, values, defaults: text.defaults, overridden };
};

/**
 * Every interface text as members see it (modules' first, then catalog order); with `search`, those
 * whose key, module name or any text contains it.
 */
export async function listTranslations(
  services: Pick<Services, 'config' | 'prisma'>,
  search?: string | null,
): Promise<TranslationView[]> {
  const [texts, overrides] = await Promise.all([knownTexts(services), services.prisma.translation.findMany()]);
  const byKey = new Map(overrides.map((row) => [row.key, row]));
  const views = [...texts.values()].map((text) => viewOf(text, byKey.get(text.key)));
  const query = search?.trim().toLocaleLowerCase();
  if (!query) return views;
  const matches = (text: string) => text.toLocaleLowerCase().includes(query);
  return views.filter(
    (view) =>
      matches(view.key) ||
      (view.module !== null && matches(view.module)) ||
      LOCALES.some((l) => matches(view.values[l]) || matches(view.defaults[l])),
  );
}

/** Stored texts are checked when written; one that slipped through (an older package) is shown as written, not fatal to the rest. */
function compileStored(message: string): CompiledMessage {
  try {
    return compileMessageOrThrow(message);
  } catch {
    return [message];
  }
}

/**
 * What the client merges into a language's catalog, compiled as its catalogs are (key -> message):
 * the switched-on modules' texts, then the administrator's overrides over them. The texts of a
 * switched-off module and their overrides are left out.
 */
export async function overridesFor(prisma: PrismaClient, locale: Locale): Promise<Record<string, CompiledMessage>> {
  const column = COLUMN[locale];
  const [modules, rows] = await Promise.all([
    prisma.moduleText.findMany({
      select: { key: true, valueRu: true, valueEn: true, valueFr: true, module: { select: { status: true } } },
    }),
    prisma.translation.findMany({ where: { [column]: { not: null } }, select: { key: true, [column]: true } }),
  ]);
  const served: Record<string, CompiledMessage> = {};
  const switchedOff = new Set<string>();
  for (const text of modules) {
    if (text.module.status === 'active') served[text.key] = compileStored(moduleTextDefaults(text)[locale]);
    else switchedOff.add(text.key);
  }
  for (const row of rows) {
    if (!switchedOff.has(row.key)) served[row.key] = compileStored((row as Record<string, string>)[column]);
  }
  return served;
}

/** The names a message substitutes (`{0}`, `{name}`, plural and select arguments), its tags' numbers aside. */
function placeholdersOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    into.add(name);
    if (format && typeof format === 'object') {
      for (const choice of Object.values(format)) if (Array.isArray(choice)) placeholdersOf(choice as CompiledMessage, into);
    }
  }
  return into;
}

/** Checks an override against its built-in text: it must parse and substitute only what the original does. */
function checkMessage(locale: Locale, value: string, text: InterfaceText): FieldIssue | null {
  const path = [`value_${locale}`];
  if (value.length > TRANSLATION_MAX_LENGTH) {
    return { path, messageKey: 'translations.tooLong', params: { max: TRANSLATION_MAX_LENGTH } };
  }
  let compiled: CompiledMessage;
  try {
    compiled = compileMessageOrThrow(value);
  } catch {
    return { path, messageKey: 'translations.invalidMessage' };
  }
  const allowed = placeholdersOf(compileStored(text.defaults.ru));
  const unknown = [...placeholdersOf(compiled)].filter((name) => !allowed.has(name));
  if (unknown.length === 0) return null;
  // Without any, "may only use these: —" would leave the admin guessing.
  if (allowed.size === 0) return { path, messageKey: 'translations.noPlaceholders' };
  const list = [...allowed].map((name) => `{${name}}`).join(', ');
  return { path, messageKey: 'translations.unknownPlaceholder', params: { allowed: list } };
}

async function knownText(services: Pick<Services, 'config' | 'prisma'>, key: string): Promise<InterfaceText> {
  const text = (await knownTexts(services)).get(key);
  if (!text) throw new ValidationError([{ path: ['key'], messageKey: 'translations.unknownKey', params: { key } }]);
  return text;
}

/** What an override changes per language: a text sets it, null or blank goes back to the built-in text, absent keeps it. */
export type TranslationChanges = Partial<Record<Locale, string | null>>;

/** An admin overrides a text in any of the languages (audited `translation.update`). */
export async function setTranslation(
  services: Services,
  actor: AuditActor,
  key: string,
  changes: TranslationChanges,
): Promise<TranslationView> {
  const text = await knownText(services, key);
  const issues: FieldIssue[] = [];
  const data: Partial<Record<(typeof COLUMN)[Locale], string | null>> = {};
  for (const locale of LOCALES) {
    const change = changes[locale];
    if (change === undefined) continue;
    // The built-in text itself is no override: it would hide later corrections of the catalog.
    const value = change === null || change.trim() === '' || change === text.defaults[locale] ? null : change;
    const issue = value === null ? null : checkMessage(locale, value, text);
    if (issue) issues.push(issue);
    data[COLUMN[locale]] = value;
  }
  if (issues.length) throw new ValidationError(issues);
  const row = await audited(
    services.prisma,
    { actor, action: 'translation.update', targetType: 'translation', targetId: key },
    async (tx) => {
      const before = await tx.translation.findUnique({ where: { key } });
      const merged = {
        valueRu: before?.valueRu ?? null,
        valueEn: before?.valueEn ?? null,
        valueFr: before?.valueFr ?? null,
        ...data,
      };
      const empty = merged.valueRu === null && merged.valueEn === null && merged.valueFr === null;
      let after: Translation | null = null;
      if (empty) await tx.translation.deleteMany({ where: { key } });
      else after = await tx.translation.upsert({ where: { key }, create: { key, ...merged }, update: merged });
      return { result: after, before: before && snapshot(before), after: after && snapshot(after) };
    },
  );
  return viewOf(text, row ?? undefined);
}

/** An admin goes back to the built-in text in every language (audited `translation.reset`). */
export async function resetTranslation(services: Services, actor: AuditActor, key: string): Promise<TranslationView> {
  const text = await knownText(services, key);
  await audited(services.prisma, { actor, action: 'translation.reset', targetType: 'translation', targetId: key }, async (tx) => {
    const before = await tx.translation.findUnique({ where: { key } });
    await tx.translation.deleteMany({ where: { key } });
    return { result: undefined, before: before && snapshot(before), after: null };
  });
  return viewOf(text, undefined);
}

const snapshot = (row: Translation) => ({ ru: row.valueRu, en: row.valueEn, fr: row.valueFr });
