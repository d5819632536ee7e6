import { readFile } from 'node:fs/promises';
import type { Services } from './container';
import { LOCALES, translate } from '../i18n';
import { AppError, ValidationError } from './errors';
import { readModulePackage, type ModulePackage } from './modulePackages';
import { moduleTextRows } from './modules';
import { COLUMN, interfaceTexts, moduleTextDefaults } from './translations';

type MoveServices = Pick<Services, 'prisma' | 'config' | 'log' | 'modulePackageStore'>;

/**
 * A one-time move, run at start (server.ts), of the texts packages brought before `module_texts`
 * existed (migration 20261129001357_module_texts). Those installs wrote a package's texts as rows of
 * `translations`, where they pass for an administrator's overrides: not shown as the module's texts
 * in the translations tab, deleted by a reset, and served while the module is off.
 *
 * Which rows a module brought only its stored zip says (an administrator may have changed one
 * since), so this is code, not SQL: migration 20261129021921_module_texts_in_translations marks the
 * modules to read (`texts_in_translations`), and a database with none marked costs one query here.
 * Each marked module, in its own transaction, gets its package's texts into `module_texts` as an
 * upload does now (modules.ts), and its rows of `translations` keep only what differs from those
 * texts: a row that is exactly the package's is removed, one an administrator changed stays as the
 * override of the changed languages. A package missing from the store or unreadable is logged and
 * its rows are left as they are; the module stays marked, so the move is tried again at the next
 * start (a package put back is picked up). Idempotent, and safe when two servers start at once.
 */
export async function moveLegacyModuleTexts(services: MoveServices): Promise<void> {
  const marked = await services.prisma.module.findMany({
    where: { textsInTranslations: true },
    select: { id: true, name: true, packageFile: true },
    orderBy: { id: 'asc' },
  });
  for (const module of marked) {
    const carried = await readStoredPackage(services, module);
    if (carried) await moveTexts(services, module, carried.translations);
  }
}

type MarkedModule = { id: number; name: string; packageFile: string | null };

/** The module's package as uploaded, or null (logged) when the store has none or cannot give a readable one. */
async function readStoredPackage(services: MoveServices, module: MarkedModule): Promise<ModulePackage | null> {
  const left = `module "${module.name}" (id ${module.id}): its texts stay as rows of translations until the next start`;
  try {
    const bytes = module.packageFile
      ? await services.modulePackageStore.withLocalCopy(module.packageFile, (file) => readFile(file))
      : null;
    if (!bytes) {
      services.log.warn(
        `${left}: its package ${module.packageFile ?? '(none)'} is not in ${services.modulePackageStore.location}`,
      );
      return null;
    }
    return await readModulePackage(bytes, module.packageFile!);
  } catch (error) {
    // The package's refusal as an upload would say it (a ValidationError's first issue); anything else whole.
    const refusal =
      error instanceof ValidationError
        ? translate('en', error.fieldErrors[0]!.messageKey, error.fieldErrors[0]!.params)
        : error instanceof AppError && translate('en', error.messageKey, error.params);
    if (refusal) services.log.warn(`${left}: its package ${module.packageFile} is refused: ${refusal}`);
    else services.log.warn(`${left}: its package ${module.packageFile} could not be read`, error);
    return null;
  }
}

async function moveTexts(services: MoveServices, module: MarkedModule, translations: ModulePackage['translations']) {
  // Uploads are refused such keys now; an older one took a client text's key, and its row is then an
  // override of that client text (the tab shows it so): it stays one.
  const clientTexts = await interfaceTexts(services);
  const texts = moduleTextRows(module.id, translations).filter((text) => !clientTexts.has(text.key));
  const moved = await services.prisma.$transaction(async (tx) => {
    // A key another module holds (or this one, from a move cut short) is not taken again.
    await tx.moduleText.createMany({ data: texts, skipDuplicates: true });
    const own = await tx.moduleText.findMany({
      where: { moduleId: module.id, key: { in: texts.map((text) => text.key) } },
      select: { key: true },
    });
    const defaults = new Map(texts.map((text) => [text.key, moduleTextDefaults(text)]));
    const rows = await tx.translation.findMany({ where: { key: { in: own.map((text) => text.key) } } });
    let removed = 0;
    for (const row of rows) {
      const original = defaults.get(row.key)!;
      // As the translations tab saves an override: a language set to the module's own text is none.
      const kept = { valueRu: row.valueRu, valueEn: row.valueEn, valueFr: row.valueFr };
      for (const locale of LOCALES) if (kept[COLUMN[locale]] === original[locale]) kept[COLUMN[locale]] = null;
      if (Object.values(kept).every((value) => value === null)) {
        await tx.translation.deleteMany({ where: { id: row.id } });
        removed += 1;
      } else {
        await tx.translation.updateMany({ where: { id: row.id }, data: kept });
      }
    }
    await tx.module.update({ where: { id: module.id }, data: { textsInTranslations: false } });
    return { texts: own.length, removed, overrides: rows.length - removed };
  });
  services.log.info(
    `module "${module.name}" (id ${module.id}): ${moved.texts} texts moved to module_texts, ` +
      `${moved.removed} rows of translations removed, ${moved.overrides} kept as overrides`,
  );
}
