import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { z } from 'zod';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { FileTooLargeError, UnsupportedFileTypeError, ValidationError } from './errors';
import type { MessageKey } from '../i18n';
import { TEMPLATE_TYPES } from './templates';
import { TRANSLATION_MAX_LENGTH } from './translations';

/**
 * Reading an uploaded module package (a zip): its manifest `module.json` and the files the manifest
 * names (a stylesheet, a template, translations). Nothing in a package is ever executed or unpacked
 * to disk: the named text files are read into memory, everything else is only listed. yauzl reads
 * the central directory and refuses unsafe entry names (`../x`, `/abs`, `C:\x`) by itself.
 */

export const MODULE_MANIFEST = 'module.json';

/** The zip as uploaded. */
export const PACKAGE_MAX_BYTES = 5 * 1024 * 1024;
/** All entries unpacked, as the central directory declares them (yauzl checks each stream keeps to it). */
export const PACKAGE_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
export const PACKAGE_MAX_ENTRIES = 500;
/** Each file the manifest names (manifest, stylesheet, template, translations). */
const TEXT_FILE_MAX_BYTES = 1024 * 1024;

/** A path inside the package, as the manifest names it (forward slashes, no leading slash). */
const packagePath = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .transform((value) => value.replace(/^\.\//, ''));

export const manifestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  version: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[0-9A-Za-z.+-]+$/),
  description: z.string().trim().max(1000),
  author: z.string().trim().min(1).max(100),
  type: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[a-z][a-z0-9_-]*$/),
  stylesheet: packagePath.optional(),
  /** A template of one of the site's types (services/templates.ts); a landing layout unless it says `mail`. */
  template: z.object({ file: packagePath, type: z.enum(TEMPLATE_TYPES).default('landing') }).optional(),
  translations: packagePath.optional(),
});

export type ModuleManifest = z.output<typeof manifestSchema>;

/**
 * Translations file: `{ "<key>": { "ru": "...", "en": "...", "fr": "..." } }`, Russian required; each
 * text at most as long as an administrator's override of it may be (the translations tab).
 */
const moduleTextSchema = z.string().max(TRANSLATION_MAX_LENGTH);
const translationsSchema = z.record(
  z.string().trim().min(1).max(200),
  z.object({ ru: moduleTextSchema.min(1), en: moduleTextSchema.optional(), fr: moduleTextSchema.optional() }),
);

/** The key of the first text that is not a message in Lingui's syntax (an unclosed `{`), if any. */
function unreadableText(translations: z.output<typeof translationsSchema>): string | null {
  for (const [key, texts] of Object.entries(translations)) {
    for (const text of Object.values(texts)) {
      try {
        if (text) compileMessageOrThrow(text);
      } catch {
        return key;
      }
    }
  }
  return null;
}

export type ModulePackage = {
  manifest: ModuleManifest;
  stylesheet: string | null;
  template: { content: string; type: string } | null;
  translations: z.output<typeof translationsSchema>;
};

const refuse = (messageKey: MessageKey, params: Record<string, string | number> = {}) =>
  new ValidationError([{ path: ['file'], messageKey, params }]);

// yauzl's own texts for names validateFileName() refuses.
const UNSAFE_NAME = /^(invalid relative path|absolute path|invalid characters in fileName)/;

/** Every entry of the zip (names already checked by yauzl), or the first error yauzl meets. */
function listEntries(zip: ZipFile) {
  return new Promise<Entry[]>((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

async function readText(zip: ZipFile, entry: Entry) {
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Checks a package and reads what it carries, refusing (before anything is stored): not a zip, over
 * the size limits packed or unpacked (a zip bomb), too many entries, an unsafe entry name, no
 * manifest or an invalid one, a named file missing or unreadable.
 */
export async function readModulePackage(bytes: Uint8Array, fileName: string): Promise<ModulePackage> {
  if (bytes.byteLength > PACKAGE_MAX_BYTES) {
    throw new FileTooLargeError({ name: fileName, max: PACKAGE_MAX_BYTES / 1_048_576 }, 'modules.packageTooLarge');
  }
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch {
    throw new UnsupportedFileTypeError('modules.notZip', { name: fileName });
  }
  try {
    if (zip.entryCount > PACKAGE_MAX_ENTRIES) throw refuse('modules.tooManyEntries', { max: PACKAGE_MAX_ENTRIES });
    const entries = await listEntries(zip).catch((error: Error) => {
      const unsafe = UNSAFE_NAME.test(error.message);
      throw unsafe ? refuse('modules.unsafePath') : refuse('modules.corrupt');
    });
    const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (unpacked > PACKAGE_MAX_UNPACKED_BYTES) {
      throw new FileTooLargeError(
        { name: fileName, max: PACKAGE_MAX_UNPACKED_BYTES / 1_048_576 },
        'modules.packageUnpackedTooLarge',
      );
    }
    const byName = new Map(entries.filter((entry) => !entry.fileName.endsWith('/')).map((entry) => [entry.fileName, entry]));

    const text = async (name: string) => {
      const entry = byName.get(name);
      if (!entry) throw refuse('modules.fileMissing', { file: name });
      if (entry.uncompressedSize > TEXT_FILE_MAX_BYTES) throw refuse('modules.fileTooLarge', { file: name, max: 1 });
      return readText(zip, entry).catch(() => {
        throw refuse('modules.corrupt');
      });
    };
    const json = async (name: string) => {
      try {
        return JSON.parse(await text(name)) as unknown;
      } catch (error) {
        if (error instanceof ValidationError) throw error;
        throw refuse('modules.invalidJson', { file: name });
      }
    };

    if (!byName.has(MODULE_MANIFEST)) throw refuse('modules.manifestMissing', { file: MODULE_MANIFEST });
    const parsed = manifestSchema.safeParse(await json(MODULE_MANIFEST));
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? '';
      throw refuse('modules.manifestInvalid', { file: MODULE_MANIFEST, field });
    }
    const manifest = parsed.data;
    const translations = manifest.translations ? translationsSchema.safeParse(await json(manifest.translations)) : null;
    if (translations && !translations.success) {
      throw refuse('modules.translationsInvalid', { file: manifest.translations!, max: TRANSLATION_MAX_LENGTH });
    }
    const unreadable = translations ? unreadableText(translations.data) : null;
    if (unreadable) throw refuse('modules.translationUnreadable', { file: manifest.translations!, key: unreadable });
    return {
      manifest,
      stylesheet: manifest.stylesheet ? await text(manifest.stylesheet) : null,
      template: manifest.template ? { content: await text(manifest.template.file), type: manifest.template.type } : null,
      translations: translations?.data ?? {},
    };
  } finally {
    zip.close();
  }
}
