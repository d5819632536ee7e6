import { z } from 'zod';
import type { Services } from './container';
import type { CacheRegistry } from './caches';
import type { PrismaClient } from '../db';
import { DEFAULT_LOCALE, LOCALES, settingDescription, type Locale, type MessageKey } from '../i18n';
import { audited, type AuditActor } from './audit';
import { ValidationError, type FieldIssue } from './errors';

/**
 * System settings (`SystemSetting` rows, spec section 2 "Admin panel: Settings"). The typed ones
 * below are the settings the code reads: each has its stored key, a schema that reads and checks
 * the stored text, and its value while none is stored. Rows with other keys (kept by other parts of
 * the admin panel) are listed and saved as plain text.
 */
type SettingDefinition<T> = {
  /** The stored key; its description is the `settingDescription.<key>` message (i18n settingDescription). */
  key: string;
  /** Reads the stored text; a refusal's message is a message key (`settings.*`). */
  schema: z.ZodType<T, string>;
  format: (value: T) => string;
  fallback: T;
};

const booleanSetting = (key: string, fallback: boolean): SettingDefinition<boolean> => ({
  key,
  schema: z
    .string()
    .trim()
    .toLowerCase()
    .refine((text) => text === 'true' || text === 'false', 'settings.notBoolean')
    .transform((text) => text === 'true'),
  format: (value) => (value ? 'true' : 'false'),
  fallback,
});

const integerSetting = (key: string, fallback: number, min: number, max: number): SettingDefinition<number> => ({
  key,
  schema: z
    .string()
    .trim()
    .refine((text) => /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max, {
      message: 'settings.integerOutOfRange',
      params: { min, max },
    })
    .transform(Number),
  format: String,
  fallback,
});

/** Each typed setting's value type. */
export type SettingValues = {
  siteName: string;
  defaultLanguage: Locale;
  registrationOpen: boolean;
  photoUploadMaxMb: number;
  videoUploadMaxMb: number;
  startPageEnabled: boolean;
  tourEnabled: boolean;
};

export const SYSTEM_SETTINGS: { readonly [N in keyof SettingValues]: SettingDefinition<SettingValues[N]> } = {
  siteName: {
    key: 'site_name',
    schema: z.string().trim().min(1, 'settings.required').max(100, 'settings.tooLong'),
    format: (value) => value,
    fallback: 'LinkUp',
  },
  defaultLanguage: {
    key: 'default_language',
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .refine((text): text is Locale => (LOCALES as readonly string[]).includes(text), 'settings.unknownLanguage')
      .transform((text) => text as Locale),
    format: (value) => value,
    fallback: 'ru',
  },
  registrationOpen: booleanSetting('registration_enabled', true),
  // Spec section 9: photos 10 MB; videos get the largest file limit the spec gives, 100 MB.
  photoUploadMaxMb: integerSetting('max_upload_size_mb', 10, 1, 100),
  videoUploadMaxMb: integerSetting('max_video_upload_mb', 100, 1, 1000),
  /** Whether visitors who are not signed in see the landing page at `/` (otherwise /login); the spec's default is on. */
  startPageEnabled: booleanSetting('start_page_enabled', true),
  tourEnabled: booleanSetting('tour_enabled', true),
};

export type SettingName = keyof SettingValues;
const SETTING_NAMES = Object.keys(SYSTEM_SETTINGS) as SettingName[];
const definitionByKey = new Map(SETTING_NAMES.map((name) => [SYSTEM_SETTINGS[name].key, SYSTEM_SETTINGS[name]]));

/** Longest value of a setting without a typed definition. */
const UNTYPED_MAX = 10_000;

type StoredRow = { value: string; description: string | null };

/**
 * The stored rows, read once per process and kept until a write (here or, through the cache
 * registry's broadcast, on another process) or an admin's "clear settings cache" drops them.
 */
export function createSettingsCache(caches: CacheRegistry) {
  let rows: Promise<Map<string, StoredRow>> | null = null;
  const drop = () => {
    rows = null;
  };
  caches.register('settings', drop);
  return {
    rows(prisma: PrismaClient): Promise<Map<string, StoredRow>> {
      rows ??= prisma.systemSetting
        .findMany({ select: { key: true, value: true, description: true } })
        .then((found) => new Map(found.map((row) => [row.key, { value: row.value, description: row.description }])));
      // A failed read is not kept: the next one tries again.
      rows.catch(drop);
      return rows;
    },
    /** Drops this process's copy now (the write's own answer must not read the old one). */
    drop,
  };
}
export type SettingsCache = ReturnType<typeof createSettingsCache>;

