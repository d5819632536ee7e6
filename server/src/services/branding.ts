import type { BrandingKind } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import type { MessageKey } from '../i18n';
import { isStoredName } from '../storage/fileStore';
import { detectFileType, type DetectedFileType } from '../storage/fileTypes';
import { looksLikeSvg, sanitizeSvg } from '../storage/svgSanitizer';
import { audited, type AuditActor } from './audit';
import { FileTooLargeError, UnsupportedFileTypeError, ValidationError } from './errors';
import { forgetStoredFiles, recordStoredFiles } from './mediaRegister';

/**
 * Branding (spec sections 2 "Branding", 4 "Logo/favicon upload", 5): the site logo, the favicon and
 * the bottom logo of the sign-in page. One image per kind (`branding_assets`), uploaded by admins,
 * read by every visitor; a new upload replaces the previous file.
 */

export const BRANDING_KINDS = ['logo', 'favicon', 'bottom_logo'] as const satisfies readonly BrandingKind[];

/** Where branding images are public: `/branding/<stored name>`. */
export const BRANDING_PATH = '/branding/';

export const brandingUrl = (filename: string) => `${BRANDING_PATH}${encodeURIComponent(filename)}`;

/** 15 MB for each of the three (spec section 5). */
export const BRANDING_MAX_BYTES = 15_728_640;

const SVG: DetectedFileType = { mime: 'image/svg+xml', extension: '.svg', kind: 'image' };
const ICO: DetectedFileType = { mime: 'image/x-icon', extension: '.ico', kind: 'image' };

type KindRules = { types: string[]; typeMessage: MessageKey; requiredMessage: MessageKey };

const LOGO: KindRules = {
  types: ['image/png', 'image/jpeg', SVG.mime, 'image/webp'],
  typeMessage: 'branding.logoType',
  requiredMessage: 'branding.logoRequired',
};

const RULES: Record<BrandingKind, KindRules> = {
  logo: LOGO,
  bottom_logo: LOGO,
  favicon: {
    types: [ICO.mime, 'image/png', 'image/jpeg', 'image/gif'],
    typeMessage: 'branding.faviconType',
    requiredMessage: 'branding.faviconRequired',
  },
};

/** What the bytes are: the common pictures by their signature, an icon by its header, SVG by its root element. */
function brandingTypeOf(bytes: Uint8Array): DetectedFileType | null {
  const detected = detectFileType(bytes);
  if (detected) return detected;
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (bytes.length >= 6 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0 && bytes[4] + bytes[5] > 0) {
    return ICO;
  }
  return looksLikeSvg(bytes) ? SVG : null;
}

export type Branding = Record<'logoUrl' | 'faviconUrl' | 'bottomLogoUrl', string | null>;

/** The current images' URLs; null where the default is used. */
export async function currentBranding(prisma: PrismaClient): Promise<Branding> {
  const assets = await prisma.brandingAsset.findMany({ select: { kind: true, filename: true } });
  const url = (kind: BrandingKind) => {
    const asset = assets.find((a) => a.kind === kind);
    return asset ? brandingUrl(asset.filename) : null;
  };
  return { logoUrl: url('logo'), faviconUrl: url('favicon'), bottomLogoUrl: url('bottom_logo') };
}

/**
 * Checks and stores an image for `kind` (audited `branding.upload`): size first, then the type from
 * the content, never the name or the browser's type; an SVG is rebuilt without anything active. The
 * previous image of the kind leaves storage and the media library. Answers the new URL.
 */
export async function uploadBrandingImage(
  services: Services,
  actor: AuditActor,
  kind: BrandingKind,
  file: File | null | undefined,
): Promise<string> {
  const rules = RULES[kind];
  if (!file || typeof file.arrayBuffer !== 'function' || file.size === 0) {
    throw new ValidationError([{ path: ['file'], messageKey: rules.requiredMessage }]);
  }
  const max = BRANDING_MAX_BYTES / 1_048_576;
  if (file.size > BRANDING_MAX_BYTES) throw new FileTooLargeError({ name: file.name, max }, 'branding.tooLarge');
  let bytes: Uint8Array = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > BRANDING_MAX_BYTES) throw new FileTooLargeError({ name: file.name, max }, 'branding.tooLarge');
  const type = brandingTypeOf(bytes);
  if (!type || !rules.types.includes(type.mime)) throw new UnsupportedFileTypeError(rules.typeMessage);
  if (type === SVG) {
    const clean = sanitizeSvg(bytes);
    if (!clean) throw new UnsupportedFileTypeError('branding.svgUnreadable');
    bytes = clean;
  }

  const store = services.brandingStore;
  const name = await store.storeUpload(bytes, type);
  let replaced: string | null = null;
  try {
    replaced = await audited(
      services.prisma,
      { actor, action: 'branding.upload', targetType: 'branding', targetId: kind },
      async (tx) => {
        const previous = await tx.brandingAsset.findUnique({ where: { kind } });
        const data = { filename: name, mimeType: type.mime, size: bytes.byteLength, uploadedById: actor.id };
        await tx.brandingAsset.upsert({ where: { kind }, create: { kind, ...data }, update: data });
        await forgetStoredFiles(tx, [previous?.filename]);
        // Listed in the media library like every stored file.
        await recordStoredFiles(tx, [
          {
            kind: 'branding',
            filename: name,
            originalName: file.name,
            mimeType: type.mime,
            size: bytes.byteLength,
            uploaderId: actor.id,
          },
        ]);
        return {
          result: previous?.filename ?? null,
          before: previous && { filename: previous.filename },
          after: { filename: name, originalName: file.name, size: bytes.byteLength },
        };
      },
    );
  } catch (error) {
    await store.remove([name]);
    throw error;
  }
  await store.remove([replaced]).catch((error) => services.log.warn(`could not delete the replaced ${kind} ${replaced}`, error));
  await publishBrandingChange(services);
  return brandingUrl(name);
}

/** Goes back to the default image for `kind` (audited `branding.delete`); nothing to delete is no error. */
export async function deleteBrandingImage(services: Services, actor: AuditActor, kind: BrandingKind): Promise<void> {
  const removed = await audited(
    services.prisma,
    { actor, action: 'branding.delete', targetType: 'branding', targetId: kind },
    async (tx) => {
      const previous = await tx.brandingAsset.findUnique({ where: { kind } });
      if (previous) {
        await tx.brandingAsset.delete({ where: { kind } });
        await forgetStoredFiles(tx, [previous.filename]);
      }
      return { result: previous?.filename ?? null, before: previous && { filename: previous.filename }, after: null };
    },
  );
  if (!removed) return;
  await services.brandingStore.remove([removed]);
  await publishBrandingChange(services);
}

/** Every open page (any process) learns that an image changed. */
export async function publishBrandingChange(services: Services): Promise<void> {
  services.pubsub.publish('branding:changed', {});
}

/** Answers GET/HEAD `/branding/<name>`; null for anything else. */
export async function serveBrandingImage(services: Services, request: Request, pathname: string): Promise<Response | null> {
  let name: string;
  try {
    name = decodeURIComponent(pathname.slice(BRANDING_PATH.length));
  } catch {
    return null;
  }
  return isStoredName(name) ? services.brandingStore.serve(request, name) : null;
}
