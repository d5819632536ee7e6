import type { Module, Prisma } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { audited, type AuditActor } from './audit';
import { ConflictError, NotFoundError, ValidationError } from './errors';
import type { MessageKey } from '../i18n';
import { readModulePackage, type ModulePackage } from './modulePackages';
import { interfaceTexts } from './translations';

/**
 * CMS modules (spec section 2, "Modules"): cards an admin switches on and off, packages uploaded as
 * zips. The built-in ZoomVisor module is the meeting area: switched off, its fields refuse everyone
 * (see `moduleAccess` in auth/access.ts) and the client hides its entry points.
 */

/** Modules whose switch the server enforces, by the name of their row. */
export const GUARDED_MODULES = { zoomvisor: 'ZoomVisor' } as const;
export type GuardedModule = keyof typeof GUARDED_MODULES;

/** What a field of a switched-off module answers (403). */
export const GUARDED_MODULE_OFF: Record<GuardedModule, MessageKey> = { zoomvisor: 'modules.zoomvisorDisabled' };

/** Row fields of a module card (the package's stored name stays on the server). */
const CARD = { id: true, name: true, description: true, version: true, author: true, status: true, moduleType: true } as const;

/** On unless its row says inactive: an installation without the row (a fresh database) has it on. */
export async function moduleEnabled(prisma: PrismaClient, module: GuardedModule): Promise<boolean> {
  const row = await prisma.module.findUnique({ where: { name: GUARDED_MODULES[module] }, select: { status: true } });
  return row?.status !== 'inactive';
}

export const listModules = (prisma: PrismaClient) => prisma.module.findMany({ orderBy: { id: 'asc' } });

const moduleChange = (actor: AuditActor, targetId: number | string) => ({
  actor,
  action: 'module.toggle',
  targetType: 'module',
  targetId,
});

/** Switches a module card to the other state (PUT /modules/{id}/toggle); audited `module.toggle`. */
export async function toggleModule(services: Services, actor: AuditActor, moduleId: number): Promise<Module> {
  return audited(services.prisma, moduleChange(actor, moduleId), async (tx) => {
    const before = await tx.module.findUnique({ where: { id: moduleId }, select: CARD });
    if (!before) throw new NotFoundError('modules.notFound');
    const after = await tx.module.update({
      where: { id: moduleId },
      data: { status: before.status === 'active' ? 'inactive' : 'active' },
    });
    return { result: after, before, after: { status: after.status } };
  });
}

/** Sets a guarded module on or off, creating its row when the database has none; audited `module.toggle`. */
export async function setModuleEnabled(services: Services, actor: AuditActor, module: GuardedModule, enabled: boolean) {
  const name = GUARDED_MODULES[module];
  const status = enabled ? 'active' : 'inactive';
  return audited(services.prisma, moduleChange(actor, name), async (tx) => {
    const before = await tx.module.findUnique({ where: { name }, select: { status: true } });
    await tx.module.upsert({
      where: { name },
      create: {
        name,
        status,
        moduleType: 'video_calls',
        description: 'Видеозвонки, групповые комнаты, классы и календарь встреч',
      },
      update: { status },
    });
    return { result: enabled, before, after: { status } };
  });
}

/**
 * Installs an uploaded package (POST /modules/upload; audited `module.upload`): the package is
 * checked whole first (modulePackages.ts); only then is the zip kept on disk and the module row created
 * (switched off) with what it carries, in one transaction: a stylesheet and a template, both inactive
 * until an admin activates them, and texts of new keys (`module_texts`: listed in the translations tab
 * and served to members while the module is on). A refusal leaves nothing behind.
 */
export async function uploadModule(services: Services, actor: AuditActor, file: File | null | undefined): Promise<Module> {
  if (!file || typeof file.arrayBuffer !== 'function') {
    throw new ValidationError([{ path: ['file'], messageKey: 'upload.fileRequired' }]);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const carried = await readModulePackage(bytes, file.name);
  const builtIn = await interfaceTexts(services);
  const clash = Object.keys(carried.translations).find((key) => builtIn.has(key));
  if (clash) throw translationExists(clash);

  // Validated: the zip is kept; if the transaction below refuses or fails, it is removed again.
  const packageFile = await services.modulePackageStore.storeUpload(bytes, { extension: '.zip' });
  try {
    return await installModule(services, actor, packageFile, carried);
  } catch (error) {
    await services.modulePackageStore.remove([packageFile]);
    throw error;
  }
}

function installModule(
  services: Services,
  actor: AuditActor,
  packageFile: string,
  { manifest, stylesheet, template, translations }: ModulePackage,
): Promise<Module> {
  return audited(services.prisma, { actor, action: 'module.upload', targetType: 'module' }, async (tx) => {
    if (await tx.module.findUnique({ where: { name: manifest.name }, select: { id: true } })) {
      throw new ConflictError('file', 'modules.nameTaken');
    }
    await refuseExistingTranslations(tx, Object.keys(translations));
    const row = await tx.module.create({
      data: {
        name: manifest.name,
        version: manifest.version,
        description: manifest.description,
        author: manifest.author,
        moduleType: manifest.type,
        status: 'inactive',
        packageFile,
      },
    });
    if (stylesheet !== null) await tx.stylesheet.create({ data: { name: manifest.name, content: stylesheet } });
    if (template)
      await tx.template.create({ data: { name: manifest.name, templateType: template.type, content: template.content } });
    const texts = moduleTextRows(row.id, translations);
    if (texts.length > 0) await tx.moduleText.createMany({ data: texts });
    const carries = { stylesheet: stylesheet !== null, template: !!template, translations: texts.length };
    return { result: row, before: null, after: { ...manifest, ...carries }, targetId: row.id };
  });
}

/** The `module_texts` rows of a package's texts (legacyModuleTexts.ts moves older installs' texts the same way). */
export const moduleTextRows = (moduleId: number, translations: ModulePackage['translations']) =>
  Object.entries(translations).map(([key, value]) => ({
    moduleId,
    key,
    valueRu: value.ru,
    valueEn: value.en ?? null,
    valueFr: value.fr ?? null,
  }));

const translationExists = (key: string) =>
  new ValidationError([{ path: ['file'], messageKey: 'modules.translationExists', params: { key } }]);

/**
 * A package adds texts; it never replaces one that exists (an interface text, another module's, or a
 * stored override): replacing is the translations tab's work, done by an admin text by text. The
 * client's catalogs are checked before the transaction (uploadModule).
 */
async function refuseExistingTranslations(tx: Prisma.TransactionClient, keys: string[]) {
  if (keys.length === 0) return;
  const where = { key: { in: keys } };
  const taken =
    (await tx.moduleText.findFirst({ where, select: { key: true } })) ??
    (await tx.translation.findFirst({ where, select: { key: true } }));
  if (taken) throw translationExists(taken.key);
}