const readStored = <T>(definition: SettingDefinition<T>, row: StoredRow | undefined): T => {
  if (!row) return definition.fallback;
  const parsed = definition.schema.safeParse(row.value);
  return parsed.success ? parsed.data : definition.fallback;
};

/** The setting's value: the stored text read by its definition, or its fallback (also for a stored text it refuses). */
export async function readSetting<N extends SettingName>(services: Services, name: N): Promise<SettingValues[N]> {
  const rows = await services.settings.rows(services.prisma);
  const definition = SYSTEM_SETTINGS[name] as SettingDefinition<SettingValues[N]>;
  return readStored(definition, rows.get(definition.key));
}

export type SettingRow = { key: string; value: string; description: string | null; typed: boolean };

/** Every setting: the typed ones first (their value as stored, or their default), then the other stored rows by key. */
export async function listSettings(services: Services): Promise<SettingRow[]> {
  const rows = await services.settings.rows(services.prisma);
  const typed = SETTING_NAMES.map((name) => {
    const definition = SYSTEM_SETTINGS[name] as SettingDefinition<unknown>;
    const row = rows.get(definition.key);
    return {
      key: definition.key,
      value: definition.format(readStored(definition, row)),
      description: row?.description ?? null,
      typed: true,
    };
  });
  const others = [...rows.entries()]
    .filter(([key]) => !definitionByKey.has(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, row]) => ({ key, value: row.value, description: row.description, typed: false }));
  return [...typed, ...others];
}

export type SettingChange = { key: string; value: string };

/**
 * An administrator saves settings together: every value is checked first (an unknown key, a value
 * its type refuses), then all are written in one transaction with one audit entry, so nothing is
 * saved half-way. Other processes drop their cached copy through the cache registry.
 */
export async function saveSettings(services: Services, actor: AuditActor, changes: SettingChange[]): Promise<SettingRow[]> {
  const stored = await services.prisma.systemSetting.findMany({ select: { key: true } });
  const storedKeys = new Set(stored.map((row) => row.key));
  const issues: FieldIssue[] = [];
  const texts = new Map<string, { text: string; description: string | null }>();
  for (const { key, value } of changes) {
    if (texts.has(key) || issues.some((issue) => issue.path[1] === key)) {
      issues.push({ path: ['settings', key], messageKey: 'settings.duplicateKey', params: { key } });
      continue;
    }
    const definition = definitionByKey.get(key);
    if (!definition && !storedKeys.has(key)) {
      issues.push({ path: ['settings', key], messageKey: 'settings.unknownKey', params: { key } });
      continue;
    }
    if (!definition) {
      if (value.length > UNTYPED_MAX) issues.push({ path: ['settings', key], messageKey: 'settings.tooLong', params: { key } });
      else texts.set(key, { text: value, description: null });
      continue;
    }
    const parsed = (definition as SettingDefinition<unknown>).schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const params = 'params' in issue ? (issue.params as Record<string, number>) : {};
      issues.push({ path: ['settings', key], messageKey: issue.message as MessageKey, params: { ...params, key } });
      continue;
    }
    texts.set(key, {
      text: (definition as SettingDefinition<unknown>).format(parsed.data),
      description: settingDescription(DEFAULT_LOCALE, key, null),
    });
  }
  if (issues.length) throw new ValidationError(issues);

  await audited(services.prisma, { actor, action: 'setting.update', targetType: 'setting', targetId: null }, async (tx) => {
    const before = await tx.systemSetting.findMany({
      where: { key: { in: [...texts.keys()] } },
      select: { key: true, value: true },
    });
    for (const [key, { text, description }] of texts) {
      await tx.systemSetting.upsert({
        where: { key },
        create: { key, value: text, description },
        update: { value: text },
      });
    }
    return {
      result: null,
      before: Object.fromEntries(before.map((row) => [row.key, row.value])),
      after: Object.fromEntries([...texts].map(([key, { text }]) => [key, text])),
    };
  });
  await services.caches.clear(['settings']);
  return listSettings(services);
}

/** One typed setting changed on its own (the landing tab's start-page switch); the same checks and audit as a save. */
export async function writeSetting<N extends SettingName>(
  services: Services,
  actor: AuditActor,
  name: N,
  value: SettingValues[N],
): Promise<SettingValues[N]> {
  const definition = SYSTEM_SETTINGS[name] as SettingDefinition<SettingValues[N]>;
  await saveSettings(services, actor, [{ key: definition.key, value: definition.format(value) }]);
  return readSetting(services, name);
}
